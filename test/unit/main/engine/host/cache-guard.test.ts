import { describe, expect, it } from 'vitest';
import { guardResults, memoryCopyMBps } from '../../../../../src/main/engine/host/cache-guard';
import { measurement } from '../../../../../src/main/engine/methods/calc';
import type { TestResult } from '../../../../../src/shared/schemas/run';
import { computeVerdict } from '../../../../../src/shared/verdict';

const result = (testId: string, ms: TestResult['measurements']): TestResult => ({
  testId,
  title: testId,
  kind: 'synthetic',
  tool: testId,
  method: '',
  status: 'ok',
  caveats: [],
  cache: 'bypassed',
  measurements: ms,
  bytesWritten: 0,
});
const q1 = (iops: number) =>
  result('qd-profile', [
    measurement('read_iops', 'IOPS', 'higher', [iops], {
      params: { pattern: 'rnd', bs_kb: 4, qd: 1 },
    }),
  ]);
const seeker = (sps: number) =>
  result('seeker', [
    measurement('seeks_per_second', 'seeks/s', 'higher', [sps]),
    measurement('random_access_ms', 'ms', 'lower', [1000 / sps]),
  ]);

describe('cache guard', () => {
  it('flags a seeker figure more than 2x the run RND 4K Q1, not one within 2x', () => {
    const bad = seeker(139_380);
    const notes = guardResults([bad, q1(16_214)], {});
    expect(bad.measurements.every((m) => m.suspect?.kind === 'cache')).toBe(true);
    expect(notes[0]).toMatch(/more than 2× this run's RND 4K Q1 \(16,214 IOPS\)/);
    const ok = seeker(20_000);
    expect(guardResults([ok, q1(16_214)], {})).toEqual([]);
    expect(ok.measurements.some((m) => m.suspect)).toBe(false);
  });

  it('flags throughput above the link ceiling or memory copy rate, never dd before sync', () => {
    const r = result('buffered-read', [measurement('buffered_read', 'MiB/s', 'higher', [700])]);
    const dd = result('dd-write', [
      measurement('throughput_before_sync', 'MB/s', 'higher', [5000]),
      measurement('throughput', 'MB/s', 'higher', [400]),
    ]);
    guardResults([r, dd], { linkCeilingMBps: 600 });
    expect(r.measurements[0]!.suspect?.reason).toMatch(/above the link ceiling of ~600 MB\/s/);
    expect(dd.measurements.some((m) => m.suspect)).toBe(false);
    const r2 = result('qd-profile', [measurement('read_bw', 'KiB/s', 'higher', [9e6])]);
    guardResults([r2], { memoryMBps: 5000 });
    expect(r2.measurements[0]!.suspect?.reason).toMatch(/memory copy rate \(5,000 MB\/s\)/);
  });

  it('uses hdparm -T of the run as the memory rate, else a positive probe', () => {
    const cached = result('cached-read', [measurement('cached_read', 'MB/s', 'higher', [8000])]);
    expect(memoryCopyMBps([cached])).toBeGreaterThanOrEqual(8000);
    expect(memoryCopyMBps([])).toBeGreaterThan(100);
  });

  it('keeps a flagged figure out of the comparisons and headline, with a finding saying why', () => {
    const run = (sps: number, flag: boolean) => {
      const t = [seeker(sps), q1(flag ? 16_000 : 150)];
      guardResults(t, {});
      return {
        schema: 'drivewise.run' as const,
        version: 1 as const,
        id: `r${sps}`,
        label: 'custom' as const,
        createdAt: '2026-01-01T00:00:00Z',
        appVersion: '0',
        source: { kind: 'measured' as const },
        machine: null,
        drive: null,
        targetDir: null,
        settings: { profile: 'quick', tests: [], repetitions: 1, sizes: {} },
        privilege: { state: 'granted' as const },
        caveats: [],
        tests: t,
        bytesWritten: 0,
      };
    };
    const v = computeVerdict(run(150, false), run(139_380, true));
    // Shown with its figures for the record, never judged: no outcome, excluded with the reason.
    const seek = v.comparisons.find((c) => c.metric === 'seeks_per_second');
    expect(seek?.outcome).toBe('unknown');
    expect(seek?.excluded?.kind).toBe('cache-suspected');
    expect(v.headlines.some((h) => /923|929/.test(JSON.stringify(h)))).toBe(false);
    expect(v.recommendation.headline).not.toMatch(/923|Random access/);
    expect(v.findings.some((f) => f.kind === 'cache-suspected' && /RND 4K Q1/.test(f.detail))).toBe(
      true,
    );
  });
});
