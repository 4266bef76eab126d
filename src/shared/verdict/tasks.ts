// Real-world tasks: seconds saved per occurrence, per day and per year, and what that costs.
// Measured where a task was timed on both drives; where it was timed on one side only (or failed
// on the other), the other side is estimated with the prediction model from the synthetic
// figures' theme medians, and labelled so.
import { disturbedReason } from './conditions';
import { median } from '../stats';
import type { RunDocument, TestResult, UsageProfile } from '../schemas/run';
import { usageProfile } from '../schemas/run';
import { assumedIoShare, TASK_KINDS, taskKindOf } from '../prediction/task-kinds';
import { beyondFloor, NOISE_CLASSES } from './noise';
import { compareSpreads, pairMeasurements, spreadOfMeasurement } from './compare';
import { timingLabel } from '../labels';
import { fmtRatio } from '../format/number';
import type { Outcome } from './compare';
import type { Money, SpreadOf, TaskKind, TaskSaving, ThemeHeadline } from './schema';
import { workloadRule } from './workload-rows';

/** How often a task happens per day: the usage profile, else the kind's default. */
export function occurrencesPerDay(
  testId: string,
  key: string,
  usage: UsageProfile,
  kind: TaskKind = taskKindOf(testId),
): number {
  if (kind === 'boot' && testId === 'task.boot') return usage.bootsPerDay;
  if (kind === 'login' && testId === 'task.login') return usage.loginsPerDay;
  if (kind === 'hibernate') return usage.resumesPerDay;
  const set = usage.tasksPerDay[key] ?? usage.tasksPerDay[testId];
  if (set !== undefined) return set;
  if (kind === 'boot') return usage.bootsPerDay;
  if (kind === 'login') return usage.loginsPerDay;
  return TASK_KINDS[kind].perDay;
}

/** Share of wall time not spent on the CPU: what a faster drive can remove (Amdahl's serial part). */
export function ioWaitShareOf(test: TestResult): number | null {
  if (test.ioWaitShare !== undefined && test.ioWaitShare !== null) return test.ioWaitShare;
  const cpu = median(test.cpuSeconds ?? []);
  const wall = median(test.wallSeconds ?? []);
  if (cpu === null || wall === null || wall <= 0) return null;
  return Math.min(1, Math.max(0, 1 - cpu / wall));
}

const round = (x: number, digits = 3) => Math.round(x * 10 ** digits) / 10 ** digits;

/** Random-access and sequential speed-ups the synthetic figures show (1 where nothing moved). */
export interface DriveRatios {
  random: number;
  sequential: number;
  sources: string[];
  /** false: the runs share no drive figure, so nothing can be estimated. */
  known: boolean;
}

export function ratiosFromHeadlines(headlines: ThemeHeadline[]): DriveRatios {
  const moved = (words: string[]) =>
    headlines.find((h) => words.includes(h.words) && h.outcome !== 'no-difference');
  const r = moved(['random access']);
  const s = moved(['sequential reads']) ?? moved(['sequential writes']);
  return {
    random: r?.median ?? 1,
    sequential: s?.median ?? 1,
    sources: [r, s].filter(Boolean).map((h) => `${h!.words} ${fmtRatio(h!.median)}`),
    known: headlines.length > 0,
  };
}

/** Amdahl: the disk part shrinks by the drive ratios, the CPU part stays. Returns the time ratio. */
export function timeRatio(ioShare: number, randomShare: number, ratios: DriveRatios): number {
  return (
    1 - ioShare + ioShare * (randomShare / ratios.random + (1 - randomShare) / ratios.sequential)
  );
}

/**
 * Timed on one drive only: the other side from the drive ratios (the prediction model), with the
 * note that says how it was estimated (or why it could not be).
 */
function estimateOtherSide(
  side: 'before-only' | 'after-only',
  kind: TaskKind,
  from: SpreadOf,
  share: number | null,
  ratios: DriveRatios,
): { estimate: SpreadOf; note: string } {
  const facts = TASK_KINDS[kind];
  // A kind's fixed CPU seconds describe the old (slower) side: from an after-only timing the
  // kind's plain share is used.
  const diskShare =
    share ?? (side === 'before-only' ? assumedIoShare(kind, from.median) : facts.ioShare);
  const ratio = timeRatio(diskShare, facts.randomShare, ratios);
  const scale = side === 'before-only' ? ratio : 1 / ratio;
  const est = from.median === null || !ratios.known ? null : from.median * scale;
  const note =
    `timed ${side === 'before-only' ? 'before the swap only' : 'after the swap only'}; ` +
    (!ratios.known
      ? 'not estimated: these runs share no drive figure to estimate from; time it on the other drive too'
      : ratios.sources.length
        ? `the other side is estimated from ${ratios.sources.join(' and ')} with a ${Math.round(diskShare * 100)} % disk share`
        : 'the drive figures show no measurable difference, so the estimate is no change');
  return { estimate: { median: est, min: est, max: est, samples: 0 }, note };
}

