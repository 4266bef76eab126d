// Units as explicit strings, and the conversions between them. Classic tools print the same word
// for different things (hdparm's "MB" is MiB, dd's "MB" is 10^6 bytes), so parsers decide the
// canonical unit and this module only converts between canonical ones.

export const THROUGHPUT_UNITS = {
  'B/s': 1,
  'kB/s': 1e3,
  'KiB/s': 1024,
  'MB/s': 1e6,
  'MiB/s': 1024 ** 2,
  'GB/s': 1e9,
  'GiB/s': 1024 ** 3,
} as const;
export const TIME_UNITS = { ns: 1e-9, µs: 1e-6, ms: 1e-3, s: 1, min: 60 } as const;
export const RATE_UNITS = { IOPS: 1, 'seeks/s': 1, 'files/s': 1, 'ops/s': 1 } as const;

export type ThroughputUnit = keyof typeof THROUGHPUT_UNITS;
export type TimeUnit = keyof typeof TIME_UNITS;
export type Unit = ThroughputUnit | TimeUnit | keyof typeof RATE_UNITS;

const families: Record<string, Record<string, number>> = {
  throughput: THROUGHPUT_UNITS,
  time: TIME_UNITS,
};

function familyOf(unit: string): Record<string, number> | null {
  for (const f of Object.values(families)) if (Object.hasOwn(f, unit)) return f;
  return null;
}

/** Whether two units measure the same kind of quantity, so values can be converted. */
export function compatible(a: string, b: string): boolean {
  if (a === b) return true;
  const fa = familyOf(a);
  return fa !== null && fa === familyOf(b);
}

/** Converts value from one canonical unit to another; throws when they measure different things. */
export function convert(value: number, from: string, to: string): number {
  if (from === to) return value;
  const f = familyOf(from);
  if (!f || f !== familyOf(to)) throw new Error(`cannot convert ${from} to ${to}`);
  return (value * f[from]!) / f[to]!;
}

const SPELLINGS: Record<string, string> = {
  // Decimal (SI) as GNU dd and fio's parenthesised figures print them.
  'b/s': 'B/s',
  'kb/s': 'kB/s',
  'mb/s': 'MB/s',
  'gb/s': 'GB/s',
  // Binary prefixes.
  'kib/s': 'KiB/s',
  'mib/s': 'MiB/s',
  'gib/s': 'GiB/s',
  'k/s': 'KiB/s',
  'kbytes/s': 'KiB/s',
  // Time.
  ns: 'ns',
  nsec: 'ns',
  us: 'µs',
  µs: 'µs',
  usec: 'µs',
  ms: 'ms',
  msec: 'ms',
  s: 's',
  sec: 's',
  seconds: 's',
  iops: 'IOPS',
  'seeks/s': 'seeks/s',
  'files/s': 'files/s',
};

/**
 * Reads a unit as printed ('MB/sec', 'K/sec', 'kB/s', 'usec') into a canonical unit string, taking
 * the printed prefix literally (MB = 10^6). Tools that print "MB" for MiB (hdparm, bonnie++ 1.9x)
 * are handled by their parsers, not here. Returns null for anything unknown.
 */
export function parseUnit(printed: string): string | null {
  const key = printed
    .trim()
    .toLowerCase()
    .replace(/\/sec(ond)?$/, '/s')
    .replace(/ per second$/, '/s');
  return SPELLINGS[key] ?? null;
}
