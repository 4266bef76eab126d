// bench:quick's medians over several runs and its floor counts (tools/quick): one run's floors
// moved 5-30 % between runs of one build, so the printout compares medians.
import { describe, expect, it } from 'vitest';
import { medianSummary, type QuickSummary } from '../../../tools/quick/summary';
import { deviceReport, floorCounts } from '../../../tools/quick/report';

const run = (total: number, seeker: number, extra: Record<string, number> = {}): QuickSummary => ({
  total,
  estimate: 120,
  tests: { seeker: total / 25 },
  floors: { 'seeker:seeks_per_second': seeker, ...extra },
  load: 1,
  planEstimate: null,
});

describe('bench:quick summaries', () => {
  it('takes each figure’s median over the runs that have it', () => {
    const m = medianSummary([
      run(117.5, 0.3),
      run(114.7, 0.18, { 'dd-write:throughput': 0.05 }),
      run(117.8, 0.3),
    ]);
    expect(m.total).toBe(117.5);
    expect(m.floors['seeker:seeks_per_second']).toBe(0.3);
    expect(m.floors['dd-write:throughput']).toBe(0.05);
    expect(m.tests['seeker']).toBeCloseTo(4.7, 2);
    expect(m.runs).toBe(3);
    expect(medianSummary([run(1, 0.1)]).runs).toBeUndefined();
  });

  it('counts floors narrower, the same and wider, and says how many runs', () => {
    const before = medianSummary([run(136, 0.167, { a: 0.05 }), run(137, 0.167, { a: 0.05 })]);
    const after = medianSummary([run(117, 0.3, { a: 0.05, b: 0.1 }), run(118, 0.3, { a: 0.04 })]);
    expect(floorCounts(before, after)).toBe('1 narrower, 0 the same, 1 wider');
    const text = deviceReport('HDD-like', before, after).text;
    expect(text).toContain('2 runs; baseline load 1, 2 runs');
    expect(text).toContain('noise floors: 1 narrower, 0 the same, 1 wider (medians of 2 runs)');
    expect(text).toMatch(/seeker:seeks_per_second\s+16\.7 %\s+30\.0 %\s+1\.80× {2}WIDER/);
  });
});
