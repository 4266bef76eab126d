// Pure assembly of what the report prints: per-test tables, drive and machine facts (chart groups
// are the verdict screen's too: view-model/chart-groups.ts).
import type { Measurement, RunDocument, TestResult } from '../../shared/schemas/run';
import type { MetricComparison, SpreadOf, TaskSaving, Verdict } from '../../shared/verdict';
import { spreadOfMeasurement } from '../../shared/verdict/compare';
import { measurementLabel, plainMethod, testLabel } from '../../shared/labels';
import { metricKey } from '../../shared/verdict/metrics';
import { distinctLabels } from '../view-model/chart-labels';
import { shownSpread, shownUnit, splitUntimed } from '../../shared/format';

/** A run's name for people: never its id (the id is for files and the CLI). */
export function displayName(r: RunDocument): string {
  const drive = [r.drive?.vendor, r.drive?.model].filter(Boolean).join(' ');
  return (
    r.name?.trim() ||
    drive ||
    (r.label === 'after' ? 'New drive' : r.label === 'before' ? 'Old drive' : 'This run')
  );
}

const uniq = (xs: string[]) => [...new Set(xs.filter(Boolean))];

/**
 * bonnie++'s "+++++" notes repeat per run with timings; one short phrase says it in a cell. The
 * engine times phases of 0.1–0.5 s that bonnie++ would not ("would print +++++"): those have a
 * value, the others do not.
 */
export function shortNote(notes: string[]): string {
  if (!notes.length || !notes.every((n) => n.includes('+++++'))) return notes.join('; ');
  const timed = notes.filter((n) => n.includes('would print +++++')).length;
  if (timed === notes.length) return 'timed here; bonnie++ prints +++++ (under 0.5 s)';
  return timed
    ? 'too fast to time in one run (bonnie++ prints +++++)'
    : 'too fast to time (bonnie++ prints +++++)';
}

export interface TableRow {
  key: string;
  label: string;
  /** The classic tool (and variant) the figure follows, printed small. */
  tag: string | null;
  unit: string;
  better: 'higher' | 'lower';
  before: SpreadOf | null;
  after: SpreadOf | null;
  speedup: number | null;
  outcome: MetricComparison['outcome'] | null;
  /** Shown, never compared (memory speed, cache suspected). */
  excluded: 'memory-speed' | 'cache-suspected' | 'disturbed' | null;
  note?: string;
}

export interface TestTable {
  testId: string;
  title: string;
  /** Classic tool tag for the heading ("hdparm -t"), or the tool name for imports. */
  tag: string | null;
  tool: string;
  /** Figures that were too fast to time in every run shown: one line, not a row each. */
  /** Figures no run timed, left out of the rows and named once (shared/format untimedLine). */
  untimed: string[] | null;
  kind: TestResult['kind'];
  method: string;
  /** When the after-run used a different method, both are printed. */
  afterMethod?: string;
  status: { before: TestResult['status'] | null; after: TestResult['status'] | null };
  errors: string[];
  caveats: string[];
  cache: string;
  bytesWritten: number;
  rows: TableRow[];
}

/**
 * Which test a result is, across two runs: the testId, except for stopwatch timings, which all share
 * 'task.stopwatch' and are told apart by their title (else every table printed the first one).
 */
export function testIdentity(t: Pick<TestResult, 'testId' | 'title'>): string {
  return t.testId === 'task.stopwatch' ? `${t.testId}|${t.title.trim().toLowerCase()}` : t.testId;
}

type Lookup = {
  byKey: Map<string, MetricComparison>;
  taskByKey: Map<string, TaskSaving>;
};

