// Pure helpers for the report's charts (kept apart from chart.js so they test under plain Node).

/** Printable content width: fits inside A4 (182 mm) and Letter (188 mm) with our margins. */
export const CHART_WIDTH = 680;

export const COLORS = {
  before: '#8a94a6',
  after: '#1d6fd8',
  cpu: '#6b7a90',
  io: '#e08a1e',
  faster: '#1e7d32',
  slower: '#b3261e',
  same: '#8a94a6',
  text: '#1b1f24',
  grid: '#d5dae1',
};

/** Log axes label only 1, 2 and 5 times a power of ten; the other grid lines stay unlabelled. */
export function logTick(v: number, fmt: (x: number) => string): string {
  if (!(v > 0)) return '';
  const m = v / 10 ** Math.floor(Math.log10(v) + 1e-9);
  return [1, 2, 5].some((k) => Math.abs(m - k) < 1e-6) ? fmt(v) : '';
}

/**
 * 1-2-5 steps inside [min, max]: the only ticks a log axis shows. Over more than three decades
 * only the powers of ten: a latency axis from 1 to 200,000 µs printed "50,000200,000".
 */
export function logTicks(min: number, max: number): number[] {
  const out: number[] = [];
  if (!(min > 0) || !(max > min)) return out;
  const steps = Math.log10(max / min) > 3 ? [1] : [1, 2, 5];
  for (let e = Math.floor(Math.log10(min)); e <= Math.ceil(Math.log10(max)); e++)
    for (const k of steps) {
      const v = Number((k * 10 ** e).toPrecision(12));
      if (v >= min && v <= max) out.push(v);
    }
  return out;
}
