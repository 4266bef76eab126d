// CSV export of every metric of one or more runs: one row per measurement, samples kept.
import type { RunDocument } from '../../shared/schemas/run';

const COLUMNS = [
  'run_id',
  'run_label',
  'run_name',
  'created_at',
  'source',
  'drive',
  'test_id',
  'test_title',
  'tool',
  'status',
  'metric',
  'params',
  'unit',
  'better',
  'median',
  'min',
  'max',
  'samples',
  'note',
] as const;

/** RFC 4180 quoting; a leading =+-@ is prefixed so spreadsheets do not run it as a formula. */
export function csvCell(v: unknown): string {
  if (v === null || v === undefined) return '';
  let s = typeof v === 'number' ? (Number.isFinite(v) ? String(v) : '') : String(v);
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function runsToCsv(runs: readonly RunDocument[]): string {
  const rows: string[] = [COLUMNS.join(',')];
  for (const r of runs) {
    const drive = r.drive ? [r.drive.vendor, r.drive.model].filter(Boolean).join(' ') : '';
    for (const t of r.tests) {
      for (const m of t.measurements) {
        const params = m.params
          ? Object.entries(m.params)
              .map(([k, v]) => `${k}=${String(v)}`)
              .join(';')
          : '';
        const row = [
          r.id,
          r.label,
          r.name ?? '',
          r.createdAt,
          r.source.kind,
          drive,
          t.testId,
          t.title,
          t.tool,
          t.status,
          m.metric,
          params,
          m.unit,
          m.better,
          m.median,
          m.min,
          m.max,
          m.samples.map((x) => (x === null ? '' : String(x))).join(';'),
          m.note ?? '',
        ];
        rows.push(row.map(csvCell).join(','));
      }
    }
  }
  return rows.join('\r\n') + '\r\n';
}
