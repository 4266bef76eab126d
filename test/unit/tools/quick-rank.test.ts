// bench:quick's rank test on per-run noise floors (tools/quick/rank-test.ts): a figure is wider
// only when the runs cannot explain the difference, with exact p-values on small samples.
import { describe, expect, it } from 'vitest';
import { pLarger, rankVerdict, uStatistic } from '../../../tools/quick/rank-test';
import { medianSummary, type QuickSummary } from '../../../tools/quick/summary';
import { deviceReport, rankCounts } from '../../../tools/quick/report';

describe('rank test', () => {
  it('counts pairs where the second side is larger, ties a half', () => {
    expect(uStatistic([1, 2], [3, 4])).toBe(4);
    expect(uStatistic([1, 2], [2, 0])).toBe(1.5);
  });

  it('gives the exact one-sided p of five runs against five', () => {
    // All five after-runs above all five before-runs: 1 of the 252 deals.
    expect(pLarger([1, 2, 3, 4, 5], [6, 7, 8, 9, 10])).toBeCloseTo(1 / 252, 6);
    expect(pLarger([6, 7, 8, 9, 10], [1, 2, 3, 4, 5])).toBe(1);
    // Two of the after-runs below one before-run: U = 23 of 25, reached by 4 deals.
    expect(pLarger([1, 2, 3, 4, 7], [5, 6, 8, 9, 10])).toBeCloseTo(4 / 252, 6);
  });

  it('calls a figure wider or narrower only past 5 %, never on ties or three runs a side', () => {
    expect(rankVerdict([0.1, 0.12, 0.11, 0.13, 0.1], [0.2, 0.3, 0.25, 0.22, 0.3])).toBe('wider');
    expect(rankVerdict([0.2, 0.3, 0.25, 0.22, 0.3], [0.1, 0.12, 0.11, 0.13, 0.1])).toBe('narrower');
    // Floors held at their class's maximum on both sides: the same.
    expect(rankVerdict([0.3, 0.3, 0.3, 0.3, 0.3], [0.3, 0.3, 0.3, 0.3, 0.3])).toBeNull();
    // The HDD-like seeker's medians 16.7 → 30 % of three runs each (stop 56): U 8 of 9, 2 of the
    // 20 deals; three runs a side reach 0.05 at best, never past it.
    expect(pLarger([0.127, 0.167, 0.181], [0.3, 0.3, 0.18])).toBeCloseTo(0.1, 6);
    expect(pLarger([0.1, 0.1, 0.1], [0.3, 0.3, 0.3])).toBeCloseTo(0.05, 6);
    expect(rankVerdict([0.127, 0.167, 0.181], [0.3, 0.3, 0.18])).toBeNull();
    // Ten runs a side are 184,756 deals: not enumerated.
    expect(pLarger(Array(10).fill(1), Array(10).fill(2))).toBeNull();
  });
});

const run = (floors: Record<string, number>): QuickSummary => ({
  total: 100,
  estimate: 100,
  tests: {},
  floors,
  load: 1,
  planEstimate: null,
});

describe('bench:quick printout with the rank test', () => {
  it('keeps each run’s floors and prints which figures the runs show wider', () => {
    const before = medianSummary(
      [0.1, 0.11, 0.12, 0.1, 0.13].map((s) => run({ seeker: s, dd: 0.2 })),
    );
    const after = medianSummary(
      [0.2, 0.25, 0.3, 0.22, 0.2].map((s, i) => run({ seeker: s, dd: 0.19 + i / 100 })),
    );
    expect(before.floorRuns?.['seeker']).toEqual([0.1, 0.11, 0.12, 0.1, 0.13]);
    expect(rankCounts(before, after)).toBe(
      'over the runs, beyond chance (rank test, p < 0.05): 1 wider, 0 narrower, 1 neither (about 0 of 2 by chance alone)',
    );
    const text = deviceReport('HDD-like', before, after).text;
    expect(text).toMatch(/seeker\s+11\.0 %\s+22\.0 %\s+2\.00× {2}WIDER {2}\(runs: wider\)/);
    // dd's median moved up (20 → 21 %) within its runs' scatter: WIDER by medians, not by the runs.
    expect(text).toMatch(/dd\s+20\.0 %\s+21\.0 %\s+1\.05× {2}WIDER$/);
    // One run a side: no per-run floors, no rank line.
    expect(rankCounts(run({ seeker: 0.1 }), run({ seeker: 0.3 }))).toBeNull();
  });
});
