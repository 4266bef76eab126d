// Pure helpers for the report's charts (kept apart from chart.js so they test under plain Node).
import { isLogStep, logSteps } from '../view-model/log-steps';

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

/** Log axes label only their steps (view-model/log-steps.ts); the other grid lines stay unlabelled. */
export const logTick = (v: number, fmt: (x: number) => string): string =>
  isLogStep(v) ? fmt(v) : '';

/** The steps inside [min, max]: the only ticks a log axis shows. */
export function logTicks(min: number, max: number): number[] {
  const out: number[] = [];
  if (!(min > 0) || !(max > min)) return out;
  for (let e = Math.floor(Math.log10(min)); e <= Math.ceil(Math.log10(max)); e++)
    for (const k of logSteps(Math.log10(max / min))) {
      const v = Number((k * 10 ** e).toPrecision(12));
      if (v >= min && v <= max) out.push(v);
    }
  return out;
}
