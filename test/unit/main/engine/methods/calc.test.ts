import { describe, expect, it } from 'vitest';
import {
  bonniePhaseRate,
  kibPerSec,
  latencyStats,
  mbPerSec,
  measurement,
  mibPerSec,
  overallProgress,
  overheadCorrectedRate,
  roundSig,
  seekerFigures,
  testRemaining,
} from '../../../../../src/main/engine/methods/calc';

const MiB = 1024 * 1024;

describe('rates in each tool’s units (checked against the seeds’ published figures)', () => {
  it('hdparm "MB" are MiB: 220 MB in 3.01 s = 73.08 MB/sec (seed 000)', () => {
    expect(mibPerSec(220 * MiB, 3.01)).toBeCloseTo(73.09, 1);
    expect(mibPerSec(322 * MiB, 3.01)).toBeCloseTo(107.0, 0); // seed 004: 107.12 with unrounded time
  });
  it('dd MB/s are 10^6: 2048000000 bytes in 32.5028 s = 63.0 MB/s (seed 004)', () => {
    expect(mbPerSec(2_048_000_000, 32.5028)).toBeCloseTo(63.01, 2);
    expect(mbPerSec(2_048_000_000, 19.4599)).toBeCloseTo(105.2, 1);
  });
  it('bonnie++/iozone K/sec are KiB/s', () => {
    expect(kibPerSec(256 * MiB, 1)).toBe(262144);
  });
});

describe('hdparm -T overhead subtraction', () => {
  it('subtracts the loop overhead from the elapsed time', () => {
    const r = overheadCorrectedRate(6748 * MiB, 2.0, 0.01)!;
    expect(r.seconds).toBeCloseTo(1.99, 6);
    expect(r.mibPerSec).toBeCloseTo(3390.95, 1);
  });
  it('refuses a result when the overhead swallowed the interval', () => {
    expect(overheadCorrectedRate(MiB, 0.5, 0.5)).toBeNull();
    expect(overheadCorrectedRate(MiB, 0.5, 0.7)).toBeNull();
  });
});

describe('seeker figures', () => {
  it('85 seeks/second, 11.73 ms for 2558 seeks in 30 s (seed 003)', () => {
    const f = seekerFigures(2558, 30);
    expect(Math.floor(f.seeksPerSecond)).toBe(85);
    expect(f.randomAccessMs.toFixed(2)).toBe('11.73');
  });
  it('5429 seeks/s ↔ 0.18 ms (seed 003 SSD)', () => {
    expect(seekerFigures(5429 * 30, 30).randomAccessMs.toFixed(2)).toBe('0.18');
  });
});

describe('bonnie++ phase rule', () => {
  it('reports null with a reason under 0.1 s (bonnie prints +++++)', () => {
    const r = bonniePhaseRate(1024, 0.041);
    expect(r.value).toBeNull();
    expect(r.note).toMatch(/41 ms, too short.*\+\+\+\+\+/);
  });
  it('times phases of 0.1–0.5 s and says bonnie++ would print +++++', () => {
    const r = bonniePhaseRate(16384, 0.3);
    expect(r.value).toBeCloseTo(54613, 0);
    expect(r.note).toMatch(/300 ms: bonnie\+\+ would print \+\+\+\+\+/);
  });
  it('reports files/s without a note when the phase was long enough', () => {
    const r = bonniePhaseRate(16384, 1.8046); // seed 000 SSD seq create
    expect(r.value).toBeCloseTo(9079, 0);
    expect(r.note).toBeUndefined();
  });
});

describe('latency percentiles', () => {
  it('mean, p50 and p99 (nearest rank) of captured clat samples', () => {
    // 98 fast ops, 2 slow ones: the p99 sees a slow op, the median does not.
    const us = [...Array.from({ length: 98 }, (_, i) => 100 + (i % 7)), 4000, 5000];
    const s = latencyStats(Float64Array.from(us))!;
    expect(s.p50).toBe(103);
    expect(s.p99).toBe(4000);
    expect(s.mean).toBeCloseTo(us.reduce((a, b) => a + b, 0) / 100, 6);
    expect(latencyStats([], 0)).toBeNull();
  });
  it('respects the count of a preallocated buffer', () => {
    const buf = new Float64Array(10);
    buf.set([5, 1, 3]);
    expect(latencyStats(buf, 3)).toEqual({ mean: 3, p50: 3, p99: 5 });
  });
});

describe('measurement', () => {
  it('keeps every sample and derives median/min/max (nulls kept, ignored in stats)', () => {
    const m = measurement('buffered_read', 'MiB/s', 'higher', [107.12, null, 107.13, 107.121234]);
    expect(m.samples).toEqual([107.12, null, 107.13, 107.12]);
    expect(m.median).toBe(107.12);
    expect(m.min).toBe(107.12);
    expect(m.max).toBe(107.13);
  });
  it('all-null samples give null figures', () => {
    expect(measurement('seq_stat', 'files/s', 'higher', [null]).median).toBeNull();
  });
  it('rounds to five significant digits', () => {
    expect(roundSig(3383.987654)).toBe(3384);
    expect(roundSig(0.000123456)).toBe(0.00012346);
  });
});

describe('ETA', () => {
  it('trusts the estimate at the start of a test', () => {
    expect(testRemaining(0, 0, 30)).toBe(30);
    expect(testRemaining(0.01, 10, 30)).toBeCloseTo(29.7, 6);
  });
  it('follows the observed pace once the test is well under way', () => {
    // Half done after 20 s of a test estimated at 10 s: 20 s remain, not 0.
    expect(testRemaining(0.5, 20, 10)).toBeCloseTo(20, 6);
    expect(testRemaining(1, 20, 10)).toBe(0);
  });
  it('weights overall progress by estimates and adds later tests to the ETA', () => {
    const o = overallProgress([10, 30, 60], 1, 0.5, 15);
    expect(o.overall).toBeCloseTo(0.25, 6);
    expect(o.etaSeconds).toBeCloseTo(15 + 60, 6);
    expect(overallProgress([10], 0, 1, 10)).toEqual({ overall: 1, etaSeconds: 0 });
  });
});
