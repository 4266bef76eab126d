// Text rendering of a run for the CLI: one row per figure in a person's words (the classic tool as
// a tag), median with min–max, throughput in MB/s, and every line within 100 columns.
import { figureLabel, labelText, plainMethod, testLabel } from '../../shared/labels';
import type { BenchPlan } from '../../shared/contract/bench';
import type { RunDocument } from '../../shared/schemas/run';
import { fmtBytes, fmtNum, shownUnit } from '../../shared/format';

/** Terminal width the CLI's tables are laid out for. */
export const CLI_WIDTH = 100;

export function formatEta(s: number | null): string {
  if (s === null || !Number.isFinite(s)) return '…';
  const t = Math.max(0, Math.round(s));
  return t >= 60 ? `${Math.floor(t / 60)}m${String(t % 60).padStart(2, '0')}s` : `${t}s`;
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

/**
 * Lays rows out in columns two spaces apart; `flex` is the column that gives up width (clipped)
 * so the table fits `width`. `right` lists right-aligned columns.
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
  const line = (r: string[]): string =>
    r
      .map((c, i) => {
        const cell = clip(c ?? '', widths[i]!);
        return opts.right.includes(i) ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!);
      })
      .join('  ')
      .trimEnd();
  return [line(rows[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)];
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
          : labelText(figureLabel(t.testId, m, t.tool));
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
      `  ${t.id.padEnd(18)} ${formatEta(t.estimateSeconds).padStart(6)}  writes ${fmtBytes(t.bytesNeeded)}`,
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
