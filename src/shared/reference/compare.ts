// Metric-by-metric comparison of any two runs (own, imported or reference). Figures line up by
// test, metric and variant parameters; device and job names are ignored because they differ
// between machines. Units are converted to the first run's unit where they measure the same thing.
// Which word a pair gets is the verdict's one rule (verdict/compare.ts judgeFigure): the same
// noise floors, and memory-speed or cache-suspected figures shown but never compared.
import { z } from 'zod';
import type { Measurement, RunDocument, TestResult } from '../schemas/run';
import { spread } from '../stats';
import { compatible, convert } from '../units';
import { judgeFigure } from '../verdict/compare';
import { themeOf } from '../verdict/metrics';
import { ioWaitShareOf, settleTask } from '../verdict/tasks';
import { driveMovedOf, settleIsolated, themeHeadlines, type Judged } from '../verdict/themes';
import { comparisonOutcome } from '../verdict/schema';
import { timingName } from '../labels';
import { driveIdentity, driveIdentityOf } from '../verdict/identity';
import { variedOutcome } from '../verdict/same-drive';
import { computeVerdict } from '../verdict';

const side = z.object({
  median: z.number().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  samples: z.array(z.number().nullable()),
});

export const metricPair = z.object({
  testId: z.string(),
  title: z.string(),
  metric: z.string(),
  params: z.record(z.string(), z.union([z.number(), z.string(), z.boolean()])).optional(),
  unit: z.string(),
  better: z.enum(['higher', 'lower']),
  a: side,
  b: side,
  /** b's median over a's. */
  ratio: z.number().nullable(),
  /** How many times better b is than a (>1 better, <1 worse), whatever the direction. */
  factor: z.number().nullable(),
  /** The verdict's outcome for this figure (one rule on every surface). */
  outcome: comparisonOutcome,
  why: z.string(),
  /** Shown, never compared: memory-speed figures and figures the page cache answered. */
  excluded: z.enum(['memory-speed', 'cache-suspected', 'disturbed']).nullable(),
  /** Set when the figures were paired despite a differing parameter (iozone file size). */
  note: z.string().optional(),
  /** What a task's row timed, as stored ("your files (/home)"): shared/labels names it by this. */
  label: z.string().optional(),
  /** A timing's own name, when whoever timed it named it (shared/labels timingName). */
  name: z.string().optional(),
});
export type MetricPair = z.infer<typeof metricPair>;

const runRef = z.object({ id: z.string(), label: z.string(), name: z.string().optional() });
export const comparison = z.object({
  a: runRef,
  b: runRef,
  /** Whether A and B measured one drive, and the facts that said so (verdict/identity.ts). */
  identity: driveIdentity,
  /**
   * The verdict's headline for A before, B after (shared/verdict computeVerdict): the one answer
   * the verdict screen, the PDF and the CLI's verdict print, so a comparison never tells another.
   */
  headline: z.string(),
  pairs: z.array(metricPair),
  /** Figures only one of the runs has, as "testId metric". */
  onlyA: z.array(z.string()),
  onlyB: z.array(z.string()),
});
export type Comparison = z.infer<typeof comparison>;

const IGNORED_PARAMS = new Set(['device', 'job']);

/** Parameters that may differ and still pair when nothing closer exists (iozone -s). */
const LOOSE_PARAMS = new Set(['file_kb']);

function keyOf(testId: string, m: Measurement, loose = false): string {
  const p = Object.entries(m.params ?? {})
    .filter(([k]) => !IGNORED_PARAMS.has(k) && !(loose && LOOSE_PARAMS.has(k)))
    .sort(([x], [y]) => x.localeCompare(y));
  return `${testId}|${m.metric}|${JSON.stringify(p)}`;
}

interface Indexed {
  testId: string;
  title: string;
  test: TestResult;
  m: Measurement;
}

function index(run: RunDocument): Map<string, Indexed> {
  const out = new Map<string, Indexed>();
  for (const t of run.tests) {
    if (t.status !== 'ok') continue;
    for (const m of t.measurements) {
      const k = keyOf(t.testId, m);
      if (!out.has(k)) out.set(k, { testId: t.testId, title: t.title, test: t, m });
    }
  }
  return out;
}

/**
 * The verdict's headlines decide which figures are isolated outliers, and whether a felt task's
 * move is the drive's (verdict/tasks.ts settleTask), here as there.
 */
