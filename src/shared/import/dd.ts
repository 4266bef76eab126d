// GNU dd's summary line: "2048000000 bytes (2.0 GB) copied, 32.5028 s, 63.0 MB/s". Newer
// coreutils print "(2.0 GB, 1.9 GiB)" and older ones "seconds"; dd's MB are 10^6 bytes.
import type { ParsedResult } from './types';
import { num } from './types';

// (?<!\d) keeps long digit runs linear: a match may only start where a number starts. The size in
// parentheses is bounded ("(2.0 GB, 1.9 GiB)" is 17): unbounded, every "1 bytes (" of a line with
// no ")" scanned to its end, quadratic (issue 37: 540 KB of them took 16 s).
const SUMMARY =
  /(?<!\d)(\d+)\s+bytes\s*(?:\([^)\n]{0,64}\)\s*)?copied,\s*([\d.]+)\s*s(?:econds)?,\s*([\d.]+)\s*([kKMGT]?i?B)\/s/g;
const UNIT: Record<string, string> = {
  B: 'B/s',
  kB: 'kB/s',
  KB: 'kB/s',
  MB: 'MB/s',
  GB: 'GB/s',
  KiB: 'KiB/s',
  MiB: 'MiB/s',
  GiB: 'GiB/s',
};

export function parseDd(text: string): ParsedResult[] {
  const out: ParsedResult[] = [];
  if (!text.includes('copied')) return out; // no summary line: no reason to scan every number
  for (const m of text.matchAll(SUMMARY)) {
    const value = num(m[3]);
    const unit = UNIT[m[4]!];
    if (value === null || !unit) continue;
    out.push({ tool: 'dd', metric: 'throughput', value, unit, at: m.index });
  }
  return out;
}
