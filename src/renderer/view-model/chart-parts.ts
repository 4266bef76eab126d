// How a long chart is cut into page-sized parts: the verdict screen and the report share it, so
// it lives with the view model rather than in either of them.

/** Splits long charts so each part fits on one page (a chart is never cut across pages). */
export function chunk<T>(xs: readonly T[], size: number): T[][] {
  if (xs.length === 0) return [];
  if (xs.length <= size) return [xs.slice()];
  const parts = Math.ceil(xs.length / size);
  const per = Math.ceil(xs.length / parts); // even parts: no lonely last bar
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += per) out.push(xs.slice(i, i + per));
  return out;
}

/** " (2 of 3)" when a chart was split, else nothing. */
export const partOf = (i: number, n: number): string => (n > 1 ? ` (${i + 1} of ${n})` : '');
