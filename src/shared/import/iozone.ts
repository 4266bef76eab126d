// iozone's auto-mode table: a "KB reclen write rewrite read reread read write ..." heading (the
// "random random bkwd record stride" line above it is optional), then one row per file size and
// record size. Tests not run leave blank columns, so rows are matched to headings by position when
// the paste kept its alignment, else by order.
import { IOZONE_COLUMNS } from '../bench/iozone-metrics';
import { alignRight, lineAt, tokens } from './columns';
import type { ParsedResult } from './types';
import { num } from './types';

/** Metric per heading position after KB and reclen, as iozone prints them. */
const COLUMNS = IOZONE_COLUMNS;
// Each repetition starts with blanks, so the match is linear (no nested-quantifier backtracking).
const HEADING = /^[ \t]*[kK]B[ \t]+reclen(?:[ \t]+[a-z]+)+[ \t]*$/gm;

export function parseIozone(text: string): ParsedResult[] {
  const unit = /Output is in operations per second/i.test(text) ? 'ops/s' : 'KiB/s';
  const out: ParsedResult[] = [];
  for (const h of text.matchAll(HEADING)) {
    const head = lineAt(text, h.index);
    const slots = tokens(head.line);
    const names = slots.slice(2).map((t, i) => (t.text === headingAt(i) ? COLUMNS[i] : null));
    if (names.length === 0 || names.some((n) => n === null)) continue;
    let pos = head.end + 1;
    while (pos < text.length) {
      const row = lineAt(text, pos);
      pos = row.end + 1;
      const data = tokens(row.line);
      if (data.length === 0) {
        if (out.length) break;
        continue;
      }
      if (data.length < 3 || !data.every((t) => num(t.text) !== null)) break;
      let cells: (string | null)[] | null = null;
      if (data.length === slots.length) cells = data.map((t) => t.text);
      else {
        const aligned = alignRight(slots, data, 3);
        if (aligned && aligned.prefix.length === 0) cells = aligned.cells;
      }
      if (!cells || cells[0] === null || cells[1] === null) break;
      const fileKb = num(cells[0]!)!;
      const recordKb = num(cells[1]!)!;
      cells.slice(2).forEach((c, i) => {
        const value = c === null ? null : num(c);
        if (value === null) return;
        out.push({
          tool: 'iozone',
          metric: names[i]!,
          value,
          unit,
          record_kb: recordKb,
          file_kb: fileKb,
          at: row.start,
        });
      });
    }
  }
  return out;
}

const HEADINGS = [
  'write',
  'rewrite',
  'read',
  'reread',
  'read',
  'write',
  'read',
  'rewrite',
  'read',
  'fwrite',
  'frewrite',
  'fread',
  'freread',
];
const headingAt = (i: number): string | undefined => HEADINGS[i];
