// Display units and axis ticks for the verdict's charts and tables (numbers: shared/format).
import { shownSpread, shownUnit } from '../../shared/format';
import type { MetricComparison } from '../../shared/verdict';
import { isLogStep } from '../view-model/log-steps';

/** The comparison in the unit it is shown in (shared/format's one unit rule; ratios and outcomes do not change). */
export function forDisplay(c: MetricComparison): MetricComparison {
  const { unit } = shownUnit(c.unit);
  if (unit === c.unit) return c;
  return { ...c, unit, before: shownSpread(c.before, c.unit), after: shownSpread(c.after, c.unit) };
}

/** Axis ticks: 1-2-5 steps on log scales, compact thousands ("20k"). */
export function tickLabel(value: number, log: boolean, decades = 0): string {
  if (log && !isLogStep(value, decades)) return '';
  return value.toLocaleString('en-US', { notation: 'compact', maximumFractionDigits: 2 });
}
