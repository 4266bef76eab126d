// What bench:quick keeps of one quick run: its total, its pre-run estimate, each test's duration
// and each judged figure's noise floor (the verdict's own: the run compared with itself, so each
// side's min–max spread counts twice, as in an A/A pair of two runs that scatter alike).
import type { RunDocument } from '../../src/shared/schemas/run';
import { computeVerdict } from '../../src/shared/verdict';

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
