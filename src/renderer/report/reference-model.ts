// Your runs among the published reference drives: a handful of figures every classic tool reports.
import type { RunDocument } from '../../shared/schemas/run';
import { spreadOfMeasurement } from '../../shared/verdict/compare';
import { toMBps } from '../../shared/verdict/metrics';

export interface RefColumn {
  id: string;
  title: string;
  unit: string;
  better: 'higher' | 'lower';
  pick(run: RunDocument): number | null;
}

const median = (
  run: RunDocument,
  testId: string,
  metric: string,
  unitTo?: 'MB/s',
): number | null => {
  const t = run.tests.find((x) => x.testId === testId && x.status === 'ok');
  const m = t?.measurements.find((x) => x.metric === metric && !x.params);
  if (!m) return null;
  const v = spreadOfMeasurement(m).median;
  if (v === null) return null;
  return unitTo ? toMBps(v, m.unit) : v;
};

/** The figures the seeds published most often, so most reference rows have something to show. */
export const REF_COLUMNS: RefColumn[] = [
  {
    id: 'buffered_read',
    title: 'Sequential reads (hdparm -t)',
    unit: 'MB/s',
    better: 'higher',
    pick: (r) => median(r, 'buffered-read', 'buffered_read', 'MB/s'),
  },
  {
    id: 'throughput',
    title: 'Sequential writes with sync (dd)',
    unit: 'MB/s',
    better: 'higher',
    pick: (r) => median(r, 'dd-write', 'throughput', 'MB/s'),
  },
  {
    id: 'random_seeks',
    title: 'Random reads (bonnie++)',
    unit: 'seeks/s',
    better: 'higher',
    pick: (r) => median(r, 'bonnie', 'random_seeks'),
  },
  {
    id: 'seeks_per_second',
    title: 'Random reads (seeker)',
    unit: 'seeks/s',
    better: 'higher',
    pick: (r) => median(r, 'seeker', 'seeks_per_second'),
  },
  {
    id: 'seq_create',
    title: 'Creating files (bonnie++)',
    unit: 'files/s',
    better: 'higher',
    pick: (r) => median(r, 'bonnie', 'seq_create'),
  },
  {
    id: 'boot',
    title: 'Boot',
    unit: 's',
    better: 'lower',
    pick: (r) => median(r, 'task.boot', 'wall_time'),
  },
];

export interface RefRow {
  id: string;
  name: string;
  kind: string;
  own: boolean;
  values: (number | null)[];
}

/** Rows for your runs first, then every reference drive with at least one shared figure. */
export function referenceRows(
  own: RunDocument[],
  refs: RunDocument[],
): { columns: RefColumn[]; rows: RefRow[] } {
  const rowOf = (r: RunDocument, ownRun: boolean): RefRow => ({
    id: r.id,
    name: ownRun
      ? `Your ${r.label === 'after' ? 'new' : 'current'} drive: ${r.name ?? r.drive?.model ?? 'unnamed run'}`
      : (r.name ?? r.drive?.model ?? 'Reference drive'),
    kind: r.drive?.kind ?? '—',
    own: ownRun,
    values: REF_COLUMNS.map((c) => c.pick(r)),
  });
  const mine = own.map((r) => rowOf(r, true));
  const theirs = refs.map((r) => rowOf(r, false)).filter((r) => r.values.some((v) => v !== null));
  // Only columns someone has a figure for.
  const used = REF_COLUMNS.map((_, i) => [...mine, ...theirs].some((r) => r.values[i] !== null));
  return {
    columns: REF_COLUMNS.filter((_, i) => used[i]),
    rows: [...mine, ...theirs].map((r) => ({ ...r, values: r.values.filter((_, i) => used[i]) })),
  };
}
