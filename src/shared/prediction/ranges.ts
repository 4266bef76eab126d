// The range each predicted time carries and the sentences that say how ranges and assumed disk
// shares were made.
import { formatSeconds } from '../format/duration';
import {
  fittedOf,
  MIN_KIND_CASES,
  POOLED_INTERVAL,
  type KindInterval,
  type Platform,
} from './fitted';
import { describeForm } from './model-form';
import type { TaskPrediction } from './schema';
import { kindFacts } from './task-kinds';
import type { ReplayFigures } from './replay-figures';
import { REPLAY_INTERVAL } from './replay-interval';
import type { TaskKind } from '../verdict/schema';

const r3 = (x: number) => Math.round(x * 1000) / 1000;

/**
 * The 10th-90th percentile range of a prediction, and whether the measured time fell in it. Two
 * physical bounds hold whatever the errors say: a drive faster at the task never makes it slower
 * than it was (the CPU part stays, the disk part shrinks), and a task whose CPU time was measured
 * never goes below that CPU time.
 */
export function rangeOf(
  predicted: number,
  iv: KindInterval,
  measured: number | null,
  bounds: { beforeSeconds: number; measuredCpuSeconds: number | null },
) {
  const low = r3(Math.min(predicted, Math.max(predicted * iv.low, bounds.measuredCpuSeconds ?? 0)));
  // The cap holds for a drive faster at this task; a slower one (an SSD to a hard disk) has none.
  const cap = predicted <= bounds.beforeSeconds ? bounds.beforeSeconds : Infinity;
  const high = r3(Math.max(predicted, Math.min(predicted * iv.high, cap)));
  return {
    predictedLowSeconds: low,
    predictedHighSeconds: high,
    interval: { low: iv.low, high: iv.high, basis: iv.basis, cases: iv.cases },
    measuredInside: measured === null ? null : measured >= low && measured <= high,
  };
}

/** One sentence per task kind whose disk-wait share was assumed rather than measured. */
export function kindAssumptions(kinds: Set<TaskKind>, platform: Platform = 'pc'): string[] {
  const on = platform === 'console' ? ' on a game console' : '';
  return [...kinds].map((k) => {
    const f = kindFacts(k, platform);
    return f.model.form !== 'share'
      ? `${f.label}${on} timed without CPU time is assumed to spend ${describeForm(f.model)} whatever the disk, and to wait for the disk the rest of the time (${f.source}).`
      : `${f.label}${on} timed without CPU time is assumed to wait for the disk ${Math.round(f.ioShare * 100)} % of the time (${f.source}).`;
  });
}

/** How the rows from this machine's own measurement were predicted, when there are any. */
export function replayAssumptions(
  tasks: TaskPrediction[],
  old: ReplayFigures | null,
  next: ReplayFigures | null,
): string[] {
  if (!tasks.some((t) => t.basis === 'this-machine') || !old || !next) return [];
  return [
    `From this machine's own measurement: each task the app timed here, cold and then warm at once, with the requests and bytes its drive served counted, is replayed at the new drive's request times (from ${next.source}); the old drive's part of the cold time (at the request times of ${old.source}) is taken out and the new drive's put in; the rest (CPU, a cold cache's own work, other disks) stays, and nothing is faster than the warm run less its own waits on the drive (the best possible; for an app, a warm start with its profile in memory, which writes to no drive).`,
    `Its range is the replay's own error on three pairs of real loop devices (${Math.round(REPLAY_INTERVAL.low * 100)}–${Math.round(REPLAY_INTERVAL.high * 100)} % of the predicted time, npm run bench:predict), around the two ways its requests may split between small and large ones, widened by the spread of its repetitions (an app's in-memory starts for the part that is its best possible); what a task writes and flushes (an unpack) takes longer than the drive's raw figures say, by the work of writing through the memory cache: the prediction and both its ends include that flush at the new drive's own measured sequential write speed with sync, where there is one, and what it read cold at the new drive's own buffered read speed (hdparm -t on the raw device) where that is slower than its direct reads.`,
  ];
}

/** How the published basis predicts, when a row is on it. */
function publishedBasis(tasks: TaskPrediction[]): string[] {
  if (!tasks.some((t) => t.basis === 'published')) return [];
  return [
    "Times the app did not measure here with their drive's requests (typed, read from the journal, or from a busy machine): Amdahl's law, where only the time a task spends waiting for the disk shrinks and its CPU time stays the same.",
    'Each kind of task has a typical mix of random and sequential I/O (disk search is almost all random access, a file copy almost all sequential).',
  ];
}

/** How the ranges were made, once per basis used. */
export function rangeAssumptions(tasks: TaskPrediction[]): string[] {
  const out: string[] = [...publishedBasis(tasks)];
  if (tasks.some((t) => t.interval.basis === 'kind'))
    out.push(
      "Each predicted time comes with the range (10th to 90th percentile) a new case's error falls in, from the model's own errors on published HDD → SSD upgrades of its kind that it was not fitted on (leave-one-out on the fitting half).",
    );
  if (tasks.some((t) => t.interval.basis === 'pooled'))
    out.push(
      `Kinds with fewer than ${MIN_KIND_CASES} published fitting cases carry the range pooled across all kinds (${POOLED_INTERVAL.cases} cases): marked "pooled".`,
    );
  return out;
}

/**
 * One sentence per stopwatch timing shorter or longer than every published case its kind was
 * fitted on: the fit says nothing about it (a 5 s app start against a CPU floor longer than that,
 * fitted on 25-300 s starts, is predicted unchanged), and the person should know that.
 */
export function outsideFitNotes(tasks: TaskPrediction[], platform: Platform): string[] {
  return tasks.flatMap((t) => {
    const fit = fittedOf(t.kind, platform);
    const before = t.beforeSeconds.median;
    if (!t.ioShareAssumed || !fit || before === null) return [];
    const { shortest, longest } = fit.fittedSeconds;
    if (before >= shortest && before <= longest) return [];
    return [
      `${t.title}: ${formatSeconds(before)} is ${before < shortest ? 'shorter' : 'longer'} than any published ${kindFacts(t.kind, platform).label.toLowerCase()} the model was fitted on (${formatSeconds(shortest)} – ${formatSeconds(longest)}): its disk share is taken as the model's at ${formatSeconds(before < shortest ? shortest : longest)}, and its range is carried beyond what was measured.`,
    ];
  });
}

type Ranged = Pick<
  TaskPrediction,
  'predictedLowSeconds' | 'predictedHighSeconds' | 'interval' | 'measuredInside' | 'measuredSeconds'
>;

/** "11 s – 24 s" with "(pooled)" when the range is not the kind's own: every surface says it so. */
export function rangeText(t: Ranged): string {
  const pooled = t.interval.basis === 'pooled' ? ' (pooled across kinds)' : '';
  return `${formatSeconds(t.predictedLowSeconds)} – ${formatSeconds(t.predictedHighSeconds)}${pooled}`;
}

/** After the swap: whether the measured time fell inside the predicted range, and on which side. */
export function insideText(t: Ranged): string | null {
  if (t.measuredInside === null || t.measuredSeconds === null) return null;
  if (t.measuredInside) return 'inside the predicted range';
  return t.measuredSeconds < t.predictedLowSeconds
    ? 'outside the range: faster than predicted'
    : 'outside the range: slower than predicted';
}
