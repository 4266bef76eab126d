// Which before/after bars share a chart, for the verdict screen and the report alike: grouped by
// what they measure (the verdict's theme) and unit, throughputs all in MB/s so one axis holds
// hdparm, dd, bonnie++ and iozone together, on a log axis where the range would squash bars.
import { figureLabel, labelText } from '../../shared/labels';
import { outcomeWord } from '../../shared/format';
import type { MetricComparison, MetricTheme, SpreadOf } from '../../shared/verdict';
import { toMBps } from '../../shared/verdict/metrics';
import { distinctLabels } from './chart-labels';
import { chunk, partOf } from './chart-parts';

interface ChartBar {
  label: string;
  metric: string;
  before: number | null;
  after: number | null;
}

export interface ChartGroup {
  id: string;
  title: string;
  unit: string;
  log: boolean;
  bars: ChartBar[];
  /** The comparison behind each bar, in the group's unit (spreads for whiskers, keys). */
  rows: MetricComparison[];
}

const THEME_TITLES: Record<MetricTheme, string> = {
  sequential: 'Sequential throughput',
  'small-block': 'Small-block throughput',
  'random-access': 'Random access',
  'file-ops': 'File creation, stat and deletion',
  memory: 'Cached reads (memory speed)',
  latency: 'Latency',
  task: 'Real-world tasks',
  other: 'Other measurements',
};

/** A comparison in MB/s when it is a throughput (ratios and outcomes do not change). */
function inMBps(c: MetricComparison): MetricComparison {
  const k = toMBps(1, c.unit);
  if (k === null || c.unit === 'MB/s') return c;
  const m = (x: number | null) => (x === null ? null : x * k);
  const scale = (s: SpreadOf): SpreadOf => ({
    ...s,
    median: m(s.median),
    min: m(s.min),
    max: m(s.max),
  });
  return { ...c, unit: 'MB/s', before: scale(c.before), after: scale(c.after) };
}

/**
 * A wide range squashes the small bars to nothing on a linear axis: the bars' and their
 * whiskers' (one cached repetition of 215 MB/s beside 0.65 MB/s medians left the bars invisible).
 */
const wideRange = (g: ChartGroup): boolean => {
  const ends = g.rows.flatMap((r) => [r.before.min, r.before.max, r.after.min, r.after.max]);
  const vals = [...g.bars.flatMap((b) => [b.before, b.after]), ...ends].filter(
    (x): x is number => !!x && x > 0,
  );
  return vals.length > 0 && Math.max(...vals) / Math.min(...vals) > 30;
};

const hasFigure = (c: MetricComparison) => c.before.median !== null || c.after.median !== null;

/**
 * Figures no chart draws: those the verdict does not compare (memory speed, a cache hit, a busy
 * phase). A PDF once drew a cache hit as the longest bar, in the grey its legend calls "inside
 * the noise"; now each chart section names them once instead (notDrawnLine).
 */
export const notDrawn = (comparisons: readonly MetricComparison[]): MetricComparison[] =>
  comparisons.filter((c) => c.excluded && hasFigure(c));

/** "Not drawn in the charts: Memory read speed (hdparm -T), not compared (memory speed)." */
export function notDrawnLine(comparisons: readonly MetricComparison[]): string {
  const left = notDrawn(comparisons);
  if (!left.length) return '';
  const each = left.map(
    (c) => `${labelText(figureLabel(c.testId, c))}, ${outcomeWord(c.outcome, c.excluded)}`,
  );
  return `Not drawn in the charts: ${[...new Set(each)].join('; ')}.`;
}

/** Before/after bars grouped by theme and unit; figures with neither side are left out, and so
 * are figures not compared (notDrawn). */
export function chartGroups(comparisons: MetricComparison[]): ChartGroup[] {
  const groups = new Map<string, ChartGroup>();
  for (const c0 of comparisons) {
    if (!hasFigure(c0) || c0.excluded) continue;
    const c = inMBps(c0);
    const id = `${c.theme}|${c.unit}`;
    const g = groups.get(id) ?? {
      id,
      title: `${THEME_TITLES[c.theme]}, ${c.unit}${c.better === 'lower' ? ' (lower is better)' : ''}`,
      unit: c.unit,
      log: c.theme === 'random-access' || c.theme === 'file-ops',
      bars: [],
      rows: [],
    };
    const human = figureLabel(c.testId, c);
    g.bars.push({
      label: labelText(human),
      metric: human.tag ?? c.unit,
      before: c.before.median,
      after: c.after.median,
    });
    g.rows.push(c);
    groups.set(id, g);
  }
  for (const g of groups.values()) {
    if (wideRange(g)) g.log = true;
    const labels = distinctLabels(
      g.bars,
      (b) => b.label,
      (b) => b.metric,
    );
    g.bars.forEach((b, i) => (b.label = labels[i]!));
  }
  return [...groups.values()];
}

/** A group cut into charts of at most `size` bars, so each fits on a page ("(1 of 2)" titles). */
export function splitGroup(g: ChartGroup, size: number): ChartGroup[] {
  const parts = chunk(g.bars, size);
  let at = 0;
  return parts.map((bars, i) => {
    const rows = g.rows.slice(at, at + bars.length);
    at += bars.length;
    return { ...g, id: `${g.id}#${i}`, bars, rows, title: g.title + partOf(i, parts.length) };
  });
}
