// Display units and axis ticks for the verdict's charts and tables (numbers: shared/format).
import { shownSpread, shownUnit } from '../../shared/format';
import type { MetricComparison } from '../../shared/verdict';

/** The comparison in the unit it is shown in (shared/format's one unit rule; ratios and outcomes do not change). */
export function forDisplay(c: MetricComparison): MetricComparison {
  const { unit } = shownUnit(c.unit);
  if (unit === c.unit) return c;
  return { ...c, unit, before: shownSpread(c.before, c.unit), after: shownSpread(c.after, c.unit) };
}

/** Axis ticks: 1-2-5 steps on log scales, compact thousands ("20k"). */
export function tickLabel(value: number, log: boolean, decades = 0): string {
  if (log) {
    const mant = value / 10 ** Math.floor(Math.log10(value) + 1e-9);
    // Over more than three decades 2 and 5 crowd the powers of ten ("50100" under 50 and 100).
    const shown = decades > 3 ? [1] : [1, 2, 5];
    if (!shown.some((k) => Math.abs(mant - k) < 1e-6)) return '';
  }
  return value.toLocaleString('en-US', { notation: 'compact', maximumFractionDigits: 2 });
}
