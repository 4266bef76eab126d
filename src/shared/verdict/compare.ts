// Metric-by-metric comparison of two runs: speed-up with its spread, judged against the metric's
// noise floor (noise.ts), or "no measurable difference"; memory-speed and cache-suspected figures
// are shown but never judged (suspect.ts).
import type { Measurement, RunDocument, TestResult } from '../schemas/run';
import type { ComparisonOutcome, MetricComparison, MetricTheme, SpreadOf } from './schema';
import { metricKey, metricLabel, themeOf } from './metrics';
import { beyondFloor, noiseFloor, type Floor } from './noise';
import { spreadOfMeasurement } from './spread';
import { exclusionOf, type Exclusion } from './suspect';
import { disturbedReason } from './conditions';

export { spreadOfMeasurement } from './spread';

export interface Outcome {
  speedup: number | null;
  speedupRange: [number, number] | null;
  outcome: ComparisonOutcome;
  why: string;
  floor: number;
  floorSource: Floor['source'];
}

const pct = (x: number) => `${Math.round(x * 100)} %`;

export function compareSpreads(
  before: SpreadOf,
  after: SpreadOf,
  better: 'higher' | 'lower',
  theme: MetricTheme = 'other',
): Outcome {
  const { floor, source } = noiseFloor(theme, before, after);
  const b = before.median;
  const a = after.median;
  if (b === null || a === null || b <= 0 || a <= 0)
    return {
      speedup: null,
      speedupRange: null,
      outcome: 'unknown',
      why: 'no figure on one side',
      floor,
      floorSource: source,
    };
  const speedup = better === 'higher' ? a / b : b / a;
  const bMin = before.min ?? b;
  const bMax = before.max ?? b;
  const aMin = after.min ?? a;
  const aMax = after.max ?? a;
  const speedupRange: [number, number] =
    better === 'higher' ? [aMin / bMax, aMax / bMin] : [bMin / aMax, bMax / aMin];
  const base = { speedup, speedupRange, floor, floorSource: source };
  const floorWords =
    source === 'single'
      ? `the ${pct(floor)} floor stated for single figures of this kind`
      : `its ${pct(floor)} noise floor (from the repetitions' spread)`;
  const moved = beyondFloor(speedup, floor);
  if (!moved) return { ...base, outcome: 'no-difference', why: `within ${floorWords}` };
  return { ...base, outcome: moved, why: `beyond ${floorWords}` };
}

export interface PairedMeasurement {
  key: string;
  test: TestResult;
  before: Measurement | undefined;
  after: Measurement | undefined;
  beforeTest: TestResult | undefined;
  afterTest: TestResult | undefined;
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * How a figure pairs across runs: test id, metric and parameters; a stopwatch timing by its title
 * (several timings in one run are several keys, not one where the last wins).
 */
function timingTitle(t: TestResult, m: Measurement): string {
  const name = m.params?.name;
  return m.label ?? (typeof name === 'string' ? name : t.title);
}

export function pairKey(t: TestResult, m: Measurement): string {
  if (t.testId === 'task.stopwatch') return `task.stopwatch:${slug(timingTitle(t, m))}`;
  return metricKey(t.testId, m);
}

function indexRun(run: RunDocument): Map<string, { test: TestResult; m: Measurement }> {
  const map = new Map<string, { test: TestResult; m: Measurement }>();
  for (const t of run.tests) {
    if (t.status !== 'ok') continue;
    for (const m of t.measurements) map.set(pairKey(t, m), { test: t, m });
  }
  return map;
}

/** Pairs measurements of tests that ran (status ok); `all` keeps figures found on one side only. */
export function pairMeasurements(
  before: RunDocument,
  after: RunDocument,
  all = false,
): PairedMeasurement[] {
  const b = indexRun(before);
  const a = indexRun(after);
  const out: PairedMeasurement[] = [];
  for (const [key, x] of b) {
    const y = a.get(key);
    if (y || all)
      out.push({
        key,
        test: x.test,
        before: x.m,
        after: y?.m,
        beforeTest: x.test,
        afterTest: y?.test,
      });
  }
  if (all)
    for (const [key, y] of a)
      if (!b.has(key))
        out.push({
          key,
          test: y.test,
          before: undefined,
          after: y.m,
          beforeTest: undefined,
          afterTest: y.test,
        });
  return out;
}

/** Two figures of one test, each with its run and test: what the one rule judges. */
export interface FigurePair {
  before: RunDocument;
  after: RunDocument;
  beforeTest: TestResult;
  afterTest: TestResult;
  mb: Measurement;
  /** In the before figure's unit (reference/compare converts units first). */
  ma: Measurement;
}

export type Judgement = Outcome & { excluded: Exclusion | null };

/**
 * The one comparison rule, used by every surface (verdict, PDF, History → Compare, the CLI's
 * verdict and compare, runs.compare): the metric's noise floor decides faster / slower / no
 * measurable difference; a memory-speed or cache-suspected figure is shown, never judged.
 */
export function judgeFigure(p: FigurePair): Judgement {
  const theme = themeOf(p.beforeTest, p.mb);
  const o = compareSpreads(
    spreadOfMeasurement(p.mb),
    spreadOfMeasurement(p.ma),
    p.mb.better,
    theme,
  );
  // A busy machine first: its figure is not the drive's on that side, whatever it reads.
  const busy = disturbedReason(p.beforeTest, p.afterTest);
  const excluded: Exclusion | null = busy
    ? { kind: 'disturbed', reason: busy }
    : (exclusionOf(p.before, p.beforeTest, p.mb) ?? exclusionOf(p.after, p.afterTest, p.ma));
  // Shown with its figures, never judged: it says nothing about the drive.
  if (excluded)
    return { ...o, outcome: 'unknown', why: `not compared: ${excluded.reason}`, excluded };
  return { ...o, excluded: null };
}

export function compareRuns(before: RunDocument, after: RunDocument): MetricComparison[] {
  return pairMeasurements(before, after)
    .filter((p) => p.test.kind === 'synthetic')
    .map(({ key, test, before: mb, after: ma, afterTest }) => {
      const m = (ma ?? mb)!;
      const bs = spreadOfMeasurement(mb);
      const as = spreadOfMeasurement(ma);
      const theme = themeOf(test, m);
      const j = judgeFigure({
        before,
        after,
        beforeTest: test,
        afterTest: afterTest ?? test,
        mb: mb!,
        ma: ma!,
      });
      return {
        key,
        testId: test.testId,
        testTitle: test.title,
        metric: m.metric,
        label: metricLabel(m),
        unit: m.unit,
        better: m.better,
        ...(m.params ? { params: m.params } : {}),
        theme,
        before: bs,
        after: as,
        ...j,
      };
    });
}