function settlePairs(
  pairs: MetricPair[],
  judged: Judged[],
  diskShares: (number | null)[],
  sameDrive: boolean,
): void {
  const headlines = themeHeadlines(judged);
  const driveMoved = driveMovedOf(headlines);
  settleIsolated(judged, headlines).forEach((c, i) => {
    const p = pairs[i]!;
    const o = { outcome: c.outcome, why: c.why, speedup: c.speedup };
    if (c.theme === 'task')
      settleTask(o, p.a, p.b, driveMoved, p.unit === 's', diskShares[i] ?? null);
    Object.assign(p, { outcome: sameDrive ? variedOutcome(o.outcome) : o.outcome, why: o.why });
  });
}

const ref = (r: RunDocument) => ({
  id: r.id,
  label: r.label,
  ...(r.name ? { name: r.name } : {}),
});

/** What shared/labels names a task's row by: its stored label, and a timing's own name. */
function namesOf(x: Indexed, y: Indexed): { label?: string; name?: string } {
  const label = x.m.label ?? y.m.label;
  const name = timingName(x.testId, x.m, x.test);
  return { ...(label ? { label } : {}), ...(name ? { name } : {}) };
}

/** One figure of both runs in A's unit, judged by the verdict's rule. */
function pairOf(
  a: RunDocument,
  b: RunDocument,
  x: Indexed,
  y: Indexed,
  note: string | undefined,
): { pair: MetricPair; judged: Omit<Judged, 'key'> } {
  const unit = x.m.unit;
  const bs = y.m.samples.map((v) => (v === null ? null : convert(v, y.m.unit, unit)));
  const A = { ...spread(x.m.samples), samples: x.m.samples };
  const B = { ...spread(bs), samples: bs };
  const ratio = A.median && B.median !== null ? B.median / A.median : null;
  const factor = ratio === null || ratio === 0 ? null : x.m.better === 'higher' ? ratio : 1 / ratio;
  const j = judgeFigure({
    before: a,
    after: b,
    beforeTest: x.test,
    afterTest: y.test,
    mb: x.m,
    ma: { ...y.m, unit, samples: bs },
  });
  const params = x.m.params
    ? Object.fromEntries(Object.entries(x.m.params).filter(([p]) => !IGNORED_PARAMS.has(p)))
    : undefined;
  return {
    judged: { ...j, theme: themeOf(x.test, x.m), metric: x.m.metric },
    pair: {
      testId: x.testId,
      title: x.title,
      metric: x.m.metric,
      ...(params && Object.keys(params).length ? { params } : {}),
      unit,
      better: x.m.better,
      a: A,
      b: B,
      ratio,
      factor,
      outcome: j.outcome,
      why: j.why,
      excluded: j.excluded?.kind ?? null,
      ...(note ? { note } : {}),
      ...namesOf(x, y),
    },
  };
}

export function compareRuns(a: RunDocument, b: RunDocument): Comparison {
  const ia = index(a);
  const ib = index(b);
  const pairs: MetricPair[] = [];
  const judged: Judged[] = [];
  const diskShares: (number | null)[] = [];
  const onlyB: string[] = [];
  const used = new Set<string>();
  const looseA = new Map<string, string>();
  for (const [k, x] of ia) if (!ib.has(k)) looseA.set(keyOf(x.testId, x.m, true), k);
  for (const [k, y] of ib) {
    let ka: string | undefined = ia.has(k) ? k : undefined;
    let note: string | undefined;
    if (!ka) {
      ka = looseA.get(keyOf(y.testId, y.m, true));
      if (ka && used.has(ka)) ka = undefined;
      if (ka)
        note = `file size differs: ${String(ia.get(ka)!.m.params?.file_kb)} KB vs ${String(y.m.params?.file_kb)} KB`;
    }
    const x = ka ? ia.get(ka) : undefined;
    if (!x || !ka || !compatible(x.m.unit, y.m.unit)) {
      onlyB.push(`${y.testId} ${y.m.metric}`);
      continue;
    }
    used.add(ka);
    const made = pairOf(a, b, x, y, note);
    diskShares.push(x.test.kind === 'task' ? ioWaitShareOf(x.test) : null);
    judged.push({ ...made.judged, key: String(pairs.length) });
    pairs.push(made.pair);
  }
  const identity = driveIdentityOf(a, b);
  settlePairs(pairs, judged, diskShares, identity.same === 'same');
  const onlyA = [...ia]
    .filter(([k]) => !ib.has(k) && !used.has(k))
    .map(([, x]) => `${x.testId} ${x.m.metric}`);
  const headline = computeVerdict(a, b).recommendation.headline;
  return {
    a: ref(a),
    b: ref(b),
    identity,
    headline,
    pairs,
    onlyA: [...new Set(onlyA)],
    onlyB: [...new Set(onlyB)],
  };
}
