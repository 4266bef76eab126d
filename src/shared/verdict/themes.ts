// Representative headlines: a theme's ratio is the MEDIAN of its methods with their range, never
// the most extreme one (bonnie++'s 8 KiB block reads once gave 94× beside 7.7–25× from the
// others). A theme only "moves" when its median clears the group's noise floor and most of its
// methods agree, so one noisy figure cannot make news; a one-method theme must clear its class's
// maximum floor.
import { median } from '../stats';
import { fmtRatio } from '../format/number';
import { themeWords } from './metrics';
import { NOISE_CLASSES } from './noise';
import type { MetricComparison, ThemeHeadline } from './schema';

/** Themes that say something about the drive a person compares (memory and tasks do not). */
const DRIVE_THEMES = new Set(['sequential', 'small-block', 'random-access', 'file-ops', 'latency']);

/** What a headline reads of a judged figure (the verdict's comparisons, History's pairs alike). */
export type Judged = Pick<
  MetricComparison,
  'key' | 'theme' | 'metric' | 'excluded' | 'speedup' | 'outcome' | 'floor' | 'why'
>;

export function themeHeadlines(comparisons: readonly Judged[]): ThemeHeadline[] {
  const groups = new Map<string, Judged[]>();
  for (const c of comparisons) {
    if (!DRIVE_THEMES.has(c.theme) || c.excluded || c.speedup === null) continue;
    const w = themeWords(c.theme, c.metric);
    groups.set(w, [...(groups.get(w) ?? []), c]);
  }
  const out: ThemeHeadline[] = [];
  for (const [words, cs] of groups) {
    const ratios = cs.map((c) => c.speedup!);
    const mid = median(ratios)!;
    // A theme measured by one method only has nothing to agree with: it moves only beyond its
    // class's stated maximum floor (one noisy figure must not make news).
    const floor =
      cs.length === 1 ? NOISE_CLASSES[cs[0]!.theme].max : median(cs.map((c) => c.floor))!;
    const agree = (o: 'faster' | 'slower') =>
      cs.filter((c) => c.outcome === o).length * 2 > cs.length;
    const outcome =
      mid > 1 + floor && agree('faster')
        ? 'faster'
        : mid < 1 / (1 + floor) && agree('slower')
          ? 'slower'
          : 'no-difference';
    out.push({
      words,
      theme: cs[0]!.theme,
      median: Math.round(mid * 1000) / 1000,
      min: Math.round(Math.min(...ratios) * 1000) / 1000,
      max: Math.round(Math.max(...ratios) * 1000) / 1000,
      count: cs.length,
      outcome,
      floor,
      keys: cs.map((c) => c.key),
    });
  }
  return out.sort((a, b) => b.median - a.median);
}

/** The keys of every figure whose kind of work moved. */
export const movedKeysOf = (headlines: readonly ThemeHeadline[]): Set<string> =>
  new Set(headlines.filter((h) => h.outcome !== 'no-difference').flatMap((h) => h.keys));

/** Did any kind of work move? null when the runs share no drive figure (nothing to say). */
export function driveMovedOf(headlines: readonly ThemeHeadline[]): boolean | null {
  return headlines.length ? headlines.some((h) => h.outcome !== 'no-difference') : null;
}

/**
 * A figure beyond its floor whose kind of work did not move is an isolated outlier: run-to-run
 * noise, worded "no measurable difference" on every surface (an A/A PDF showed a latency p99
 * "1.41× slower" beside "No measurable difference between these runs"). `isolated` keeps the
 * count the noise line reports.
 */
export function settleIsolated<T extends Judged>(
  judged: readonly T[],
  headlines: readonly ThemeHeadline[],
): (T & { isolated?: true })[] {
  const moved = movedKeysOf(headlines);
  return judged.map((c) =>
    (c.outcome === 'faster' || c.outcome === 'slower') &&
    DRIVE_THEMES.has(c.theme) &&
    !moved.has(c.key)
      ? {
          ...c,
          outcome: 'no-difference' as const,
          why: `isolated: ${c.outcome} beyond its floor while the other methods of its kind did not move, so run-to-run noise`,
          isolated: true as const,
        }
      : c,
  );
}

/** "60×" / "2.4×" / "60× (median of 5 methods, 21–95×)". */
export function ratioWords(h: Pick<ThemeHeadline, 'median' | 'min' | 'max' | 'count'>): string {
  // The one ratio wording (shared/format fmtRatio): "1.18×" in the task table read "1.2×" here.
  const x = fmtRatio;
  if (h.count <= 1 || x(h.min) === x(h.max)) return x(h.median);
  return `${x(h.median)} (median of ${h.count} methods, ${x(h.min).replace('×', '')}–${x(h.max)})`;
}
