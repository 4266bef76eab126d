// Pure chart.js configurations from a Verdict: before/after bars per chart group (grouped as in
// the report: view-model/chart-groups.ts), the RND 4K Q1 latency distribution and the real-world
// tasks as CPU vs I/O-wait stacks. No DOM here.
import type { ChartConfiguration } from 'chart.js';
import type { MetricComparison, TaskSaving, Verdict } from '../../shared/verdict';
import { toMBps } from '../../shared/verdict/metrics';
import { chartGroups, type ChartGroup } from '../view-model/chart-groups';
import { wrapLabel } from '../view-model/chart-labels';
import { tickLabel } from './verdict-format';
import { figureLabel, labelText } from '../../shared/labels';

export interface Palette {
  before: string;
  after: string;
  reference: string;
  cpu: string;
  io: string;
  unsplit: string;
  text: string;
  muted: string;
  grid: string;
}

/** Figures of a reference drive keyed like the comparisons (metricKey), for the overlay. */
export interface ReferenceOverlay {
  name: string;
  values: Record<string, number>;
  /** The unit each value was recorded in (converted like the comparisons for display). */
  units: Record<string, string>;
}

export type BarConfig = ChartConfiguration<'bar', (number | null)[], string | string[]>;

export interface ChartSpec {
  id: string;
  title: string;
  /** One sentence for screen readers; the table below the charts holds every figure. */
  summary: string;
  rows: number;
  /** What each bar row is, in full (the axis wraps and may cut them): the surfaces' names. */
  bars: string[];
  config: BarConfig;
}

const LATENCY = new Set(['clat_p50_us', 'clat_p99_us', 'read_clat_mean_us']);
const isRnd4kQ1 = (c: MetricComparison) =>
  c.params?.pattern === 'rnd' && Number(c.params?.qd) === 1 && Number(c.params?.bs_kb) === 4;

/** Log axes start a decade below the smallest bar, so even the shortest bar stays visible. */
export function logMin(values: (number | null)[]): number | undefined {
  const v = values.filter((x): x is number => x !== null && x > 0);
  return v.length ? 10 ** Math.floor(Math.log10(Math.min(...v) / 1.5)) : undefined;
}

function baseOptions(
  p: Palette,
  title: string,
  xTitle: string,
  log: boolean,
  min?: number,
  max?: number,
): BarConfig['options'] {
  return {
    indexAxis: 'y',
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    color: p.text,
    plugins: {
      title: { display: true, text: title, color: p.text, font: { size: 14, weight: 'bold' } },
      legend: { position: 'bottom', labels: { color: p.text } },
      tooltip: { enabled: true },
    },
    scales: {
      x: {
        type: log ? 'logarithmic' : 'linear',
        ...(log ? (min !== undefined ? { min } : {}) : { beginAtZero: true }),
        ...(max !== undefined ? { suggestedMax: max } : {}),
        title: { display: true, text: xTitle, color: p.muted },
        ticks: {
          color: p.text,
          maxRotation: 0,
          autoSkipPadding: 8,
          callback: (v: number | string, _i: number, ticks: { value: number }[]) =>
            tickLabel(Number(v), log, Math.log10(ticks.at(-1)!.value / ticks[0]!.value)),
        },
        grid: { color: p.grid },
      },
      y: { ticks: { color: p.text, autoSkip: false }, grid: { color: p.grid } },
    },
  };
}

/** Min–max of every bar, drawn as whiskers by the view's plugin. */
export interface WhiskerData {
  whiskers?: ([number, number] | null)[];
}

