// Spread statistics used everywhere a figure is shown: median with min–max, never a lone number.

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Nearest-rank percentile (p in 0..100), as fio reports clat percentiles. */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * s.length);
  return s[Math.min(s.length, Math.max(1, rank)) - 1]!;
}

export interface Spread {
  median: number | null;
  min: number | null;
  max: number | null;
}

export function spread(samples: readonly (number | null)[]): Spread {
  const v = samples.filter((x): x is number => x !== null && Number.isFinite(x));
  if (v.length === 0) return { median: null, min: null, max: null };
  return { median: median(v), min: Math.min(...v), max: Math.max(...v) };
}
