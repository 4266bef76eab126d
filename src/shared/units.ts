// Units as explicit strings, and the conversions between them. Classic tools print the same word
// for different things (hdparm's "MB" is MiB, dd's "MB" is 10^6 bytes), so parsers decide the
// canonical unit and this module only converts between canonical ones. Printing numbers is the
// formatting module's (src/shared/format).

export const THROUGHPUT_UNITS = {
  'B/s': 1,
  'kB/s': 1e3,
  'KiB/s': 1024,
  'MB/s': 1e6,
  'MiB/s': 1024 ** 2,
  'GB/s': 1e9,
  'GiB/s': 1024 ** 3,
} as const;
const TIME_UNITS = { ns: 1e-9, µs: 1e-6, ms: 1e-3, s: 1, min: 60 } as const;

const families: Record<string, number>[] = [THROUGHPUT_UNITS, TIME_UNITS];

function familyOf(unit: string): Record<string, number> | null {
  return families.find((f) => Object.hasOwn(f, unit)) ?? null;
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
