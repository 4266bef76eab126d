// Display units and axis ticks for the verdict's charts and tables (numbers: shared/format).
import type { MetricComparison, SpreadOf } from '../../shared/verdict';

/** bonnie++/iozone/fio print KiB/s; six-digit KiB/s figures are hard to read, MB/s are not. */
const DISPLAY: Record<string, { unit: string; factor: number }> = {
  'KiB/s': { unit: 'MB/s', factor: 1.024e-3 },
  'kB/s': { unit: 'MB/s', factor: 1e-3 },
};

/** The comparison in the unit it is shown in (ratios and outcomes do not change). */
export function forDisplay(c: MetricComparison): MetricComparison {
  const d = DISPLAY[c.unit];
  if (!d) return c;
  const scale = (s: SpreadOf): SpreadOf => ({
    samples: s.samples,
    median: s.median === null ? null : s.median * d.factor,
    min: s.min === null ? null : s.min * d.factor,
    max: s.max === null ? null : s.max * d.factor,
  });
  return { ...c, unit: d.unit, before: scale(c.before), after: scale(c.after) };
}

/** Axis ticks: 1-2-5 steps on log scales, compact thousands ("20k"). */
export function tickLabel(value: number, log: boolean): string {
  if (log) {
    const mant = value / 10 ** Math.floor(Math.log10(value) + 1e-9);
    if (![1, 2, 5].some((k) => Math.abs(mant - k) < 1e-6)) return '';
  }
  return value.toLocaleString('en-US', { notation: 'compact', maximumFractionDigits: 2 });
}
