// The verdict: ONE pure object computed from two runs, a usage profile and (optionally) the new
// drive's rated figures. The Verdict screen, the PDF report and the CLI print this object and
// nothing else, so their words and numbers cannot disagree.
//
// What it holds (schema.ts has the zod shape):
// - comparisons: every synthetic figure before → after, with its noise floor (`floor`,
//   `floorSource`), its outcome ('faster' / 'slower' / 'no-difference' / 'unknown'; 'varied' for
//   one drive measured twice) and, for
//   memory-speed or cache-suspected figures, `excluded` (shown, never judged).
// - headlines: one per theme ('random access', 'sequential reads', …): the MEDIAN speed-up of
//   its methods with min–max and count; its outcome is what findings and headline use.
// - tasks: felt tasks before → after. `basis` 'measured' (timed on both drives) or 'estimated'
//   (timed on one side only; the other from the prediction model), `side`, `kind`, `note`. Boot,
//   login and app start timed before only get the model's after-time from both runs' measured
//   drive figures, counted at the slow end of its 10–90 % range (estimate.ts).
// - totals: saved per day (measured + estimated, and each apart) and its `basis`
//   ('none' = no felt task timed: time saved not known).
// - noise: how many figures were judged / inside their floor / isolated outliers / excluded, and
//   `noMeasurableDifference` (A/A pairs: headline "No measurable difference between these runs").
// - text: the sentences to print as they are (time saved, the tasks line or null, noise line).
// - findings, recommendation {level, headline, reasons}, bigWins, smallGains, money.
// - identity: the same drive, two drives or not known, with the facts compared (identity.ts). The
//   same drive twice is a repeatability check (same-drive.ts): level 'same-drive', its headline,
//   figures that 'varied', no time saved, no win, no loss.
import { usageProfile, type RunDocument, type UsageProfile } from '../schemas/run';
import { compareRuns } from './compare';
import {
  cacheFindings,
  comparabilityFindings,
  cpuBoundFindings,
  driveHealthFindings,
  linkCeilingFindings,
  oneSideFindings,
  outcomeFindings,
  type RatedFigures,
} from './findings';
import { modelEstimates } from './estimate';
import { recommend, winsOf } from './recommend';
import type { Verdict } from './schema';
import { moneyOf, ratiosFromHeadlines, taskSavings } from './tasks';
import { driveMovedOf, settleIsolated, themeHeadlines } from './themes';
import { nothingSaved, noiseOf, textOf, totalsOf } from './summary';
import { workloadFindings } from './workload-rows';
import { conditionsFindings, disturbedPhases } from './conditions';
import { surfaceFindings, surfaceSides } from './surface';
import { driveIdentityOf } from './identity';
import { asSameDrive } from './same-drive';

export * from './schema';
export { NO_DIFFERENCE_HEADLINE } from './recommend';
export { ratioWords } from './themes';
export { SAME_DRIVE } from './same-drive';
export { NOISE_CLASSES } from './noise';
export type { RatedFigures } from './findings';

const SEVERITY_ORDER = { bad: 3, warn: 2, good: 1, info: 0 } as const;

export function runName(run: RunDocument): string {
  return run.name || [run.drive?.model, run.drive?.path].filter(Boolean).join(' ') || run.id;
}

const bothSides = (before: RunDocument, after: RunDocument) =>
  [
    { side: 'before', name: runName(before), run: before },
    { side: 'after', name: runName(after), run: after },
  ] as const;

export function computeVerdict(
  before: RunDocument,
  after: RunDocument,
  opts: { usage?: Partial<UsageProfile>; rated?: RatedFigures } = {},
): Verdict {
  const usage = opts.usage ?? after.usage ?? before.usage;
  const judged = compareRuns(before, after);
  const headlines = themeHeadlines(judged);
  const comparisons = settleIsolated(judged, headlines);
  const driveMoved = driveMovedOf(headlines);
  const tasks = modelEstimates(
    before,
    after,
    taskSavings(before, after, usage, ratiosFromHeadlines(headlines), driveMoved),
    usage,
    driveMoved,
  );
  const days = usageProfile.parse(usage ?? {}).workDaysPerYear;
  const noise = noiseOf(comparisons, headlines, tasks);
  // Runs that cannot be compared save nothing: what was left of them is not a measurement.
  const counted = totalsOf(tasks, days);
  const totals = noise.cannotCompare ? nothingSaved(counted) : counted;
  const money = moneyOf(usage, totals.savedPerYearHours);
  const wins =
    noise.noMeasurableDifference || noise.cannotCompare
      ? { bigWins: [], smallGains: [], findings: [] }
      : winsOf(headlines, tasks);
  const surface = surfaceSides(bothSides(before, after));
  const findings = [
    ...wins.findings,
    ...surfaceFindings(surface),
    ...linkCeilingFindings(after, opts.rated),
    ...cacheFindings(before, 'before'),
    ...cacheFindings(after, 'after'),
    ...cpuBoundFindings(tasks),
    ...comparabilityFindings(before, after),
    ...conditionsFindings(before, after),
    ...oneSideFindings(tasks),
    ...workloadFindings(tasks),
    ...driveHealthFindings(after),
    ...outcomeFindings(headlines, tasks),
  ].sort((a, b) => b.weight - a.weight || SEVERITY_ORDER[b.severity] - SEVERITY_ORDER[a.severity]);
  const busyPhases = [...disturbedPhases(before), ...disturbedPhases(after)];
  const identity = driveIdentityOf(before, after);
  const verdict: Verdict = {
    beforeId: before.id,
    afterId: after.id,
    beforeName: runName(before),
    afterName: runName(after),
    identity,
    comparisons,
    headlines,
    tasks,
    totals,
    noise,
    text: textOf(totals, tasks, noise),
    money,
    findings,
    ...(surface.length ? { surface } : {}),
    recommendation: recommend({
      busyPhases,
      headlines,
      tasks,
      wins,
      findings,
      totals,
      noise,
      comparisons: comparisons.length,
      money,
    }),
    bigWins: wins.bigWins,
    smallGains: wins.smallGains,
  };
  // One drive measured twice: a repeatability check, worded so on every surface.
  return identity.same === 'same' ? asSameDrive(verdict, busyPhases) : verdict;
}
