// Plain-text views of runs and comparisons for the CLI: figures in a person's words with the
// classic tool as a tag, throughputs in MB/s, every line within 100 columns. `--json` keeps the
// metric identifiers for scripts.
import { outcomeWords, splitUntimed, untimedLine } from '../../shared/format';
import {
  figureLabel,
  labelText,
  measurementLabel,
  plainMethod,
  testLabel,
} from '../../shared/labels';
import type { Comparison } from '../../shared/reference/compare';
import type { RunDocument } from '../../shared/schemas/run';
import { CLI_WIDTH, clip, displayUnit, fmtNum, textTable, wrap } from '../cli/format';
import type { RunSummary } from './run-store';

export function formatRunList(runs: readonly RunSummary[]): string {
  if (runs.length === 0) return 'no runs stored yet\n';
  // The id is what the other commands take, so it is printed whole; the name gives way.
  const rows = runs.map((r) => [
    r.id,
    r.label,
    r.createdAt.slice(0, 16).replace('T', ' ') || 'date not given',
    `${r.tests} tests`,
    r.name ?? r.drive ?? '',
  ]);
  return textTable([['id', 'label', 'date', 'tests', 'name'], ...rows], { flex: 4, right: [] })
    .slice(2)
    .join('\n')
    .concat('\n');
}

const SOURCE = { measured: 'measured', imported: 'imported', reference: 'published' } as const;

export function formatRun(d: RunDocument): string {
  const lines = [
    clip(`${d.name ?? d.id}  [${d.label}]`, CLI_WIDTH),
    ...wrap(
      `id ${d.id}, ${d.createdAt || 'date not given'}, ${SOURCE[d.source.kind]}${d.source.citation ? `: ${d.source.citation}` : ''}`,
    ),
  ];
  if (d.drive)
    lines.push(
      clip(
        `drive ${[d.drive.vendor, d.drive.model, d.drive.path].filter(Boolean).join(' ')} (${d.drive.kind})`,
        CLI_WIDTH,
      ),
    );
  for (const c of d.caveats) lines.push(...wrap(`caveat: ${c}`));
  for (const t of d.tests) {
    const name = testLabel(t.testId, t.title);
    lines.push(
      '',
      ...wrap(
        `${labelText(name)}: ${plainMethod(t.method)}${t.status === 'ok' ? '' : ` — ${t.status}${t.error ? `: ${t.error}` : ''}`}`,
      ),
    );
    const rows = t.measurements.map((m) => {
      const { unit, conv } = displayUnit(m.unit);
      const spread =
        m.samples.length > 1 && m.min !== null && m.max !== null
          ? `${fmtNum(conv(m.min))}–${fmtNum(conv(m.max))}, n=${m.samples.length}`
          : '';
      const f = measurementLabel(t, m);
      const tag = f.tag && f.tag !== name.tag ? ` · ${f.tag}` : '';
      const direct = m.params?.direct ? ' · O_DIRECT' : '';
      return [
        `  ${t.testId === 'task.stopwatch' ? t.title : f.label}${tag}${direct}`,
        fmtNum(conv(m.median)),
        unit,
        spread,
        m.note ?? '',
      ];
    });
    if (rows.length)
      lines.push(...textTable([['', '', '', '', ''], ...rows], { flex: 4, right: [1] }).slice(2));
    for (const c of t.caveats) lines.push(...wrap(`  caveat: ${plainMethod(c)}`, '    '));
  }
  return lines.map((l) => clip(l, CLI_WIDTH)).join('\n') + '\n';
}

export function formatComparison(c: Comparison): string {
  const name = (r: Comparison['a']) => r.name ?? r.id;
  const lines = [
    clip(`A: ${name(c.a)} [${c.a.label}]`, CLI_WIDTH),
    clip(`B: ${name(c.b)} [${c.b.label}]`, CLI_WIDTH),
    // The verdict's one headline, word for word as `drivewise verdict A B` and the PDF print it.
    ...wrap(`Verdict, A before and B after: ${c.headline}`),
    // What identified the drives (one drive measured twice, or two), always.
    ...wrap(c.identity.facts),
    '',
  ];
  // Figures neither run timed: left out of the table and named once (shared/format).
  const { shown, untimed } = splitUntimed(c.pairs, (p) => [p.a, p.b]);
  if (c.pairs.length === 0) lines.push('no figures in common');
  else {
    const rows = shown.map((p) => {
      const { unit, conv } = displayUnit(p.unit);
      // The verdict's rule and words (shared/format outcomeWords), as on every other surface.
      const f = outcomeWords(p.outcome, p.factor, p.excluded);
      return [
        labelText(figureLabel(p.testId, p)),
        `${fmtNum(conv(p.a.median))} ${unit}`,
        `${fmtNum(conv(p.b.median))} ${unit}`,
        f + (p.note ? ' *' : ''),
      ];
    });
    lines.push(...textTable([['figure', 'A', 'B', 'B vs A'], ...rows], { flex: 0, right: [1, 2] }));
    const notes = [...new Set(shown.flatMap((p) => (p.note ? [p.note] : [])))];
    if (notes.length) lines.push('', ...notes.flatMap((n) => wrap(`* ${n}`)));
    const line = untimedLine(untimed.map((p) => figureLabel(p.testId, p).label));
    if (line) lines.push('', ...wrap(line));
  }
  const only = (xs: string[]) => xs.map((x) => labelText(testLabel(x.split(' ')[0]!)));
  if (c.onlyA.length)
    lines.push('', ...wrap(`only in A: ${[...new Set(only(c.onlyA))].join(', ')}`));
  if (c.onlyB.length)
    lines.push('', ...wrap(`only in B: ${[...new Set(only(c.onlyB))].join(', ')}`));
  return lines.join('\n') + '\n';
}
