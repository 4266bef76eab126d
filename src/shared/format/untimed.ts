// Rows with no figure on either side (quick's bonnie++ file phases, each over in milliseconds: "+++++")
// said nothing but "— → —, no figure" in every table, six times over. Every surface (the verdict
// screen, the PDF, History → Compare, the CLI's verdict and compare) leaves them out of its table
// and names them once, in this one sentence.

/** A side's figure: its median, null when the run has no figure for it. */
type Side = { median: number | null } | null | undefined;

const blank = (s: Side): boolean => !s || s.median === null;

/** Splits rows into those shown and those with no figure on any side (left out, named once). */
export function splitUntimed<T>(
  rows: readonly T[],
  sides: (row: T) => readonly Side[],
): { shown: T[]; untimed: T[] } {
  const shown: T[] = [];
  const untimed: T[] = [];
  for (const r of rows) (sides(r).every(blank) ? untimed : shown).push(r);
  return { shown, untimed };
}

/** The one line naming them: "No figure in either run, too short to time (…): A; B." */
export function untimedLine(labels: readonly string[], single = false): string {
  if (!labels.length) return '';
  return `No figure in ${single ? 'this run' : 'either run'}, too short to time (bonnie++ prints +++++ for a phase under half a second): ${[...new Set(labels)].join('; ')}.`;
}
