// One drive measured twice (identity.ts) is a repeatability check, not an upgrade. A real disk under
// real load gave "Small-block writes are 9.5× faster: this is what you feel" and "Marginal: faster"
// for /dev/vda → /dev/vda a minute apart. Here such a pair keeps its figures and loses every word
// of gain or loss: a figure beyond its floor "varied", nothing is saved, nothing is worth it, and
// the one headline every surface prints (the verdict, History → Compare, the CLI's verdict and
// compare, the PDF) says the same drive was measured twice and how far it varied.
import type { ComparisonOutcome, Finding, MetricComparison, TaskSaving, Verdict } from './schema';
import { nothingSaved } from './summary';

/** The headline of a same-drive pair: ONE function for the verdict and the run comparison. */
export const SAME_DRIVE = 'The same drive measured twice';

const x = (f: number) => `${f >= 10 ? Math.round(f) : f.toFixed(1)}×`;

/** Beyond the floor on the same drive: it varied (never faster or slower). */
export const variedOutcome = (o: ComparisonOutcome): ComparisonOutcome =>
  o === 'faster' || o === 'slower' ? 'varied' : o;

/** How far apart the two runs' figures are at most (either way); null with none to compare. */
export function variedBy(
  figures: readonly { speedup: number | null; excluded?: unknown }[],
): number | null {
  const apart = figures
    .filter((f) => !f.excluded && f.speedup !== null && f.speedup > 0)
    .map((f) => Math.max(f.speedup!, 1 / f.speedup!));
  return apart.length ? Math.max(...apart) : null;
}

export interface SameDriveCounts {
  /** The largest ratio between the runs, either way (variedBy). */
  varied: number | null;
  /** Nothing moved beyond its floor. */
  noDifference: boolean;
  /** Figures left out because the machine was busy, of all that could be judged. */
  disturbed: number;
  judged: number;
  cannotCompare: boolean;
}

/** "The same drive measured twice: the drive varied by up to 9.5× between runs". */
export function sameDriveHeadline(c: SameDriveCounts): string {
  const all = c.judged + c.disturbed;
  if (c.cannotCompare)
    return `${SAME_DRIVE}: these runs cannot be compared, the machine was busy during ${c.disturbed} of ${all} figures`;
  const busy = c.disturbed
    ? ` (${c.disturbed} of ${all} figures not compared: the machine was busy)`
    : '';
  if (c.noDifference || c.varied === null)
    return `${SAME_DRIVE}: no measurable difference between the runs${busy}`;
  return `${SAME_DRIVE}: the drive varied by up to ${x(c.varied)} between runs${busy}`;
}

/** Findings that say something about one drive measured twice (none is a gain, a loss or a price). */
const KEPT: ReadonlySet<Finding['kind']> = new Set([
  'cache-suspected',
  'comparability',
  'conditions',
  'disturbed',
  'trim-off',
  'misaligned',
]);

const asVaried = <T extends { outcome: ComparisonOutcome }>(c: T): T => ({
  ...c,
  outcome: variedOutcome(c.outcome),
});

/** A task timed twice on one drive: how far it varied; nothing saved, nothing estimated. */
const repeatTask = (t: TaskSaving): TaskSaving => ({
  ...asVaried(t),
  savedPerOccurrence: null,
  savedPerDay: null,
  savedPerYearHours: null,
});

/** The verdict of a same-drive pair, from the one computed as if it were an upgrade. */
export function asSameDrive(v: Verdict, busyPhases: string[]): Verdict {
  const comparisons: MetricComparison[] = v.comparisons.map(asVaried);
  // Only what both runs timed: a one-side estimate would be the model's guess of an upgrade.
  const tasks = v.tasks.filter((t) => t.side === 'both').map(repeatTask);
  const varied = variedBy([...comparisons, ...tasks.filter((t) => t.outcome !== 'unknown')]);
  const n = v.noise;
  const headline = sameDriveHeadline({
    varied,
    noDifference: n.noMeasurableDifference,
    disturbed: n.disturbed,
    judged: n.judged,
    cannotCompare: n.cannotCompare,
  });
  const reasons = [
    `${v.identity.facts} A repeatability check, not an upgrade: no figure here is a gain or a loss.`,
    ...(n.judged
      ? [
          `${n.noDifference} of ${n.judged} figures are inside their noise floor; the rest show how much one drive varies from run to run.`,
        ]
      : []),
    ...(busyPhases.length
      ? [
          `Busy during: ${[...new Set(busyPhases)].join(', ')}. Those figures are not compared; repeat them on a quiet machine.`,
        ]
      : []),
  ];
  return {
    ...v,
    comparisons,
    headlines: v.headlines.map(asVaried),
    tasks,
    totals: nothingSaved(v.totals),
    text: {
      ...v.text,
      timeSaved: 'Not counted: one drive measured twice',
      tasks: tasks.length ? `${tasks.length} task${tasks.length > 1 ? 's' : ''} timed twice` : null,
    },
    money: {
      ...v.money,
      hoursSavedPerYear: 0,
      pricePerHourSaved: null,
      note: 'One drive measured twice: no price applies.',
    },
    findings: v.findings.filter((f) => KEPT.has(f.kind)),
    recommendation: { level: 'same-drive', headline, reasons },
    bigWins: [],
    smallGains: [],
  };
}
