// Text rendering of a run for the CLI: one row per measurement, median with min–max.
import type { BenchPlan } from '../../shared/contract/bench';
import type { Measurement, RunDocument } from '../../shared/schemas/run';

export function formatEta(s: number | null): string {
  if (s === null || !Number.isFinite(s)) return '…';
  const t = Math.max(0, Math.round(s));
  return t >= 60 ? `${Math.floor(t / 60)}m${String(t % 60).padStart(2, '0')}s` : `${t}s`;
}

export function fmtNum(x: number | null): string {
  if (x === null) return '—';
  const a = Math.abs(x);
  return a >= 1000 ? Math.round(x).toLocaleString('en-US') : a >= 10 ? x.toFixed(1) : x.toFixed(2);
}

const paramText = (m: Measurement): string =>
  m.label ??
  (m.params
    ? Object.entries(m.params)
        .map(([k, v]) => `${k}=${v}`)
        .join(' ')
    : '');

export function formatRunTable(doc: RunDocument): string {
  const rows: string[][] = [['test', 'metric', 'median', 'min–max', 'unit']];
  const notes: string[] = [];
  for (const t of doc.tests) {
    if (t.status !== 'ok') {
      rows.push([t.testId, t.status.toUpperCase(), t.error ?? '', '', '']);
      continue;
    }
    for (const m of t.measurements) {
      rows.push([
        t.testId,
        [m.metric, paramText(m)].filter(Boolean).join(' · '),
        fmtNum(m.median),
        m.min === null ? '' : `${fmtNum(m.min)}–${fmtNum(m.max)}`,
        m.unit,
      ]);
      if (m.note) notes.push(`${t.testId} ${m.metric}: ${m.note}`);
    }
    for (const c of t.caveats) notes.push(`${t.testId}: ${c}`);
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (r: string[]): string =>
    r
      .map((c, i) => (i === 2 || i === 3 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  const out = [
    line(rows[0]!),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...rows.slice(1).map(line),
  ];
  const all = [...new Set([...notes, ...doc.caveats])];
  return (
    out.join('\n') +
    '\n' +
    (all.length ? '\nnotes:\n' + all.map((n) => `  - ${n}`).join('\n') + '\n' : '')
  );
}

const gib = (n: number): string =>
  n >= 1024 ** 3 ? `${(n / 1024 ** 3).toFixed(2)} GiB` : `${Math.round(n / 1024 ** 2)} MiB`;

/** `drivewise bench --dry-run`: the plan, what it writes, the space it needs, the estimate. */
export function formatDryRun(plan: BenchPlan): string {
  const rows = plan.tests.map(
    (t) =>
      `  ${t.id.padEnd(18)} ${formatEta(t.estimateSeconds).padStart(6)}  writes ${gib(t.bytesNeeded)}`,
  );
  return [
    `dry run: ${plan.profile} profile, ${plan.repetitions} repetition(s) — nothing was run or written`,
    ...rows,
    `estimate: ${formatEta(plan.totalSeconds)} (${plan.totalSeconds} s)`,
    `writes at most: ${gib(plan.bytesNeeded)}`,
    `free space needed: ${gib(plan.bytesRequired)}${plan.freeBytes !== null ? ` (${gib(plan.freeBytes)} free)` : ''}`,
    ...plan.notes,
    '',
  ].join('\n');
}
