// The replay of a timed task at another drive's request times: the cold time with the old drive's
// part taken out and the new drive's put in, never below the warm run, and refused for a busy
// machine or a run without its counters.
import { describe, expect, it } from 'vitest';
import { driveSeconds, replay, replayRefusal } from '../../../../src/shared/prediction/replay';
import {
  replayFiguresOfTarget,
  requestSeconds,
  type ReplayFigures,
} from '../../../../src/shared/prediction/replay-figures';
import { resolveTarget } from '../../../../src/shared/prediction';
import type { TaskWork, WorkTiming } from '../../../../src/shared/schemas/work';
import { run } from '../verdict/seed-runs';

const KiB = 1024;

/**
 * A drive that takes `ms` per request up to some size, then the transfer at `mbps`; `typical`:
 * a median request's share of that (1: a disk; small: a throttle that lets most through at once).
 */
const throttle = (ms: number, mbps: number, typical = 1): ReplayFigures => {
  const curve = [4, 64, 512, 1024].map((k): [number, number] => [
    k * KiB,
    Math.max(ms / 1000, (k * KiB) / (mbps * 1e6)),
  ]);
  const d = { curve, typical, iops: 1000 / ms, bps: mbps * 1e6 };
  return { read: d, write: d, source: 'test' };
};

function timing(
  wall: number,
  cpu: number,
  reads: number,
  readBytes: number,
  foreign = 0,
): WorkTiming {
  return {
    wall,
    cpu,
    conditions: {
      seconds: wall,
      devices: [
        {
          name: 'loop9',
          role: 'disk',
          readBytes,
          writeBytes: 0,
          requests: reads,
          readRequests: reads,
          writeRequests: 0,
          ioTicksMs: 0,
        },
      ],
      io: { ownReadBytes: readBytes, ownWriteBytes: 0, foreignBytes: foreign },
      cpu: null,
      memory: null,
    },
  };
}

const hdd = throttle(1000 / 150, 120);
const ssd = throttle(1000 / 5000, 450);

describe('request times by size', () => {
  it('interpolates between the measured sizes and keeps the smallest size’s time below it', () => {
    expect(requestSeconds(ssd.read.curve, 4 * KiB)).toBeCloseTo(0.0002, 6);
    expect(requestSeconds(ssd.read.curve, 2 * KiB)).toBeCloseTo(0.0002, 6);
    expect(requestSeconds(ssd.read.curve, 512 * KiB)).toBeCloseTo((512 * KiB) / 450e6, 6);
    // A preset: a fixed access time plus the transfer at its sequential rate.
    const t = replayFiguresOfTarget(resolveTarget({ preset: 'sata-ssd' }, run('b', 'before', [])));
    expect(requestSeconds(t.read.curve, 4 * KiB)).toBeCloseTo(1 / 9000, 6);
    expect(requestSeconds(t.read.curve, 512 * KiB)).toBeCloseTo(1 / 9000 + (508 * KiB) / 550e6, 6);
  });

  it('brackets an unknown mix of sizes between all at the mean and small-and-large', () => {
    // 1,000 requests of 100 KiB on average: on the SSD-like throttle all at the mean size cost
    // 1,000 × 0.28 ms (between its 64 KiB and 512 KiB points); a mix of 4 KiB and 512 KiB ones
    // with the same bytes, 811 × 0.2 ms + 189 × 1.17 ms.
    const [low, high] = driveSeconds(ssd, {
      readRequests: 1000,
      readBytes: 100 * KiB * 1000,
      writeRequests: 0,
      writeBytes: 0,
    });
    expect(low).toBeCloseTo(0.2775, 3);
    expect(high).toBeCloseTo(0.3824, 3);
    // On the HDD-like one every size up to 512 KiB costs one access: both ways agree.
    const h = driveSeconds(hdd, {
      readRequests: 1000,
      readBytes: 1e8,
      writeRequests: 0,
      writeBytes: 0,
    });
    expect(h[0]).toBeCloseTo(h[1], 6);
  });
});