export function groupChart(
  group: ChartGroup,
  p: Palette,
  reference?: ReferenceOverlay | null,
): ChartSpec {
  const { rows, unit, log } = group;
  const better = (['lower', 'higher'] as const).find((b) => rows.every((r) => r.better === b));
  const pos = (x: number | null) => (x !== null && (!log || x > 0) ? x : null);
  const range = (s: MetricComparison['before']): [number, number] | null =>
    s.min !== null && s.max !== null && s.max > s.min ? [s.min, s.max] : null;
  const datasets: BarConfig['data']['datasets'] = [
    {
      label: 'Before (old drive)',
      data: rows.map((r) => pos(r.before.median)),
      backgroundColor: p.before,
      whiskers: rows.map((r) => range(r.before)),
    } as BarConfig['data']['datasets'][number] & WhiskerData,
    {
      label: 'After (new drive)',
      data: rows.map((r) => pos(r.after.median)),
      backgroundColor: p.after,
      whiskers: rows.map((r) => range(r.after)),
    } as BarConfig['data']['datasets'][number] & WhiskerData,
  ];
  // A reference figure is converted like the bars (throughputs in MB/s).
  const refValue = (r: MetricComparison): number | null => {
    const v = reference?.values[r.key];
    if (v === undefined) return null;
    return unit === 'MB/s' ? toMBps(v, reference?.units[r.key] ?? unit) : v;
  };
  const refValues = reference ? rows.map(refValue) : [];
  const withRef = reference && refValues.some((v) => v !== null);
  if (withRef)
    datasets.push({
      label: `Reference: ${reference.name}`,
      data: refValues.map(pos),
      backgroundColor: p.reference,
    });
  const xTitle = `${unit}${log ? ', log scale' : ''}${better ? ` — ${better} is better` : ''}`;
  // The axis holds the whiskers too (scaled to the bars alone, iozone 4K's ran off the chart).
  const ends = rows
    .flatMap((r) => [range(r.before), range(r.after)])
    .filter((e): e is [number, number] => e !== null && (!log || e[0] > 0));
  return {
    id: group.id,
    title: group.title,
    rows: rows.length * datasets.length,
    bars: group.bars.map((b) => b.label),
    summary: rows
      .map(
        (r) =>
          `${r.label}: ${r.before.median ?? 'n/a'} before, ${r.after.median ?? 'n/a'} after ${unit}`,
      )
      .join('; ')
      .concat(withRef ? `; reference ${reference.name} shown alongside` : ''),
    config: {
      type: 'bar',
      data: { labels: group.bars.map((b) => wrapLabel(b.label, 30)), datasets },
      options: baseOptions(
        p,
        `${group.title}${log ? ' — log scale' : ''}`,
        xTitle,
        log,
        logMin([...datasets.flatMap((d) => d.data as (number | null)[]), ...ends.map((e) => e[0])]),
        ends.length ? Math.max(...ends.map((e) => e[1])) : undefined,
      ),
    },
  };
}

/** p50 / mean / p99 completion latency of RND 4K Q1 reads, before and after. */
export function latencyChart(comparisons: MetricComparison[], p: Palette): ChartSpec | null {
  const order = ['clat_p50_us', 'read_clat_mean_us', 'clat_p99_us'];
  const rows = comparisons
    .filter(
      (c) =>
        LATENCY.has(c.metric) && isRnd4kQ1(c) && (c.params?.rw ?? 'read') === 'read' && !c.excluded,
    )
    .sort((a, b) => order.indexOf(a.metric) - order.indexOf(b.metric));
  if (!rows.length) return null;
  const names: Record<string, string> = {
    clat_p50_us: 'median (p50)',
    read_clat_mean_us: 'mean',
    clat_p99_us: '99th percentile',
  };
  const unit = rows[0]!.unit;
  return {
    id: 'latency',
    title: 'RND 4K Q1 read latency',
    rows: rows.length * 2,
    bars: rows.map((r) => labelText(figureLabel(r.testId, r))),
    summary: rows
      .map((r) => `${names[r.metric]}: ${r.before.median} → ${r.after.median} ${unit}`)
      .join('; '),
    config: {
      type: 'bar',
      data: {
        labels: rows.map((r) => names[r.metric] ?? r.label),
        datasets: [
          {
            label: 'Before (old drive)',
            data: rows.map((r) => r.before.median),
            backgroundColor: p.before,
          },
          {
            label: 'After (new drive)',
            data: rows.map((r) => r.after.median),
            backgroundColor: p.after,
          },
        ],
      },
      options: baseOptions(
        p,
        'RND 4K Q1 read latency distribution — log scale',
        `${unit} per 4 KiB read at queue depth 1, log scale — lower is better`,
        true,
        logMin(rows.flatMap((r) => [r.before.median, r.after.median])),
      ),
    },
  };
}

