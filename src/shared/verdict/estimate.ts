// Boot, login and application start timed before the swap only (the systemd readers, the login
// timer, a stopwatch or a time the person typed) and not after: the after-time comes from the
// prediction model, fed with both runs' MEASURED drive figures (the after-run's figures stand in
// for the target drive's datasheet), and is counted at the conservative end of its 10–90 % range.
// Nothing is estimated without a before-time, and no typical drive stands in for a missing figure.
import { formatSeconds } from '../format/duration';
import { driveFiguresOf, predict, type TaskPrediction } from '../prediction';
import { usageProfile, type RunDocument, type UsageProfile } from '../schemas/run';
import type { TaskKind, TaskSaving } from './schema';

/** The kinds the model estimates from a before-time; other one-side rows keep the drive ratios. */
const MODEL_KINDS = new Set<TaskKind>(['boot', 'login', 'app-start']);

const round = (x: number) => Math.round(x * 1000) / 1000;

function measuredFigures(run: RunDocument) {
  const f = driveFiguresOf(run);
  return f.seqReadMBps !== null && f.randomAccessMs !== null && f.randomAccessMs > 0 ? f : null;
}

/** The prediction of every task of `before` onto the after-run's measured drive, or why not. */
function predictionsOnto(
  before: RunDocument,
  after: RunDocument,
): { byKey: Map<string, TaskPrediction> } | { why: string } {
  const b = measuredFigures(before);
  const a = measuredFigures(after);
  if (!b || !a)
    return {
      why: `not estimated: the ${!b ? 'before' : 'after'}-run measured no sequential read and random access figure to estimate from`,
    };
  const p = predict(before, {
    preset: 'custom',
    name: 'the drive of the after-run (its measured figures)',
    seqReadMBps: a.seqReadMBps!,
    ...(a.seqWriteMBps !== null ? { seqWriteMBps: a.seqWriteMBps } : {}),
    random4kQ1Iops: 1000 / a.randomAccessMs!,
  });
  return { byKey: new Map(p.tasks.map((t) => [t.key, t])) };
}

function estimated(
  t: TaskSaving,
  p: TaskPrediction | undefined,
  why: string | null,
  driveMoved: boolean | null,
  workDaysPerYear: number,
): TaskSaving {
  const before = t.beforeSeconds.median;
  if (!p || before === null)
    return {
      ...t,
      afterSeconds: { median: null, min: null, max: null, samples: 0 },
      speedup: null,
      outcome: 'unknown',
      savedPerOccurrence: null,
      savedPerDay: null,
      savedPerYearHours: null,
      note: `timed before the swap only; ${why ?? 'not estimated: the model has no prediction for it'}`,
    };
  const high = p.predictedHighSeconds;
  const range = `${formatSeconds(p.predictedLowSeconds)}–${formatSeconds(high)}`;
  // Same-drive figures predict no change; a saving there would contradict "no difference".
  const saved = driveMoved === false ? 0 : Math.max(0, before - high);
  const perDay = saved * t.occurrencesPerDay;
  return {
    ...t,
    afterSeconds: {
      median: p.predictedSeconds,
      min: p.predictedLowSeconds,
      max: high,
      samples: 0,
    },
    speedup: high > 0 ? round(before / high) : null,
    outcome: saved > 0 ? 'faster' : 'no-difference',
    savedPerOccurrence: round(saved),
    savedPerDay: round(perDay),
    savedPerYearHours: round((perDay * workDaysPerYear) / 3600),
    note:
      `timed before the swap only; the after-time is estimated by the prediction model from both runs' measured drive figures: ` +
      `${formatSeconds(p.predictedSeconds)} (10–90 %: ${range}), counted at the slow end, ${formatSeconds(high)}` +
      (driveMoved === false
        ? '; the drive figures show no measurable difference, so nothing is counted'
        : ''),
  };
}

/** Replaces the estimate of boot, login and app-start rows timed before the swap only. */
export function modelEstimates(
  before: RunDocument,
  after: RunDocument,
  tasks: TaskSaving[],
  usage: Partial<UsageProfile> | undefined,
  driveMoved: boolean | null,
): TaskSaving[] {
  const todo = tasks.filter((t) => t.side === 'before-only' && MODEL_KINDS.has(t.kind));
  if (!todo.length) return tasks;
  const days = usageProfile.parse(usage ?? {}).workDaysPerYear;
  const p = predictionsOnto(before, after);
  return tasks.map((t) =>
    todo.includes(t)
      ? estimated(
          t,
          'byKey' in p ? p.byKey.get(t.key) : undefined,
          'why' in p ? p.why : null,
          driveMoved,
          days,
        )
      : t,
  );
}
