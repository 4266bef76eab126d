// Numbers as every screen, the PDF report and the CLI print them: three significant digits below
// 1000 without trailing zeros, grouped integers above (1,234), and '—' for a figure that is not there.
import type { SpreadOf } from '../verdict/schema';
import { formatSeconds } from './duration';

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

const missing = (x: number | null | undefined): x is null | undefined =>
  x === null || x === undefined || !Number.isFinite(x);

/** Three significant digits below 1000 ("2.5", "15.4", "0.0123"), grouped integers above (1,234). */
export function fmtNum(x: number | null | undefined): string {
  if (missing(x)) return '—';
  if (Math.abs(x) >= 1000) return grouped.format(x);
  return x.toLocaleString('en-US', { maximumSignificantDigits: 3 });
}

/** "412 (398–430)": the median with the min–max range a reader needs to judge it. */
export function fmtSpread(s: SpreadOf | null | undefined): string {
  if (!s || s.median === null) return '—';
  if (s.min === null || s.max === null || s.min === s.max) return fmtNum(s.median);
  return `${fmtNum(s.median)} (${fmtNum(s.min)}–${fmtNum(s.max)})`;
}

/** "3.4×": one decimal from 1.995 up, so a ratio never reads "2.00×". */
export function fmtRatio(x: number | null | undefined): string {
  if (missing(x)) return '—';
  return `${x >= 10 ? Math.round(x) : x.toFixed(x >= 1.995 ? 1 : 2)}×`;
}

/** The speed-up range the spreads allow; nothing when there is no spread (single samples). */
export function fmtRange(r: [number, number] | null): string {
  if (!r || fmtRatio(r[0]) === fmtRatio(r[1])) return '';
  return `${fmtRatio(r[0])}–${fmtRatio(r[1])}`;
}

/**
 * A figure's ratio column, worded as its outcome words are (outcomeWords): a figure judged slower
 * reads "1.59× slower" here too, never "0.63×" beside "1.59× slower" on another surface.
 */
export function fmtSpeedup(speedup: number | null | undefined, outcome: string): string {
  if (outcome === 'slower' && speedup) return `${fmtRatio(1 / speedup)} slower`;
  return fmtRatio(speedup);
}

/** The range beside fmtSpeedup, in the same direction ("1.4×–2.0×" under "1.59× slower"). */
export function fmtSpeedupRange(r: [number, number] | null, outcome: string): string {
  if (r && outcome === 'slower' && r[0] > 0 && r[1] > 0) return fmtRange([1 / r[1], 1 / r[0]]);
  return fmtRange(r);
}

/** A share of one as a whole percentage: 0.42 → "42 %". */
export function fmtShare(x: number | null | undefined): string {
  return missing(x) ? '—' : `${Math.round(x * 100)} %`;
}

/** A signed share as a whole percentage, as a prediction error reads: 0.12 → "+12 %". */
export function fmtSignedShare(x: number | null | undefined): string {
  return missing(x) ? '—' : `${x > 0 ? '+' : ''}${Math.round(x * 100)} %`;
}

type Excluded =
  'memory-speed' | 'cache-suspected' | 'disturbed' | { kind: string } | null | undefined;

const EXCLUDED_WORDS: Record<string, string> = {
  'memory-speed': 'memory speed',
  'cache-suspected': 'cache suspected',
  disturbed: 'the machine was busy',
};
const exclusionKind = (e: Excluded): string | null =>
  e ? (typeof e === 'string' ? e : e.kind) : null;

/**
 * The one outcome word of a figure, on every surface (screen, PDF, CLI): the verdict's rule
 * (verdict/compare.ts judgeFigure) decides it; a memory-speed or cache-suspected figure is shown
 * but "not compared".
 */
export function outcomeWord(outcome: string, excluded?: Excluded): string {
  const kind = exclusionKind(excluded);
  if (kind) return `not compared (${EXCLUDED_WORDS[kind] ?? kind})`;
  if (outcome === 'faster' || outcome === 'slower') return outcome;
  if (outcome === 'no-difference') return 'no measurable difference';
  if (outcome === 'varied') return 'varied';
  return 'no figure';
}

/** The outcome word with its ratio where there is a difference: "3.1× faster". */
export function outcomeWords(outcome: string, speedup: number | null, excluded?: Excluded): string {
  if (!exclusionKind(excluded)) {
    if (outcome === 'faster') return `${fmtRatio(speedup)} faster`;
    if (outcome === 'slower') return speedup ? `${fmtRatio(1 / speedup)} slower` : 'slower';
    // One drive measured twice: how far apart, either way, never a gain or a loss.
    if (outcome === 'varied' && speedup)
      return `varied ${fmtRatio(Math.max(speedup, 1 / speedup))}`;
  }
  return outcomeWord(outcome, excluded);
}

/**
 * A task's "saved each time" cell on every surface: the difference where the verdict judged one
 * (faster, or slower as a negative saving), '—' inside the noise or not compared. The appendix and
 * the screen printed an A/A's "−2.2 s" beside "no measurable difference" and "0.0 s" a day.
 */
export function fmtSavedEachTime(t: {
  outcome: string;
  savedPerOccurrence: number | null;
  excluded?: Excluded;
}): string {
  const judged = (t.outcome === 'faster' || t.outcome === 'slower') && !exclusionKind(t.excluded);
  return judged && t.savedPerOccurrence !== null ? formatSeconds(t.savedPerOccurrence) : '—';
}