/** One row per figure of a test, before and after side by side, labels made distinct. */
function figureRows(
  main: TestResult,
  b: TestResult | null,
  a: TestResult | null,
  hasAfter: boolean,
  { byKey, taskByKey }: Lookup,
): TableRow[] {
  const after = hasAfter;
  const metrics = new Map<string, { b?: Measurement; a?: Measurement }>();
  for (const m of b?.measurements ?? []) metrics.set(metricKey(main.testId, m), { b: m });
  for (const m of a?.measurements ?? []) {
    const k = metricKey(main.testId, m);
    metrics.set(k, { ...metrics.get(k), a: m });
  }
  const rows: TableRow[] = [...metrics].map(([key, { b: mb, a: ma }]) => {
    const m = (mb ?? ma)!;
    const c = byKey.get(key);
    const task = taskByKey.get(key);
    const note = shortNote(uniq([mb?.note ?? '', ma?.note ?? '']));
    const human = measurementLabel(main, m);
    return {
      key,
      label: human.label,
      tag: human.tag,
      unit: shownUnit(m.unit).unit,
      better: m.better,
      before: mb ? shownSpread(spreadOfMeasurement(mb), m.unit) : null,
      after: after ? (ma ? shownSpread(spreadOfMeasurement(ma), m.unit) : null) : null,
      speedup: c?.speedup ?? task?.speedup ?? null,
      outcome: c?.outcome ?? task?.outcome ?? null,
      excluded: c?.excluded?.kind ?? task?.excluded?.kind ?? null,
      ...(note ? { note } : {}),
    };
  });
  const labels = distinctLabels(
    rows,
    (r) => r.label,
    (r) => r.tag ?? r.unit,
  );
  rows.forEach((r, i) => (r.label = labels[i]!));
  return rows;
}

/** A caveat both runs carry is printed once. */
function caveatsOf(b: TestResult | null, a: TestResult | null, hasAfter: boolean): string[] {
  const after = hasAfter;
  const bc = (b?.caveats ?? []).map(plainMethod);
  const ac = (a?.caveats ?? []).map(plainMethod);
  return uniq([
    ...bc.map((c) => (!after ? c : ac.includes(c) ? `Both runs: ${c}` : `Before: ${c}`)),
    ...ac.filter((c) => !bc.includes(c)).map((c) => `After: ${c}`),
  ]);
}

/** One table per test, in the order the before-run ran them; tests only one run has come last. */
export function testTables(
  before: RunDocument,
  after: RunDocument | null,
  verdict: Verdict | null,
): TestTable[] {
  const byKey = new Map((verdict?.comparisons ?? []).map((c) => [c.key, c]));
  const taskByKey = new Map((verdict?.tasks ?? []).map((t) => [t.key, t]));
  const afterTests = new Map((after?.tests ?? []).map((t) => [testIdentity(t), t]));
  const beforeIds = new Set(before.tests.map(testIdentity));
  const order = [
    ...before.tests,
    ...(after?.tests ?? []).filter((t) => !beforeIds.has(testIdentity(t))),
  ];
  return order.map((t0) => {
    const id = testIdentity(t0);
    const b = before.tests.find((t) => testIdentity(t) === id) ?? null;
    const a = after ? (afterTests.get(id) ?? null) : null;
    const main = b ?? a!;
    const rows = figureRows(main, b, a, !!after, { byKey, taskByKey });
    // bonnie++'s "+++++" phases: a row of dashes each says nothing; one line names them all,
    // by the rule every surface follows (shared/format splitUntimed).
    const split = splitUntimed(rows, (r) => (after ? [r.before, r.after] : [r.before]));
    const shownRows = split.shown;
    const untimed = split.untimed.length ? split.untimed.map((r) => r.label) : null;
    const caveats = caveatsOf(b, a, !!after);
    const errors = uniq([
      b?.error ? `Before: ${b.error}` : '',
      a?.error ? `After: ${a.error}` : '',
    ]);
    const heading = testLabel(main.testId, main.title);
    return {
      testId: main.testId,
      title: heading.label,
      // Imported figures name the tool they came from (CrystalDiskMark, hdparm...).
      tag: /\(imported\)/.test(main.method)
        ? main.method.replace(/\s*\(imported\)/, '')
        : heading.tag,
      tool: main.tool,
      untimed,
      kind: main.kind,
      method: main.method,
      ...(a && b && a.method !== b.method ? { afterMethod: a.method } : {}),
      status: { before: b?.status ?? null, after: a?.status ?? null },
      errors,
      caveats,
      cache: main.cache,
      bytesWritten: (b?.bytesWritten ?? 0) + (a?.bytesWritten ?? 0),
      rows: shownRows,
    };
  });
}

export { driveFacts, machineFacts, runFacts, type Fact } from './facts-model';
