// Number formatting for the verdict screens: a few significant digits, thousands separators.
import type { MetricComparison, SpreadOf } from '../../shared/verdict';

export function fmtNum(x: number | null | undefined): string {
  if (x === null || x === undefined || !Number.isFinite(x)) return '—';
  const a = Math.abs(x);
  const digits = a >= 100 ? 0 : a >= 10 ? 1 : a >= 1 ? 2 : 3;
  return x.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 });
}

export function fmtSpread(s: SpreadOf): string {
  if (s.median === null) return '—';
  if (s.min === null || s.max === null || s.min === s.max) return fmtNum(s.median);
  return `${fmtNum(s.median)} (${fmtNum(s.min)}–${fmtNum(s.max)})`;
}

export function fmtRatio(x: number | null): string {
  if (x === null || !Number.isFinite(x)) return '—';
  return `${x >= 10 ? Math.round(x) : x.toFixed(x >= 1.995 ? 1 : 2)}×`;
}

/** The speed-up range the spreads allow; nothing when there is no spread (single samples). */
export function fmtRange(r: [number, number] | null): string {
  if (!r || fmtRatio(r[0]) === fmtRatio(r[1])) return '';
  return `${fmtRatio(r[0])}–${fmtRatio(r[1])}`;
}

export function fmtShare(x: number | null): string {
  return x === null ? '—' : `${Math.round(x * 100)} %`;
}

export function fmtHours(h: number): string {
  if (Math.abs(h) < 1) return `${Math.round(h * 60)} min`;
  return `${h.toFixed(1)} h`;
}

export function fmtMoney(currency: string, x: number | null, digits = 2): string {
  return x === null ? '—' : `${currency}${x.toFixed(digits)}`;
}

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