describe('replaying an unpack, whose warm run flushes what it wrote', () => {
  // 175 MB in 858 writes, flushed in 5.7 s on the HDD-like drive after 0.8 s of unpacking.
  const writes = (wall: number, flushSeconds: number): WorkTiming => {
    const t = timing(wall, 1.1, 0, 0);
    const d = { ...t.conditions!.devices[0]!, writeRequests: 858, writeBytes: 175e6 };
    return { ...t, flushSeconds, conditions: { ...t.conditions!, devices: [d] } };
  };
  const unpack: TaskWork = {
    params: {},
    cold: [writes(6.58, 5.73)],
    warm: [writes(6.52, 5.73)],
    coldCheck: { how: 'drop-caches' },
  };
  const fast = throttle(0.03, 5000); // its direct-I/O figures: 175 MB in 35 ms

  it("adds the flush at the new drive's dd rate beyond its direct-I/O figures", () => {
    const direct = replay(unpack, hdd, fast);
    expect(direct.writebackSeconds).toBe(0);
    // dd wrote and synced at 944 MB/s: 175 MB take 0.185 s, 0.135 s more than the 0.05 s the
    // figures give the 858 writes split between 4 KiB and 512 KiB ones (the slower way).
    const io = { readRequests: 0, readBytes: 0, writeRequests: 858, writeBytes: 175e6 };
    expect(driveSeconds(fast, io)[1]).toBeCloseTo(0.05, 2);
    const buffered = replay(unpack, hdd, { ...fast, flushBps: 944e6 });
    expect(buffered.writebackSeconds).toBeCloseTo(175e6 / 944e6 - driveSeconds(fast, io)[1], 3);
    expect(buffered.seconds).toBeCloseTo(direct.seconds + buffered.writebackSeconds, 6);
    expect(buffered.lowSeconds).toBeCloseTo(direct.lowSeconds + buffered.writebackSeconds, 6);
    // A drive whose requests, not its bytes, bound the flush has no more to add.
    expect(replay(unpack, hdd, { ...hdd, flushBps: 74e6 }).writebackSeconds).toBe(0);
  });
});

describe('replaying a probe whose warm run reads the drive too', () => {
  // The backup task's idle probe on the HDD-like drive: 1,038 direct 4 KiB reads and 0.14 s of
  // CPU cold, the same 1,000 reads warm (its opens cached) with 0.11 s.
  const reads = (wall: number, cpu: number, n: number): WorkTiming =>
    timing(wall, cpu, n, n * 4 * KiB);
  const probe: TaskWork = {
    params: { phase: 'idle' },
    cold: [reads(6.9, 0.14, 1038)],
    warm: [reads(6.56, 0.11, 1000)],
    coldCheck: { how: 'drop-caches' },
  };
  const capped = throttle(0.2, 450, 0.1); // 0.2 ms a request sustained, its median 20 µs
  const waitedW = (6.56 - 0.11) / (1000 / 150);

  it('lets its CPU run inside the spacing of a drive that caps its rate', () => {
    const r = replay(probe, hdd, capped);
    // The cap's 1,000 + 38 requests at 5,000 a second cover the 0.11 s of CPU between them.
    expect(r.lowSeconds).toBeCloseTo(waitedW * 0.2 + 38 / 5000, 3);
    expect(r.highSeconds).toBeGreaterThan(waitedW * 0.2 + 0.11 + 0.03);
  });

  it('takes the rest of the program as its wall less the waits it timed, not its CPU', () => {
    // Each direct read cost the thread a sleep and a wake-up on the slow drive: 0.11 s of CPU
    // there, while the opens between the reads took 0.05 s. An unthrottled drive (40 µs a read)
    // ran the whole probe in 0.07-0.086 s, under what its CPU alone predicted.
    const timed = { ...probe, warm: [{ ...probe.warm[0]!, waitSeconds: 6.51 }] };
    const fast = throttle(0.04, 5000);
    const byCpu = replay(probe, hdd, fast);
    const byWaits = replay(timed, hdd, fast);
    expect(byCpu.floorSeconds).toBeCloseTo(0.11, 6);
    expect(byWaits.floorSeconds).toBeCloseTo(0.05, 6);
    expect(byWaits.lowSeconds).toBeLessThan(0.07);
    expect(byWaits.highSeconds).toBeGreaterThan(0.086);
    expect(byWaits.seconds).toBeLessThan(byCpu.seconds - 0.05);
    // On a drive that caps its rate, the cap still sets the time: the rest runs inside its spacing.
    expect(replay(timed, hdd, capped).lowSeconds).toBeCloseTo(
      replay(probe, hdd, capped).lowSeconds,
      2,
    );
  });

  it('keeps a flush after the rest: it is a phase of its own', () => {
    const flushed = { ...probe, warm: [{ ...probe.warm[0]!, flushSeconds: 6.45 }] };
    const r = replay(flushed, hdd, capped);
    expect(r.lowSeconds).toBeCloseTo(waitedW * 0.2 + 0.11 + 38 * 0.00002, 3);
  });
});

