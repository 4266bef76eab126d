// Plain-text views of runs and comparisons for the CLI.
import type { Comparison } from '../../shared/reference/compare';
import type { RunDocument } from '../../shared/schemas/run';
import { formatValue } from '../../shared/units';
import type { RunSummary } from './run-store';

const pad = (s: string, n: number): string => (s.length >= n ? s : s + ' '.repeat(n - s.length));

export function formatParams(p: Record<string, unknown> | undefined): string {
  if (!p) return '';
  return Object.entries(p)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(' ');
}

export function formatRunList(runs: readonly RunSummary[]): string {
  if (runs.length === 0) return 'no runs stored yet\n';
  const rows = runs.map((r) => [
    r.id,
    r.label,
    r.createdAt.slice(0, 19).replace('T', ' ') || 'date not given',
    `${r.tests} tests`,
    r.name ?? r.drive ?? '',
  ]);
  const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => r[i]!.length)));
  return (
    rows.map((r) => r.map((c, i) => (i < 4 ? pad(c, widths[i]!) : c)).join('  ')).join('\n') + '\n'
  );
}

export function formatRun(d: RunDocument): string {
  const lines = [
    `${d.name ?? d.id}  [${d.label}]`,
    `id ${d.id}, ${d.createdAt || 'date not given'}, source ${d.source.kind}${d.source.citation ? `: ${d.source.citation}` : ''}`,
  ];
  if (d.drive)
    lines.push(
      `drive ${[d.drive.vendor, d.drive.model, d.drive.path].filter(Boolean).join(' ')} (${d.drive.kind})`,
    );
  for (const c of d.caveats) lines.push(`caveat: ${c}`);
  for (const t of d.tests) {
    lines.push(
      '',
      `${t.title} (${t.testId}, ${t.method})${t.status === 'ok' ? '' : ` ${t.status}${t.error ? `: ${t.error}` : ''}`}`,
    );
    for (const m of t.measurements) {
      const spread =
        m.samples.length > 1 && m.min !== null && m.max !== null
          ? ` (${formatValue(m.min, '').trim()}–${formatValue(m.max, '').trim()}, n=${m.samples.length})`
          : '';
      const params = formatParams(m.params);
      lines.push(
        `  ${pad(m.metric + (params ? ` [${params}]` : ''), 44)} ${formatValue(m.median, m.unit)}${spread}${m.note ? `  ${m.note}` : ''}`,
      );
    }
    for (const c of t.caveats) lines.push(`  caveat: ${c}`);
  }
  return lines.join('\n') + '\n';
}

export function formatComparison(c: Comparison): string {
  const name = (r: Comparison['a']) => r.name ?? r.id;
  const lines = [`A: ${name(c.a)} [${c.a.label}]`, `B: ${name(c.b)} [${c.b.label}]`, ''];
  if (c.pairs.length === 0) lines.push('no figures in common');
  for (const p of c.pairs) {
    const params = formatParams(p.params);
    const f =
      p.factor === null
        ? 'n/a'
        : p.verdict === 'same'
          ? 'no measurable difference'
          : `B ${p.factor >= 1 ? `${p.factor.toFixed(2)}x better` : `${(1 / p.factor).toFixed(2)}x worse`}`;
    lines.push(
      `${pad(`${p.testId} ${p.metric}${params ? ` [${params}]` : ''}`, 52)} ${pad(formatValue(p.a.median, p.unit), 16)} ${pad(formatValue(p.b.median, p.unit), 16)} ${f}${p.note ? ` (${p.note})` : ''}`,
    );
  }
  if (c.onlyA.length) lines.push('', `only in A: ${c.onlyA.join(', ')}`);
  if (c.onlyB.length) lines.push('', `only in B: ${c.onlyB.join(', ')}`);
  return lines.join('\n') + '\n';
}
