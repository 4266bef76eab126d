// The fleet verdict as text for a terminal and as CSV for a spreadsheet (one row per host).
import { fmtMoney } from '../../shared/format/money';
import { fmtShare, fmtSignedShare } from '../../shared/format/number';
import { csvCell } from '../store/csv';
import { FLAG_TEXT, per100, type FleetReport, type HostVerdict } from '../../shared/contract/fleet';

const cut = (s: string, n: number) => (s.length > n ? s.slice(0, n - 1) + '…' : s);
const hrs = (h: number | null) => (h === null ? '—' : (Math.abs(h) < 0.005 ? 0 : h).toFixed(2));
const pct = fmtSignedShare;

export function flagWords(h: HostVerdict): string {
  return h.flags.map((f) => FLAG_TEXT[f]).join('; ');
}

function hostLine(r: FleetReport, h: HostVerdict, i: number): string {
  const cols = [
    String(i + 1).padStart(4),
    cut(h.host, 24).padEnd(24),
    cut(h.driveKind ?? '?', 9).padEnd(9),
    hrs(h.hoursPerYear).padStart(8),
    fmtShare(h.savedShare).padStart(6),
    `${h.capacityGB} GB`.padStart(9),
    fmtMoney(h.cost, r.currency).padStart(9),
    (per100(h)?.toFixed(2) ?? '—').padStart(8),
  ];
  if (r.afterDir)
    cols.push(
      (h.after ? hrs(h.after.measuredHoursPerYear) : '—').padStart(8),
      (h.after ? hrs(h.after.predictedHoursPerYear) : '—').padStart(8),
      (h.after && !h.after.swapped ? 'same' : pct(h.after?.error)).padStart(7),
    );
  const flags = flagWords(h);
  return cols.join(' ') + (flags ? `  ${flags}` : '');
}

const notSwappedLine = (n: number): string =>
  n ? ` ${n} host(s) measured the same drive again (not swapped): left out.` : '';

export function formatFleet(r: FleetReport, top = Infinity): string {
  const head = [
    '   #',
    'host'.padEnd(24),
    'drive'.padEnd(9),
    'h/year'.padStart(8),
    'saved'.padStart(6),
    'buy'.padStart(9),
    'cost'.padStart(9),
    `h/${r.currency}100`.padStart(8),
  ];
  if (r.afterDir) head.push('measured'.padStart(8), 'predict'.padStart(8), 'error'.padStart(7));
  const t = r.totals;
  const out = [
    `Fleet: ${t.hosts} host(s) from ${r.filesSeen} file(s); target ${r.targetName} at ${fmtMoney(r.pricePerGB, r.currency, 3)}/GB.`,
    `Worth a new drive (saves at least ${hrs(t.minHoursPerYear)} h a year): ${t.worthIt} host(s), ${hrs(t.hoursPerYear)} h saved a year for ${fmtMoney(t.cost, r.currency)}.`,
  ];
  if (r.afterDir)
    out.push(
      `Prediction error of the hours saved, over the swapped hosts: median ${pct(t.medianError)} (median of the sizes ${pct(t.medianAbsError)}).${notSwappedLine(t.notSwapped)}`,
    );
  const shown = r.hosts.slice(0, top);
  out.push(...r.notes, '', head.join(' '), ...shown.map((h, i) => hostLine(r, h, i)));
  if (shown.length < r.hosts.length)
    out.push(`… ${r.hosts.length - shown.length} more host(s) (--csv FILE lists every host)`);
  const noted = r.hosts.filter((h) => h.notes.length);
  if (noted.length) {
    out.push('', 'Notes:');
    for (const h of noted) out.push(`  ${h.host}: ${h.notes.join(' ')}`);
  }
  if (r.failed.length) {
    out.push('', `Not measured: ${r.failed.length} host(s):`);
    for (const f of r.failed) out.push(`  ${f.host}: ${f.why}`);
  }
  if (r.skipped.length) {
    out.push('', `Skipped ${r.skipped.length} file(s):`);
    for (const s of r.skipped) out.push(`  ${s.file} ${s.why}`);
  }
  if (r.unmatchedAfter.length)
    out.push('', `After-runs without a before-run: ${r.unmatchedAfter.join(', ')}`);
  return out.join('\n') + '\n';
}

const CSV_COLUMNS = [
  'rank',
  'host',
  'hostname',
  'machine_id',
  'run_id',
  'file',
  'created_at',
  'drive_kind',
  'drive_model',
  'used_gb',
  'buy_gb',
  'cost',
  'hours_saved_per_year',
  'seconds_saved_per_day',
  'share_saved',
  'hours_per_100_money',
  'random_speedup',
  'sequential_speedup',
  'flags',
  'notes',
  'after_run_id',
  'measured_hours_per_year',
  'predicted_hours_per_year',
  'prediction_error',
  'swapped',
] as const;

export function fleetCsv(r: FleetReport): string {
  const rows = r.hosts.map((h, i) =>
    [
      i + 1,
      h.host,
      h.hostname,
      h.machineId,
      h.runId,
      h.file,
      h.createdAt,
      h.driveKind,
      h.driveModel,
      h.usedGB,
      h.capacityGB,
      h.cost,
      h.hoursPerYear,
      h.secondsPerDay,
      h.savedShare,
      per100(h),
      h.speedups?.random,
      h.speedups?.sequential,
      h.flags.join(' '),
      h.notes.join(' '),
      h.after?.runId,
      h.after?.measuredHoursPerYear,
      h.after?.predictedHoursPerYear,
      h.after?.error,
      h.after ? (h.after.swapped ? 'yes' : 'no') : '',
    ]
      .map(csvCell)
      .join(','),
  );
  // A host the playbook could not measure is a row too: no rank, flag 'failed', the reason.
  const failed = r.failed.map((f) =>
    CSV_COLUMNS.map((c) =>
      csvCell(
        c === 'host'
          ? f.host
          : c === 'file'
            ? f.file
            : c === 'flags'
              ? 'failed'
              : c === 'notes'
                ? f.why
                : null,
      ),
    ).join(','),
  );
  return [CSV_COLUMNS.join(','), ...rows, ...failed].join('\r\n') + '\r\n';
}