describe('replaying a disk search at another drive', () => {
  // 1,500 metadata reads of 4 KiB: 10 s on the HDD-like drive, 0.3 s warm.
  const work: TaskWork = {
    params: { tree: 'generated' },
    cold: [timing(10.3, 0.35, 1500, 1500 * 4 * KiB)],
    warm: [timing(0.3, 0.28, 0, 0)],
    coldCheck: { how: 'drop-caches' },
  };

  it('keeps the warm run and the cold run’s extra CPU, and swaps the drive’s part', () => {
    const r = replay(work, hdd, ssd);
    // The warm run (0.3 s), half the cold run's extra CPU (0.07 s: between none and all of it)
    // and the 1,500 reads at 0.2 ms, as much of them as the old drive's were waited for:
    // (10.3 − 0.3 − 0.035) / 10 of them.
    expect(r.seconds).toBeCloseTo(0.3 + 0.035 + 0.9965 * 0.3, 3);
    expect(r.lowSeconds).toBeLessThan(r.seconds);
    expect(r.oldDrive).toBeCloseTo(9.965, 3);
    expect(r.newDrive).toBeCloseTo(0.299, 3);
    expect(r.warmSeconds).toBe(0.3);
  });

  it('takes a new drive part under a tenth of a second at half, down to none of it', () => {
    const fast = throttle(0.03, 2000); // 1,500 reads in 45 ms
    const r = replay(work, hdd, fast);
    const drive = 0.9965 * 1500 * 0.00003;
    expect(r.seconds).toBeCloseTo(0.3 + 0.035 + drive / 2, 4);
    expect(r.lowSeconds).toBeCloseTo(0.3, 4);
  });

  it('on a drive that caps its rate, between its wait hidden behind the program and all of it', () => {
    // The SSD-like throttle: 0.2 ms a request sustained, but its median request 20 µs.
    const capped = throttle(0.2, 450, 0.1);
    const r = replay(work, hdd, capped);
    const cap = 1500 / 5000;
    // Hidden: the program's own 0.37 s of work covers the cap's 0.3 s; all exposed: 0.3 + 0.37.
    const hidden = 0.3 + 0.035 + 0.9965 * 0.03;
    const serial = 0.3 + 0.035 + 0.9965 * cap;
    expect(r.seconds).toBeCloseTo(Math.sqrt(hidden * serial), 3);
    expect(r.lowSeconds).toBeLessThanOrEqual(hidden);
    expect(r.highSeconds).toBeCloseTo(0.3 + 0.07 + 0.9965 * cap, 2);
  });

  it('waits for the new drive only as much as the old drive was waited for', () => {
    // A program that read ahead: its 10 s of requests cost only 5 s of its cold time.
    const ahead = { ...work, cold: [timing(5.3, 0.35, 1500, 1500 * 4 * KiB)] };
    const r = replay(ahead, hdd, ssd);
    expect(r.seconds).toBeCloseTo(0.3 + 0.035 + 0.4965 * 0.3, 3);
  });

  it('refuses a busy machine, an uncounted run and a run that was not cold', () => {
    expect(replayRefusal(work)).toBeNull();
    const busy = { ...work, cold: [timing(10.3, 0.35, 1500, 1500 * 4 * KiB, 200e6)] };
    expect(replayRefusal(busy)).toBe(
      'the machine was busy while it was timed (200 MB of other disk traffic during this phase)',
    );
    const old = { ...work, cold: [{ ...work.cold[0]!, conditions: null }] };
    expect(replayRefusal(old)).toBe("its drive's requests were not recorded");
    expect(replayRefusal({ ...work, coldCheck: { how: 'none' } })).toBe(
      'its cold run could not be made cold',
    );
    expect(replayRefusal(undefined)).toBe('no cold run with its counters');
  });
});

