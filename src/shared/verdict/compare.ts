// Metric-by-metric comparison of two runs: speed-up with its spread, or "no measurable difference".
import { spread } from '../stats';
import type { Measurement, RunDocument, TestResult } from '../schemas/run';
import type { ComparisonOutcome, MetricComparison, SpreadOf } from './schema';
import { metricKey, metricLabel, themeOf } from './metrics';

/**
 * Differences smaller than this are never called measurable, even when the ranges happen not to
 * overlap: single-sample figures (published results) carry no spread, and run-to-run noise of
 * disk benchmarks is rarely under a few percent.
 */
export const NOISE_FLOOR = 0.05;

/** Spread from the samples themselves; published figures without samples fall back to median/min/max. */
export function spreadOfMeasurement(m: Measurement | undefined): SpreadOf {
  if (!m) return { median: null, min: null, max: null, samples: 0 };
  const values = m.samples.filter((x): x is number => x !== null && Number.isFinite(x));
  if (values.length) return { ...spread(values), samples: values.length };
  if (m.median === null) return { median: null, min: null, max: null, samples: 0 };
  return { median: m.median, min: m.min ?? m.median, max: m.max ?? m.median, samples: 0 };
}

export interface Outcome {
  speedup: number | null;
  speedupRange: [number, number] | null;
  outcome: ComparisonOutcome;
  why: string;
}

export function compareSpreads(
  before: SpreadOf,
  after: SpreadOf,
  better: 'higher' | 'lower',
): Outcome {
  const b = before.median;
  const a = after.median;
  if (b === null || a === null || b <= 0 || a <= 0)
    return { speedup: null, speedupRange: null, outcome: 'unknown', why: 'no figure on one side' };
  const speedup = better === 'higher' ? a / b : b / a;
  const bMin = before.min ?? b;
  const bMax = before.max ?? b;
  const aMin = after.min ?? a;
  const aMax = after.max ?? a;
  const speedupRange: [number, number] =
    better === 'higher' ? [aMin / bMax, aMax / bMin] : [bMin / aMax, bMax / aMin];
  const overlap = bMin <= aMax && aMin <= bMax;
  const single = before.samples <= 1 && after.samples <= 1;
  if (overlap)
    return {
      speedup,
      speedupRange,
      outcome: 'no-difference',
      why: single ? 'same figure before and after' : 'before and after ranges overlap',
    };
  if (Math.abs(speedup - 1) < NOISE_FLOOR)
    return {
      speedup,
      speedupRange,
      outcome: 'no-difference',
      why: `within ${Math.round(NOISE_FLOOR * 100)} %, inside run-to-run noise`,
    };
  return {
    speedup,
    speedupRange,
    outcome: speedup > 1 ? 'faster' : 'slower',
    why: overlap ? '' : 'before and after ranges do not overlap',
  };
}

export interface PairedMeasurement {
  key: string;
  test: TestResult;
  before: Measurement | undefined;
  after: Measurement | undefined;
}

/** Pairs measurements by test id, metric and parameters; only tests that ran (status ok) count. */
export function pairMeasurements(before: RunDocument, after: RunDocument): PairedMeasurement[] {
  const index = (run: RunDocument) => {
    const map = new Map<string, { test: TestResult; m: Measurement }>();
    for (const t of run.tests) {
      if (t.status !== 'ok') continue;
      for (const m of t.measurements) map.set(metricKey(t.testId, m), { test: t, m });
    }
    return map;
  };
  const b = index(before);
  const a = index(after);
  const out: PairedMeasurement[] = [];
  for (const [key, x] of b) {
    const y = a.get(key);
    if (y) out.push({ key, test: x.test, before: x.m, after: y.m });
  }
  return out;
}

export function compareRuns(before: RunDocument, after: RunDocument): MetricComparison[] {
  return (
    pairMeasurements(before, after)
      // A figure the engine flagged 'cache suspected' is not the drive's: no speed-up, no headline.
      .filter((p) => p.test.kind === 'synthetic' && !p.before?.suspect && !p.after?.suspect)
      .map(({ key, test, before: mb, after: ma }) => {
        const m = (ma ?? mb)!;
        const bs = spreadOfMeasurement(mb);
        const as = spreadOfMeasurement(ma);
        return {
          key,
          testId: test.testId,
          testTitle: test.title,
          metric: m.metric,
          label: metricLabel(m),
          unit: m.unit,
          better: m.better,
          ...(m.params ? { params: m.params } : {}),
          theme: themeOf(test, m),
          before: bs,
          after: as,
          ...compareSpreads(bs, as, m.better),
        };
      })
  );
}
