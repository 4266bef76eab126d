// Whether one build's noise floors of a figure are wider than another's beyond chance. A run's
// floor is a min–max over three repetitions, and it moved 5-30 % between runs of one build: medians
// of a few runs flip "wider" for many figures by chance alone (bd39a13 against itself, three runs
// on 2026-12-06 and three on 2026-12-07: 17 of 56 "wider" on the fast loop, 2-6 on the HDD-like
// one). A rank test over the runs says which differences the runs themselves cannot explain.

/** Mann–Whitney U of `b` over `a`: pairs where b's value is larger, ties counting a half. */
export function uStatistic(a: readonly number[], b: readonly number[]): number {
  let u = 0;
  for (const x of b) for (const y of a) u += x > y ? 1 : x === y ? 0.5 : 0;
  return u;
}

/** Splits of n items into k and n − k past which the exact test is not enumerated. */
const MAX_SPLITS = 50_000;

function binomial(n: number, k: number): number {
  let c = 1;
  for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
  return Math.round(c);
}

/**
 * Both one-sided p-values of `b` against `a` from one enumeration: the share of all ways to deal
 * the pooled values into groups of their sizes whose U of b's group is at least the observed one
 * (`larger`: b's values larger) and at most it (`smaller`: U of a over b is n·m − U, so this is
 * a's tail). Exact, ties included. Five runs a side give 252 deals: p can reach 0.004. Null when a
 * side is empty or the deals are too many to count (then more runs than bench:quick takes).
 */
function tails(
  a: readonly number[],
  b: readonly number[],
): { larger: number; smaller: number } | null {
  const all = [...a, ...b];
  const k = b.length;
  if (!a.length || !k || binomial(all.length, k) > MAX_SPLITS) return null;
  const observed = uStatistic(a, b);
  let larger = 0;
  let smaller = 0;
  let deals = 0;
  const pick: number[] = [];
  const deal = (from: number): void => {
    if (pick.length === k) {
      const inB = new Set(pick);
      deals++;
      const u = uStatistic(
        all.filter((_, i) => !inB.has(i)),
        pick.map((i) => all[i]!),
      );
      if (u >= observed - 1e-9) larger++;
      if (u <= observed + 1e-9) smaller++;
      return;
    }
    for (let i = from; i <= all.length - (k - pick.length); i++) {
      pick.push(i);
      deal(i + 1);
      pick.pop();
    }
  };
  deal(0);
  return { larger: larger / deals, smaller: smaller / deals };
}

/** One-sided p that `b`'s values are larger than `a`'s (tails above); null as there. */
export const pLarger = (a: readonly number[], b: readonly number[]): number | null =>
  tails(a, b)?.larger ?? null;

/** The level below which a difference counts. With 56 figures, about 3 pass it by chance alone. */
export const RANK_ALPHA = 0.05;

/** 'wider' or 'narrower' when the runs show it at RANK_ALPHA, else null (or too few runs). */
export function rankVerdict(
  before: readonly number[],
  after: readonly number[],
): 'wider' | 'narrower' | null {
  const p = tails(before, after);
  if (p && p.larger < RANK_ALPHA) return 'wider';
  if (p && p.smaller < RANK_ALPHA) return 'narrower';
  return null;
}
