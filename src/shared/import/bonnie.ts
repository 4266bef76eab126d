// bonnie++: the 1.0x table, the 1.9x/2.00 table (values may carry k/m/g = KiB/MiB/GiB per second,
// blank cells for phases not run) and the CSV lines of both generations. A table followed by the
// CSV line of the same run (bonnie++ prints both) is reported once, from the more precise CSV.
import { BONNIE_FILES, BONNIE_OUT } from '../bench/bonnie-metrics';
import { convert } from '../units';
import { alignRight, lineAt, tokens, type Token } from './columns';
import type { ParsedResult } from './types';
import { num } from './types';

export const PLUS_NOTE =
  'bonnie++ printed +++++: the phase finished in under 0.5 s, too fast to time';

type Kind = 'out' | 'files';
interface Section {
  kind: Kind;
  from: 'table' | 'csv';
  at: number;
  results: ParsedResult[];
}

const OUT_HEAD = /-Per\s+Chr-\s+--Block--\s+-Rewrite-\s+-Per\s+Chr-\s+--Block--\s+--Seeks--/g;
const FILE_HEAD = /-Create--\s+--Read---\s+-Delete--\s+-Create--\s+--Read---\s+-Delete--/g;
const OUT_UNITS = /(?:K?\/sec\s+%CP\s+){5}\/sec\s+%CP/;
const FILE_UNITS = /(?:\/sec\s+%CP\s+){5}\/sec\s+%CP/;
const STOP = /^(Latency|Version|Concurrency|Machine|files|\S*-{3,}\S*)$/;
const SUFFIX_UNIT: Record<string, string> = { k: 'KiB/s', m: 'MiB/s', g: 'GiB/s' };
const SUFFIX_MULT: Record<string, number> = { k: 1e3, m: 1e6, g: 1e9 };

function cellResult(
  metric: string,
  raw: string | null | undefined,
  at: number,
): ParsedResult | null | 'bad' {
  if (raw === null || raw === undefined || raw === '') return null;
  const rate = !metric.startsWith('seq_output') && !metric.startsWith('seq_input');
  const baseUnit = metric === 'random_seeks' ? 'seeks/s' : rate ? 'files/s' : 'KiB/s';
  if (/^\+{3,}$/.test(raw))
    return { tool: 'bonnie++', metric, value: null, unit: baseUnit, note: PLUS_NOTE, at };
  const m = /^(\d+(?:\.\d*)?)([kmg])?$/.exec(raw);
  if (!m) return 'bad';
  const v = num(m[1]);
  if (v === null) return 'bad';
  if (!m[2]) return { tool: 'bonnie++', metric, value: v, unit: baseUnit, at };
  if (rate) return { tool: 'bonnie++', metric, value: v * SUFFIX_MULT[m[2]]!, unit: baseUnit, at };
  return { tool: 'bonnie++', metric, value: v, unit: SUFFIX_UNIT[m[2]]!, at };
}

function toResults(
  kind: Kind,
  values: (string | null | undefined)[],
  at: number,
): ParsedResult[] | null {
  const names = kind === 'out' ? BONNIE_OUT : BONNIE_FILES;
  const out: ParsedResult[] = [];
  for (let i = 0; i < names.length; i++) {
    const r = cellResult(names[i]!, values[i], at);
    if (r === 'bad') return null;
    if (r) out.push(r);
  }
  return out.length ? out : null;
}

/** Cells from the table rows that follow a units line (value, %CP pairs). */
function tableCells(text: string, unitsAt: number, unitsEnd: number, kind: Kind): string[] | null {
  const unitsLine = lineAt(text, unitsAt);
  const rest = text.slice(unitsEnd, unitsLine.end).trim();
  let data: Token[];
  if (rest === '') {
    // Real layout: the data row is the next non-empty line; try column alignment first.
    let i = unitsLine.end + 1;
    let row = lineAt(text, Math.min(i, text.length));
    while (row.line.trim() === '' && row.end < text.length && i - unitsLine.end < 4) {
      i = row.end + 1;
      row = lineAt(text, i);
    }
    const slots = tokens(text.slice(unitsAt, unitsEnd), unitsAt - unitsLine.start);
    data = tokens(row.line);
    const aligned = alignRight(slots, data);
    if (aligned && aligned.prefix.length <= 3 && aligned.cells.some((c) => c !== null))
      return aligned.cells.map((c) => c ?? '');
  } else {
    // Collapsed paste (whitespace squeezed onto one line): read tokens up to the next heading.
    data = [];
    for (const t of tokens(text.slice(unitsEnd, unitsEnd + 400))) {
      if (STOP.test(t.text) || data.length >= 16) break;
      data.push(t);
    }
  }
  const vals = data.map((t) => t.text);
  if (vals.length >= 12) return vals.slice(-12);
  // bonnie++ -f skips the per-char phases: their cells are blank.
  if (kind === 'out' && vals.length >= 8) {
    const v = vals.slice(-8);
    return ['', '', v[0]!, v[1]!, v[2]!, v[3]!, '', '', v[4]!, v[5]!, v[6]!, v[7]!];
  }
  return null;
}

