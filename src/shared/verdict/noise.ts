// Noise floors: how large a before/after difference must be before it is called measurable.
//
// With repetitions, a metric's floor is the spread its own samples show (each side's min–max range
// relative to its median, before plus after: two medians of a few samples each can differ by
// about that much on the same drive), never below the class's minimum and never
// above its stated MAXIMUM: a noisy metric cannot widen its floor until every difference passes.
// A figure with a single sample on a side (published results, quick runs with one repetition)
// gets the class's stated single-sample floor instead.
import type { MetricTheme, SpreadOf } from './schema';

export interface NoiseClass {
  /** Floor for a figure without repetitions (relative change, 0.10 = 10 %). */
  single: number;
  /** Floor never goes below this even when the repetitions agree closely. */
  min: number;
  /** Floor never goes above this, however widely the repetitions scatter. */
  max: number;
}

/**
 * Stated per metric class. Why these numbers: run-to-run scatter measured on this project's own
 * A/A pairs (same loop device twice, quiet and under CPU load, test/e2e/verdict-pairs.test.ts):
 * streaming throughput moved 2–8 %, random-access IOPS and latency percentiles 5–20 %, bonnie++
 * file phases and sub-second tasks up to ~30 %. The maxima are what a 2× milder throttle must
 * still clear, so they stay well under 50 %.
 */
export const NOISE_CLASSES: Record<MetricTheme, NoiseClass> = {
  sequential: { single: 0.1, min: 0.05, max: 0.25 },
  'small-block': { single: 0.15, min: 0.05, max: 0.3 },
  'random-access': { single: 0.15, min: 0.05, max: 0.3 },
  'file-ops': { single: 0.25, min: 0.1, max: 0.4 },
  latency: { single: 0.2, min: 0.08, max: 0.4 },
  memory: { single: 0.1, min: 0.05, max: 0.25 },
  task: { single: 0.1, min: 0.05, max: 0.3 },
  other: { single: 0.15, min: 0.05, max: 0.3 },
};

export interface Floor {
  /** Relative change below which the difference is noise (0.1 = 10 %). */
  floor: number;
  /** 'spread': from the repetitions; 'single': the class's stated single-sample floor. */
  source: 'spread' | 'single';
}

/** The side's min–max range relative to its median (0 without samples). */
function scatter(s: SpreadOf): number {
  if (s.median === null || s.median <= 0 || s.min === null || s.max === null) return 0;
  return (s.max - s.min) / s.median;
}

export function noiseFloor(theme: MetricTheme, before: SpreadOf, after: SpreadOf): Floor {
  const c = NOISE_CLASSES[theme];
  if (before.samples <= 1 || after.samples <= 1) return { floor: c.single, source: 'single' };
  const f = scatter(before) + scatter(after);
  return { floor: Math.min(c.max, Math.max(c.min, f)), source: 'spread' };
}

/** Outside the floor: a speed-up beyond 1+floor, or a slow-down beyond 1/(1+floor). */
export function beyondFloor(speedup: number, floor: number): 'faster' | 'slower' | null {
  if (speedup > 1 + floor) return 'faster';
  if (speedup < 1 / (1 + floor)) return 'slower';
  return null;
}
