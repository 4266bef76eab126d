// Felt rows over a workload (the generated tree, the person's own files) compare only like with
// like: both runs timed the row and recorded the same manifest. A row timed on one drive only is
// not estimated (the generated workload is timed on every drive; the person's own tree is an
// extra), and two different manifests are refused, naming both.
import {
  describeWorkload,
  sameWorkload,
  workloadOf,
  type WorkloadManifest,
} from '../bench/workload';
import type { Measurement } from '../schemas/run';
import type { PairedMeasurement } from './compare';
import type { Finding, TaskSaving } from './schema';

export type RowRule =
  | { compare: true }
  | { compare: false; skip: true }
  | { compare: false; skip: false; note: string };

/** The workload row a measurement belongs to ('generated', 'own'), or null for other timings. */
export function workloadRow(m: Measurement): string | null {
  const row = m.params?.['tree'] ?? m.params?.['workload'];
  return typeof row === 'string' ? row : null;
}

const missing = (m: WorkloadManifest | null): string => (m ? describeWorkload(m) : 'no manifest');

export function workloadRule(p: PairedMeasurement, m: Measurement): RowRule {
  const row = workloadRow(m);
  if (row === null) return { compare: true };
  if (!p.before || !p.after) return { compare: false, skip: true };
  const b = workloadOf(p.beforeTest, row);
  const a = workloadOf(p.afterTest, row);
  if (b && a && sameWorkload(b, a)) return { compare: true };
  return {
    compare: false,
    skip: false,
    note: `${NOT_SAME}: before ${missing(b)}; after ${missing(a)}`,
  };
}

const NOT_SAME = 'not compared, the runs timed different workloads';

/** One finding naming the rows refused because their workloads differ. */
export function workloadFindings(tasks: TaskSaving[]): Finding[] {
  const refused = tasks.filter((t) => t.note.startsWith(NOT_SAME));
  if (!refused.length) return [];
  return [
    {
      kind: 'comparability',
      severity: 'warn',
      title: `${refused.length} timing${refused.length > 1 ? 's' : ''} not compared: different workloads`,
      detail: refused.map((t) => `“${t.title}”: ${t.note.slice(NOT_SAME.length + 2)}.`).join(' '),
      weight: 56,
      keys: refused.map((t) => t.key),
    },
  ];
}