function tableSections(text: string, head: RegExp, units: RegExp, kind: Kind): Section[] {
  const out: Section[] = [];
  for (const h of text.matchAll(head)) {
    const after = h.index + h[0].length;
    const m = units.exec(text.slice(after, after + 200));
    if (!m || m.index > 120) continue;
    const uAt = after + m.index;
    const cells = tableCells(text, uAt, uAt + m[0].length, kind);
    if (!cells) continue;
    const results = toResults(
      kind,
      cells.filter((_, i) => i % 2 === 0),
      h.index,
    );
    if (results) out.push({ kind, from: 'table', at: h.index, results });
  }
  return out;
}

function csvSections(text: string): Section[] {
  const out: Section[] = [];
  let pos = 0;
  for (const line of text.split('\n')) {
    const at = pos;
    pos += line.length + 1;
    // Only the first fields are read (the last, files' delete latency, is field 37): a line of a
    // million commas is not cut into a million strings (its garbage grew the parse faster than
    // the input: 4 MiB of "1 bytes (1 B, " took 6.6x the time of 1 MiB).
    const f = line
      .trim()
      .split(',', 40)
      .map((x) => x.trim());
    if (f.length < 27) continue;
    let vals: number;
    let files: number;
    const fmt = num(f[0]);
    if (fmt !== null && fmt >= 1.9 && fmt < 2) {
      // 1.98+ added seeks and seek-process count after the chunk size.
      vals = fmt >= 1.98 ? 9 : 7;
      files = vals + 17;
    } else if (fmt === null && /^\d+(\.\d+)?[kKMGT]?(:\d+)*$/.test(f[1] ?? '')) {
      vals = 2;
      files = 15;
    } else continue;
    const pick = (from: number) => Array.from({ length: 6 }, (_, i) => f[from + i * 2]);
    const o = toResults('out', pick(vals), at);
    const fl = toResults('files', pick(files), at);
    if (o) out.push({ kind: 'out', from: 'csv', at, results: o });
    if (fl) out.push({ kind: 'files', from: 'csv', at, results: fl });
  }
  return out;
}

function same(a: ParsedResult[], b: ParsedResult[]): boolean {
  if (a.length !== b.length) return false;
  for (const x of a) {
    const y = b.find((r) => r.metric === x.metric);
    if (!y || (x.value === null) !== (y.value === null)) return false;
    if (x.value === null || y.value === null) continue;
    const xv = convert(x.value, x.unit, y.unit);
    // Tables round (e.g. 512m for 524123 K/sec); allow that rounding, nothing more.
    if (Math.abs(xv - y.value) > Math.max(0.05 * Math.abs(y.value), 0.6)) return false;
  }
  return true;
}

export function parseBonnie(text: string): ParsedResult[] {
  // Magazine pastes wrap CSV lines with a '↪' continuation mark; same-length blanks keep offsets.
  const flat = text.replace(/\r?\n[ \t]*↪/g, (s) => ' '.repeat(s.length));
  const sections = [
    ...tableSections(flat, OUT_HEAD, OUT_UNITS, 'out'),
    ...tableSections(flat, FILE_HEAD, FILE_UNITS, 'files'),
    ...csvSections(flat),
  ].sort((a, b) => a.at - b.at);
  // The next section of the same kind after each one, found in one backward pass (a search of
  // the rest per section is quadratic for a paste of many tables).
  const nextOfKind: ((typeof sections)[number] | undefined)[] = [];
  const seen = new Map<string, (typeof sections)[number]>();
  for (let i = sections.length - 1; i >= 0; i--) {
    nextOfKind[i] = seen.get(sections[i]!.kind);
    seen.set(sections[i]!.kind, sections[i]!);
  }
  const keep = sections.filter((s, i) => {
    if (s.from !== 'table') return true;
    const next = nextOfKind[i];
    return !(next && next.from === 'csv' && same(s.results, next.results));
  });
  return keep.flatMap((s) => s.results);
}