describe('replaying an app start whose profile it writes', () => {
  // Chromium from the HDD-like loop (bench:predict): 300 MB in 830 reads cold; warm, its fresh
  // profile's 326 writes waited for (3.0 s for 1.2 s of CPU); 1.5 s with its profile in memory.
  const writes = (t: WorkTiming, n: number, bytes: number): WorkTiming => ({
    ...t,
    conditions: {
      ...t.conditions!,
      devices: [{ ...t.conditions!.devices[0]!, writeRequests: n, writeBytes: bytes, requests: n }],
    },
  });
  const start: TaskWork = {
    params: { app: 'chromium' },
    cold: [writes(timing(7.5, 1.25, 830, 300e6), 326, 4.3e6)],
    warm: [writes(timing(2.96, 1.2, 0, 0), 326, 4.3e6)],
    coldCheck: { how: 'drop-caches' },
  };
  const withMemory = { ...start, inMemory: [timing(1.45, 1.3, 0, 0), timing(1.55, 1.35, 0, 0)] };
  const fast = throttle(0.05, 2000);

  it('takes the rest from its start with the profile in memory, not from its CPU', () => {
    const byCpu = replay(start, hdd, fast);
    const byMemory = replay(withMemory, hdd, fast);
    expect(byCpu.floorSeconds).toBeCloseTo(1.2, 6);
    expect(byMemory.floorSeconds).toBeCloseTo(1.5, 6);
    expect(byMemory.lowSeconds).toBeGreaterThanOrEqual(1.5);
    expect(byMemory.seconds).toBeGreaterThan(byCpu.seconds + 0.25);
    // Never above the warm run it was measured beside.
    const slow = { ...start, inMemory: [timing(3.5, 1.3, 0, 0)] };
    expect(replay(slow, hdd, fast).floorSeconds).toBeCloseTo(2.96, 6);
  });

  it('adds what it read cold at the page cache rate beyond the direct one, where they differ', () => {
    // The unthrottled loop: 8.5 GB/s direct, about 1.3 GB/s through the page cache (hdparm -t).
    const direct = throttle(0.05, 8500);
    const cached = { ...direct, cacheReadBps: 1.3e9 };
    const plain = replay(withMemory, hdd, direct);
    const r = replay(withMemory, hdd, cached);
    expect(plain.cacheReadSeconds).toBe(0);
    // 300 MB: 0.23 s through the cache against 0.035 s direct, as much as the reads were waited
    // for on the old drive (most of them).
    expect(r.cacheReadSeconds).toBeGreaterThan(0.15);
    expect(r.cacheReadSeconds).toBeLessThan(300e6 / 1.3e9 - 300e6 / 8.5e9 + 1e-9);
    expect(r.seconds - plain.seconds).toBeCloseTo(r.cacheReadSeconds, 6);
    expect(r.lowSeconds - plain.lowSeconds).toBeCloseTo(r.cacheReadSeconds, 6);
    // A drive whose cached rate is no slower than its direct one adds nothing.
    expect(replay(withMemory, hdd, { ...direct, cacheReadBps: 9e9 }).cacheReadSeconds).toBe(0);
  });

  it('keeps the spread of the in-memory runs for the floor’s part of the range', () => {
    expect(replay(withMemory, hdd, fast).floorSpread).toEqual([1.45 / 1.5, 1.55 / 1.5]);
    expect(replay(start, hdd, fast).floorSpread).toEqual([1, 1]);
  });

  it('refuses a start whose in-memory run found the machine busy', () => {
    expect(replayRefusal(withMemory)).toBeNull();
    const busy = { ...withMemory, inMemory: [timing(1.5, 1.3, 0, 0, 200e6)] };
    expect(replayRefusal(busy)).toMatch(/^the machine was busy/);
  });
});