type Settleable = Pick<Outcome, 'outcome' | 'speedup' | 'why'>;
type Timed = Pick<SpreadOf, 'median'>;

/**
 * The drive figures say "same drive" (every kind of work inside its floor): a felt task that moved
 * anyway moved with the machine, not the drive, whatever the size of the move. Measured on the
 * same loop device twice: the fast one's 20,000-file walk is processor work (0.4 → 0.5 s, 1.1 →
 * 0.3 s under load), the HDD-like one's follows blkio's release rate (9.5 → 16 s): no drive
 * figure moved in either, and a same-drive pair must read as no difference. Changes `o` in place.
 */
function quietenOutlier(o: Settleable, driveMoved: boolean | null): void {
  if (driveMoved === false && (o.outcome === 'faster' || o.outcome === 'slower')) {
    const inside = o.speedup !== null && beyondFloor(o.speedup, NOISE_CLASSES.task.max) === null;
    o.outcome = 'no-difference';
    o.why = inside
      ? `inside the ${Math.round(NOISE_CLASSES.task.max * 100)} % maximum floor for tasks, and no drive figure moved: run-to-run noise`
      : 'no drive figure moved, so this change came from the machine (processor load, the throttle), not the drive: run-to-run noise';
  }
}

/**
 * Below what a person notices (a tenth of a second a run, the usual threshold of perceived
 * delay), a task that moved beyond its spread is still no finding: a same-drive A/A run read
 * "Slower after the swap: Disk search" from 0.35 s against 0.35 s. Changes `o` in place.
 */
export const IMPERCEPTIBLE_SECONDS = 0.1;

function quietenImperceptible(o: Settleable, before: Timed, after: Timed): void {
  if (
    (o.outcome === 'faster' || o.outcome === 'slower') &&
    before.median !== null &&
    after.median !== null &&
    Math.abs(before.median - after.median) < IMPERCEPTIBLE_SECONDS
  ) {
    o.outcome = 'no-difference';
    o.why = `it moved by less than ${IMPERCEPTIBLE_SECONDS} s a run, which nobody notices`;
  }
}

/**
 * The task half of the one rule, for every surface that judges a felt task's figure (the verdict's
 * task rows, History → Compare, the CLI's compare): no drive figure moved → the machine's noise;
 * a time that moved by less than a person notices → no difference. Changes `o` in place.
 */
export function settleTask(
  o: Settleable,
  before: Timed,
  after: Timed,
  driveMoved: boolean | null,
  seconds: boolean,
  /** Share of the old run's time spent waiting for the disk (ioWaitShareOf), when known. */
  diskShare: number | null = null,
): void {
  quietenOutlier(o, driveMoved);
  if (seconds) quietenImperceptible(o, before, after);
  quietenCpuBound(o, diskShare);
}

/** Below this share of its time waiting for the disk, a task is CPU-bound: the drive barely moves it. */
export const CPU_BOUND_SHARE = 0.3;

/**
 * A CPU-bound task that took longer after the swap took longer on the processor, not the drive:
 * a report read "Slower after the swap: Unpacking 1.1 s → 1.8 s" beside "CPU-bound: a faster drive
 * barely changes it", and counted the 0.7 s as a loss. Changes `o` in place.
 */
function quietenCpuBound(o: Settleable, diskShare: number | null): void {
  if (o.outcome !== 'slower' || diskShare === null || diskShare >= CPU_BOUND_SHARE) return;
  o.outcome = 'no-difference';
  o.why = `CPU-bound: only ${Math.round(diskShare * 100)} % of its time waited for the disk, so a longer time is the processor's, not the drive's`;
}

