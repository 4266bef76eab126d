// Text rendering of a run for the CLI: one row per figure in a person's words (the classic tool as
// a tag), median with min–max, throughput in MB/s, and every line within 100 columns.
import { labelText, measurementLabel, plainMethod, testLabel } from '../../shared/labels';
import type { BenchPlan } from '../../shared/contract/bench';
import type { RunDocument } from '../../shared/schemas/run';
import { fmtBytes, fmtNum, formatDuration, shownUnit } from '../../shared/format';

/** Terminal width the CLI's tables are laid out for. */
export const CLI_WIDTH = 100;

/** An ETA or estimate in the words every screen uses ("3 min 5 s"); "…" while not known. */
export function formatEta(s: number | null): string {
  return s === null || !Number.isFinite(s) ? '…' : formatDuration(s);
}

// Numbers follow the one rule of the formatting module (screens, report and CLI alike).
export { fmtNum };

/** Throughputs in MB/s whatever the tool printed: shared/format's one unit rule. */
export const displayUnit = shownUnit;

/** Cuts a cell to n characters with an ellipsis, so a long label cannot widen the table. */
export function clip(s: string, n: number): string {
  return s.length <= n ? s : `${s.slice(0, Math.max(1, n - 1))}…`;
}

/** Wraps prose to the CLI width with a hanging indent. */
export function wrap(text: string, indent = '  ', width = CLI_WIDTH): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if ((out.length ? indent : '').length + next.length > width && line) {
      out.push((out.length ? indent : '') + line);
      line = word;
    } else line = next;
  }
  if (line) out.push((out.length ? indent : '') + line);
  return out.map((l) => clip(l, width));
}

/** A cell wrapped at word boundaries into lines of at most `width` (a longer word is cut). */
function wrapCell(text: string, width: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= width) line = next;
    else {
      if (line) out.push(line);
      let w = word;
      while (w.length > width) {
        out.push(w.slice(0, width));
        w = w.slice(width);
      }
      line = w;
    }
  }
  return [...out, line];
}

/**
 * Lays rows out in columns two spaces apart; `flex` is the column that gives up width so the
 * table fits `width`. Its text wraps onto indented lines below rather than being cut: `compare`
 * once cut three names to the same "Random 4 KiB read response time, one at…". `right` lists
 * right-aligned columns.
 */
export function textTable(
  rows: string[][],
  opts: { flex: number; right: number[]; width?: number },
): string[] {
  const width = opts.width ?? CLI_WIDTH;
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  const others = widths.reduce((s, w, i) => (i === opts.flex ? s : s + w), 0);
  widths[opts.flex] = Math.max(
    8,
    Math.min(widths[opts.flex]!, width - others - 2 * (widths.length - 1)),
  );
  const cell = (c: string, i: number): string =>
    opts.right.includes(i) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!);
  const lines = (r: string[]): string[] => {
    const w = widths[opts.flex]!;
    const [first, ...rest] = wrapCell(r[opts.flex] ?? '', w);
    const more = rest.length ? wrapCell(rest.join(' '), w - 2).map((x) => `  ${x}`) : [];
    const row = (flexText: string, others: boolean) =>
      r
        .map((c, i) =>
          cell(i === opts.flex ? flexText : others ? clip(c ?? '', widths[i]!) : '', i),
        )
        .join('  ')
        .trimEnd();
    return [row(first ?? '', true), ...more.map((m) => row(m, false))];
  };
  return [
    ...lines(rows[0]!),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...rows.slice(1).flatMap(lines),
  ];
}

const testName = (t: { testId: string; title: string }) => testLabel(t.testId, t.title).label;

export function formatRunTable(doc: RunDocument): string {
  const rows: string[][] = [['figure', 'median', 'min–max', 'unit']];
  const notes: string[] = [];
  for (const t of doc.tests) {
    if (t.status !== 'ok') {
      rows.push([`${testName(t)}: ${t.status}${t.error ? ` (${t.error})` : ''}`, '', '', '']);
      continue;
    }
    for (const m of t.measurements) {
      const { unit, conv } = displayUnit(m.unit);
      const name =
        t.testId === 'task.stopwatch'
          ? `${t.title} (stopwatch)`
          : labelText(measurementLabel(t, m));
      rows.push([
        name,
        fmtNum(conv(m.median)),
        m.min === null || m.min === m.max ? '' : `${fmtNum(conv(m.min))}–${fmtNum(conv(m.max))}`,
        unit,
      ]);
      if (m.note) notes.push(`${name}: ${m.note}`);
    }
    for (const c of t.caveats) notes.push(`${testName(t)}: ${plainMethod(c)}`);
  }
  const out = textTable(rows, { flex: 0, right: [1, 2] });
  const all = [...new Set([...notes, ...doc.caveats])];
  const noteLines = all.flatMap((n) => wrap(`- ${n}`, '  ', CLI_WIDTH - 2).map((l) => `  ${l}`));
  return out.join('\n') + '\n' + (all.length ? `\nnotes:\n${noteLines.join('\n')}\n` : '');
}

/** `drivewise bench --dry-run`: the plan, what it writes, the space it needs, the estimate. */
export function formatDryRun(plan: BenchPlan): string {
  const rows = plan.tests.map(
    (t) =>
      `  ${t.id.padEnd(18)} ${formatEta(t.estimateSeconds).padStart(10)}  writes ${fmtBytes(t.bytesNeeded)}`,
  );
  return [
    `dry run: ${plan.profile} profile, ${plan.repetitions} repetition(s) — nothing was run or written`,
    ...rows,
    `estimate: ${formatEta(plan.totalSeconds)} (${plan.totalSeconds} s)`,
    `writes at most: ${fmtBytes(plan.bytesNeeded)}`,
    `free space needed: ${fmtBytes(plan.bytesRequired)}${plan.freeBytes !== null ? ` (${fmtBytes(plan.freeBytes)} free)` : ''}`,
    ...plan.notes,
    '',
  ].join('\n');
}
