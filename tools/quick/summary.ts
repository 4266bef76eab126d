// What bench:quick keeps of one quick run: its total, its pre-run estimate, each test's duration
// and each judged figure's noise floor (the verdict's own: the run compared with itself, so each
// side's min–max spread counts twice, as in an A/A pair of two runs that scatter alike).
import type { RunDocument } from '../../src/shared/schemas/run';
import { computeVerdict } from '../../src/shared/verdict';
import { median } from '../../src/shared/stats';

export interface QuickSummary {
  /** Seconds from the request to the saved run. */
  total: number;
  /** The run's own pre-run estimate, seconds. */
  estimate: number;
  /** Seconds per test, by test id. */
  tests: Record<string, number>;
  /** Noise floor per figure key (0.1 = 10 %), spread-based figures only. */
  floors: Record<string, number>;
  /** Load average when the run started (1 min). */
  load: number;
  /** The Plan step's estimate (probed when the folder is chosen), seconds; absent on old baselines. */
  planEstimate?: number | null;
  /** How many runs this is the median of (absent: one). */
  runs?: number;
  /** Each run's floor per figure, where this is the median of several (for rank-test.ts). */
  floorRuns?: Record<string, number[]>;
}

export function summarise(
  doc: RunDocument,
  total: number,
  load: number,
  planEstimate: number | null = null,
): QuickSummary {
  const v = computeVerdict(doc, doc);
  const floors: Record<string, number> = {};
  for (const c of v.comparisons)
    if (c.floorSource === 'spread' && !c.excluded) floors[c.key] = round(c.floor, 4);
  return {
    total: round(total, 1),
    estimate: doc.timing?.estimateSeconds ?? 0,
    tests: Object.fromEntries(doc.tests.map((t) => [t.testId, t.durationSeconds ?? 0])),
    floors,
    load: round(load, 1),
    planEstimate,
  };
}

const round = (x: number, digits: number): number => Number(x.toFixed(digits));

/**
 * Several runs on one device as one summary: each figure's median (of the runs that have it).
 * One run's floor is a min-max over three repetitions, and it moved 5-30 % between runs of the
 * same build (the HDD-like loop's seeker: 12.7, 16.7 and 18.1 %): "no wider than before" needs
 * medians on both sides.
 */
export function medianSummary(list: readonly QuickSummary[]): QuickSummary {
  if (list.length === 1) return list[0]!;
  // One figure's median over the runs that have it, rounded to `d` digits.
  const of = (pick: (s: QuickSummary) => number | null | undefined, d: number) => {
    const m = median(list.map(pick).filter((x): x is number => typeof x === 'number'));
    return m === null ? undefined : round(m, d);
  };
  // Each figure's values over the runs that have it, and their medians rounded to `d` digits.
  const runsOf = (pick: (s: QuickSummary) => Record<string, number>) =>
    Object.fromEntries(
      [...new Set(list.flatMap((s) => Object.keys(pick(s))))].map((k) => [
        k,
        list.map((s) => pick(s)[k]).filter((x): x is number => x !== undefined),
      ]),
    );
  const medians = (runs: Record<string, number[]>, d: number) =>
    Object.fromEntries(Object.entries(runs).map(([k, xs]) => [k, round(median(xs)!, d)]));
  const floorRuns = runsOf((s) => s.floors);
  return {
    total: of((s) => s.total, 1)!,
    estimate: of((s) => s.estimate, 0)!,
    tests: medians(
      runsOf((s) => s.tests),
      2,
    ),
    floors: medians(floorRuns, 4),
    load: of((s) => s.load, 1)!,
    planEstimate: of((s) => s.planEstimate, 0) ?? null,
    runs: list.length,
    floorRuns,
  };
}