export function taskSavings(
  before: RunDocument,
  after: RunDocument,
  usageIn: Partial<UsageProfile> | undefined,
  ratios: DriveRatios,
  /** Did any drive figure move? null when the runs share no synthetic figure. */
  driveMoved: boolean | null = null,
): TaskSaving[] {
  const usage = usageProfile.parse(usageIn ?? after.usage ?? before.usage ?? {});
  const out: TaskSaving[] = [];
  for (const p of pairMeasurements(before, after, true)) {
    if (p.test.kind !== 'task') continue;
    const m = (p.before ?? p.after)!;
    if (m.metric !== 'wall_time') continue;
    const rule = workloadRule(p, m);
    if (!rule.compare && rule.skip) continue;
    const kind = taskKindOf(p.test.testId, m.params);
    const side = p.before && p.after ? 'both' : p.before ? 'before-only' : 'after-only';
    let bs = spreadOfMeasurement(p.before);
    let as = spreadOfMeasurement(p.after);
    const share = ioWaitShareOf((p.beforeTest ?? p.afterTest)!);
    let note = '';
    if (side !== 'both') {
      const est = estimateOtherSide(side, kind, side === 'before-only' ? bs : as, share, ratios);
      if (side === 'before-only') as = est.estimate;
      else bs = est.estimate;
      note = est.note;
    }
    const o = compareSpreads(bs, as, 'lower', 'task');
    const judged = o.outcome;
    settleTask(o, bs, as, driveMoved, true, p.beforeTest ? ioWaitShareOf(p.beforeTest) : null);
    // A move the rules above set aside is still shown, with the reason, beside its two times.
    if (o.outcome !== judged && !note) note = o.why;
    if (!rule.compare) {
      Object.assign(o, { outcome: 'unknown', speedup: null, why: rule.note });
      note = rule.note;
    }
    // A busy phase on either side: its time is not the drive's, and it saves nothing.
    const busy = disturbedReason(p.beforeTest, p.afterTest);
    if (busy) {
      Object.assign(o, { outcome: 'unknown', speedup: null, why: `not compared: ${busy}` });
      note = `not compared: ${busy}`;
    }
    const saved =
      rule.compare && !busy && bs.median !== null && as.median !== null
        ? bs.median - as.median
        : null;
    // Inside the noise floor a task saves nothing: the difference is not measurable.
    const counted =
      saved === null ? null : o.outcome === 'faster' || o.outcome === 'slower' ? saved : 0;
    const occ = occurrencesPerDay(p.test.testId, p.key, usage, kind);
    const perDay = counted === null ? null : counted * occ;
    out.push({
      testId: p.test.testId,
      key: p.key,
      // The one name of this row on every surface (shared/labels.ts).
      title: timingLabel(p.test.testId, m, p.test).label,
      kind,
      basis: side === 'both' ? 'measured' : 'estimated',
      side,
      note,
      beforeSeconds: bs,
      afterSeconds: as,
      speedup: o.speedup,
      outcome: o.outcome,
      savedPerOccurrence: saved === null ? null : round(saved),
      occurrencesPerDay: occ,
      savedPerDay: perDay === null ? null : round(perDay),
      savedPerYearHours: perDay === null ? null : round((perDay * usage.workDaysPerYear) / 3600),
      cpuSecondsBefore: p.beforeTest ? median(p.beforeTest.cpuSeconds ?? []) : null,
      cpuSecondsAfter: p.afterTest ? median(p.afterTest.cpuSeconds ?? []) : null,
      ioWaitShareBefore: p.beforeTest ? ioWaitShareOf(p.beforeTest) : null,
      ioWaitShareAfter: p.afterTest ? ioWaitShareOf(p.afterTest) : null,
      excluded: busy ? { kind: 'disturbed', reason: busy } : null,
    });
  }
  return out;
}

export function moneyOf(
  usageIn: Partial<UsageProfile> | undefined,
  hoursSavedPerYear: number,
): Money {
  const usage = usageProfile.parse(usageIn ?? {});
  const perGB = (d: { price: number | null; capacityGB: number | null }) =>
    d.price !== null && d.capacityGB ? d.price / d.capacityGB : null;
  const newPrice = usage.newDrive.price;
  const hours = Math.max(0, hoursSavedPerYear);
  const pricePerHourSaved = newPrice !== null && hours >= 0.01 ? newPrice / hours : null;
  const note =
    newPrice === null
      ? 'Enter the prices and capacities in the plan to see the money side.'
      : hours < 0.01
        ? 'The new drive saves no measurable time for this usage profile, so an hour saved has no price.'
        : `Over the first year, ${usage.workDaysPerYear} days of use.`;
  return {
    currency: usage.currency,
    oldPerGB: perGB(usage.oldDrive),
    newPerGB: perGB(usage.newDrive),
    newPrice,
    hoursSavedPerYear: round(hours),
    pricePerHourSaved,
    note,
  };
}