/** Each task before and after, split into CPU time and time waiting for the disk. */
export function tasksChart(tasks: TaskSaving[], p: Palette): ChartSpec | null {
  // A task not compared (a busy phase, different workloads) is not drawn, as figures are not.
  const rows = tasks.filter(
    (t) =>
      t.beforeSeconds.median !== null &&
      t.afterSeconds.median !== null &&
      !t.note.startsWith('not compared'),
  );
  if (!rows.length) return null;
  const labels: string[][] = [];
  const cpu: (number | null)[] = [];
  const io: (number | null)[] = [];
  const unsplit: (number | null)[] = [];
  const split = (wall: number, cpuS: number | null) => {
    if (cpuS === null) return { c: null, i: null, u: wall };
    const c = Math.min(wall, cpuS);
    return { c, i: wall - c, u: null };
  };
  for (const t of rows) {
    for (const [side, wall, c] of [
      ['before', t.beforeSeconds.median!, t.cpuSecondsBefore],
      ['after', t.afterSeconds.median!, t.cpuSecondsAfter],
    ] as const) {
      labels.push(wrapLabel(`${t.title} — ${side}`, 34));
      const s = split(wall, c);
      cpu.push(s.c);
      io.push(s.i);
      unsplit.push(s.u);
    }
  }
  const datasets: BarConfig['data']['datasets'] = [
    { label: 'CPU work', data: cpu, backgroundColor: p.cpu, stack: 'wall' },
    { label: 'Waiting for the disk', data: io, backgroundColor: p.io, stack: 'wall' },
  ];
  if (unsplit.some((x) => x !== null))
    datasets.push({
      label: 'Wall time (CPU not measured)',
      data: unsplit,
      backgroundColor: p.unsplit,
      stack: 'wall',
    });
  const options = baseOptions(
    p,
    'Real-world tasks: CPU work vs waiting for the disk',
    'seconds — lower is better',
    false,
  )!;
  options.scales!.x = { ...options.scales!.x, stacked: true } as never;
  options.scales!.y = { ...options.scales!.y, stacked: true } as never;
  return {
    id: 'tasks',
    title: 'Real-world tasks',
    // A task's title wraps to three lines, and the category axis gives every bar the same
    // band: each band must hold the longest label (a row unit, 26 px, holds about 1.6 lines).
    // Summing the labels' lines instead still let two three-line labels overlap (A/A story).
    rows: Math.ceil(labels.length * Math.max(1, ...labels.map((l) => l.length / 1.6))),
    bars: rows.map((t) => t.title),
    summary: rows
      .map((t) => `${t.title}: ${t.beforeSeconds.median} s → ${t.afterSeconds.median} s`)
      .join('; '),
    config: { type: 'bar', data: { labels, datasets }, options },
  };
}

export function verdictCharts(
  v: Verdict,
  p: Palette,
  reference?: ReferenceOverlay | null,
): ChartSpec[] {
  const out: ChartSpec[] = [];
  const t = tasksChart(v.tasks, p);
  if (t) out.push(t);
  // The RND 4K Q1 latencies have a chart of their own (latencyChart).
  const grouped = v.comparisons.filter((c) => !(LATENCY.has(c.metric) && isRnd4kQ1(c)));
  for (const g of chartGroups(grouped)) out.push(groupChart(g, p, reference));
  const l = latencyChart(v.comparisons, p);
  if (l) out.push(l);
  return out;
}
