// Pure arithmetic behind every figure the engine reports: unit conversions, overhead
// subtraction, bonnie++'s "too fast to time" rule, latency percentiles and the ETA.
import type { Measurement } from '../../../shared/schemas/run';
import { percentile, spread } from '../../../shared/stats';

const MiB = 1024 * 1024;

/** hdparm's "MB/sec" are MiB/s. */
export const mibPerSec = (bytes: number, seconds: number): number => bytes / MiB / seconds;
/** dd's "MB/s" are 10^6 bytes per second. */
export const mbPerSec = (bytes: number, seconds: number): number => bytes / 1e6 / seconds;
/** bonnie++ K/sec, iozone KB/sec and fio bw are KiB/s. */
export const kibPerSec = (bytes: number, seconds: number): number => bytes / 1024 / seconds;

/**
 * hdparm -T: time N re-reads, time the same loop without the reads, subtract. Returns null when
 * the overhead ate the whole interval (the result would be meaningless).
 */
export function overheadCorrectedRate(
  bytes: number,
  elapsedSeconds: number,
  overheadSeconds: number,
): { seconds: number; mibPerSec: number } | null {
  const seconds = elapsedSeconds - overheadSeconds;
  if (!(seconds > 0)) return null;
  return { seconds, mibPerSec: mibPerSec(bytes, seconds) };
}

/** bonnie++ prints '+++++' for phases under 0.5 s: its clock cannot time them. */
export const BONNIE_MIN_SECONDS = 0.5;
/**
 * The engine's clock is a nanosecond one, so a file phase from 0.1 s on is timed (a 1 ms hiccup is
 * 1%). Since the file calls moved into C, most phases of 1–16 ×1024 files on an SSD take
 * 0.1–0.5 s: under bonnie++'s rule they were all +++++, and the median of the few slow
 * repetitions that remained read low.
 */
export const FILE_PHASE_MIN_SECONDS = 0.1;

export function bonniePhaseRate(
  count: number,
  seconds: number,
): { value: number | null; note?: string } {
  const ms = (seconds * 1000).toFixed(0);
  if (seconds < FILE_PHASE_MIN_SECONDS)
    return {
      value: null,
      note: `phase took ${ms} ms, too short to time (bonnie++ prints +++++); more files would time it`,
    };
  if (seconds < BONNIE_MIN_SECONDS)
    return {
      value: count / seconds,
      note: `phase took ${ms} ms: bonnie++ would print +++++ (under its 0.5 s minimum); timed here to the microsecond`,
    };
  return { value: count / seconds };
}

/** seeker prints count/seconds seeks/s and 1000*seconds/count ms. */
export function seekerFigures(
  seeks: number,
  seconds: number,
): { seeksPerSecond: number; randomAccessMs: number } {
  return { seeksPerSecond: seeks / seconds, randomAccessMs: (1000 * seconds) / seeks };
}

export interface LatencyStats {
  mean: number;
  p50: number;
  p99: number;
}

/** Latencies in µs; nearest-rank percentiles as fio reports them. */
export function latencyStats(us: ArrayLike<number>, count = us.length): LatencyStats | null {
  if (count === 0) return null;
  const v = Array.from({ length: count }, (_, i) => us[i]!);
  const mean = v.reduce((a, b) => a + b, 0) / count;
  return { mean, p50: percentile(v, 50)!, p99: percentile(v, 99)! };
}

/** Builds a Measurement keeping every sample; median/min/max are derived here, never trusted. */
export function measurement(
  metric: string,
  unit: string,
  better: 'higher' | 'lower',
  samples: (number | null)[],
  extra: { label?: string; note?: string; params?: Measurement['params'] } = {},
): Measurement {
  const s = spread(samples);
  const round = (x: number | null): number | null => (x === null ? null : roundSig(x));
  return {
    metric,
    unit,
    better,
    samples: samples.map(round),
    median: round(s.median),
    min: round(s.min),
    max: round(s.max),
    ...(extra.label ? { label: extra.label } : {}),
    ...(extra.note ? { note: extra.note } : {}),
    ...(extra.params ? { params: extra.params } : {}),
  };
}

/** Five significant digits: more than any of these tools prints, less noise in the JSON. */
export function roundSig(x: number, digits = 5): number {
  if (x === 0 || !Number.isFinite(x)) return x;
  const p = Math.pow(10, digits - Math.ceil(Math.log10(Math.abs(x))));
  return Math.round(x * p) / p;
}

/**
 * Remaining seconds of the current test: trust the estimate at first, then the observed pace
 * (elapsed/fraction) as the fraction grows.
 */
export function testRemaining(fraction: number, elapsed: number, estimate: number): number {
  const f = Math.min(1, Math.max(0, fraction));
  const byEstimate = Math.max(0, estimate - elapsed);
  if (f < 0.05) return Math.max(byEstimate, estimate * (1 - f));
  const byPace = (elapsed / f) * (1 - f);
  const w = Math.min(1, (f - 0.05) / 0.25); // blend over 5%..30%
  return (1 - w) * byEstimate + w * byPace;
}

/** Overall fraction and ETA across the plan, weighting tests by their estimates. */
export function overallProgress(
  estimates: readonly number[],
  index: number,
  fraction: number,
  elapsedInTest: number,
): { overall: number; etaSeconds: number } {
  const total = estimates.reduce((a, b) => a + b, 0) || 1;
  const done = estimates.slice(0, index).reduce((a, b) => a + b, 0);
  const cur = estimates[index] ?? 0;
  const rest = estimates.slice(index + 1).reduce((a, b) => a + b, 0);
  const overall = Math.min(1, (done + cur * Math.min(1, fraction)) / total);
  return { overall, etaSeconds: testRemaining(fraction, elapsedInTest, cur) + rest };
}
