// Which values a log axis labels, for the Verdict screen's charts and the report's alike: 1, 2 and
// 5 times a power of ten, and over more than three decades the powers of ten only (2 and 5 then
// crowd them: "50100" on the screen, "50,000200,000" in the PDF).
export const logSteps = (decades: number): readonly number[] => (decades > 3 ? [1] : [1, 2, 5]);

/** Whether `v` is one of those steps on an axis spanning `decades`. */
export function isLogStep(v: number, decades = 0): boolean {
  if (!(v > 0)) return false;
  const m = v / 10 ** Math.floor(Math.log10(v) + 1e-9);
  return logSteps(decades).some((k) => Math.abs(m - k) < 1e-6);
}
