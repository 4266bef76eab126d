// The one unit rule for a measured figure on every screen, in the PDF and in the CLI: throughputs
// in MB/s (10^6 bytes a second, as drive makers and dd print them) whatever unit the tool measured
// in (hdparm's MiB/s, bonnie++'s KiB/s), every other unit as measured; numbers by fmtNum.
import { convert, THROUGHPUT_UNITS } from '../units';
import { fmtNum } from './number';

/** The unit every throughput is shown in. */
export const THROUGHPUT_SHOWN = 'MB/s';

const isThroughput = (unit: string): boolean => Object.hasOwn(THROUGHPUT_UNITS, unit);

/** The unit a figure measured in `unit` is shown in, and the conversion to it. */
export function shownUnit(unit: string): {
  unit: string;
  conv: (v: number | null) => number | null;
} {
  if (!isThroughput(unit) || unit === THROUGHPUT_SHOWN) return { unit, conv: (v) => v };
  return {
    unit: THROUGHPUT_SHOWN,
    conv: (v) => (v === null || !Number.isFinite(v) ? v : convert(v, unit, THROUGHPUT_SHOWN)),
  };
}

/** One measured value as shown: "122 MB/s" for 116 MiB/s, "5.82 ms", or '—'. */
export function fmtFigure(v: number | null | undefined, unit: string): string {
  const s = shownUnit(unit);
  const x = v === undefined ? null : s.conv(v);
  return x === null || !Number.isFinite(x) ? '—' : `${fmtNum(x)} ${s.unit}`;
}

/** A median with its min–max as shown: "122 (118–130) MB/s"; the unit once, at the end. */
export function fmtFigureSpread(
  s: { median: number | null; min: number | null; max: number | null } | null | undefined,
  unit: string,
): string {
  const u = shownUnit(unit);
  if (!s || s.median === null) return '—';
  const [median, min, max] = [u.conv(s.median), u.conv(s.min), u.conv(s.max)];
  const range =
    min === null || max === null || min === max ? '' : ` (${fmtNum(min)}–${fmtNum(max)})`;
  return `${fmtNum(median)}${range} ${u.unit}`;
}

/** A spread (median, min, max and the rest of it) in the unit it is shown in. */
export function shownSpread<
  T extends { median: number | null; min: number | null; max: number | null },
>(s: T, unit: string): T {
  const { conv } = shownUnit(unit);
  return { ...s, median: conv(s.median), min: conv(s.min), max: conv(s.max) };
}
