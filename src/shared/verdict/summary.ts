// Totals, the noise summary and the sentences every view prints as they are.
import { TOO_MANY_DISTURBED } from './conditions';
import { formatSeconds } from '../format/duration';
import type { MetricComparison, TaskSaving, ThemeHeadline, Verdict } from './schema';
import { movedKeysOf } from './themes';

const round = (x: number) => Math.round(x * 1000) / 1000;

export function totalsOf(tasks: TaskSaving[], workDaysPerYear: number): Verdict['totals'] {
  const sum = (basis: TaskSaving['basis']) =>
    tasks.filter((t) => t.basis === basis).reduce((s, t) => s + (t.savedPerDay ?? 0), 0);
  const measured = sum('measured');
  const estimated = sum('estimated');
  const hasMeasured = tasks.some((t) => t.basis === 'measured');
  // A one-side timing that could not be estimated (no drive figure) counts as neither.
  const hasEstimated = tasks.some((t) => t.basis === 'estimated' && t.savedPerDay !== null);
  const total = measured + estimated;
  return {
    savedPerDaySeconds: round(total),
    savedPerYearHours: round((total * workDaysPerYear) / 3600),
    measuredPerDaySeconds: round(measured),
    estimatedPerDaySeconds: round(estimated),
    basis:
      hasMeasured && hasEstimated
        ? 'mixed'
        : hasMeasured
          ? 'measured'
          : hasEstimated
            ? 'estimated'
            : 'none',
  };
}

/** The totals with nothing saved (runs that cannot be compared; one drive measured twice). */
export const nothingSaved = (t: Verdict['totals']): Verdict['totals'] => ({
  ...t,
  savedPerDaySeconds: 0,
  savedPerYearHours: 0,
  measuredPerDaySeconds: 0,
  estimatedPerDaySeconds: 0,
});

export function noiseOf(
  comparisons: MetricComparison[],
  headlines: ThemeHeadline[],
  tasks: TaskSaving[],
): Verdict['noise'] {
  const judged = comparisons.filter((c) => !c.excluded && c.outcome !== 'unknown');
  const moved = movedKeysOf(headlines);
  const outside = judged.filter(
    (c) => c.outcome === 'faster' || c.outcome === 'slower' || c.isolated,
  );
  const tasksMoved = tasks.some(
    (t) => t.basis === 'measured' && (t.outcome === 'faster' || t.outcome === 'slower'),
  );
  const busyTasks = tasks.filter((t) => t.excluded?.kind === 'disturbed');
  const disturbed =
    comparisons.filter((c) => c.excluded?.kind === 'disturbed').length + busyTasks.length;
  const timedTasks = tasks.filter((t) => t.side === 'both').length;
  // Past a third of what could be judged, or every felt task: nothing is left to say.
  const cannotCompare =
    disturbed > 0 &&
    (disturbed > (judged.length + disturbed) * TOO_MANY_DISTURBED ||
      (timedTasks > 0 && busyTasks.length >= timedTasks));
  return {
    judged: judged.length,
    noDifference: judged.length - outside.length,
    isolated: outside.filter((c) => !moved.has(c.key)).length,
    excluded: comparisons.filter((c) => c.excluded).length,
    disturbed,
    disturbedTasks: busyTasks.length,
    cannotCompare,
    noMeasurableDifference:
      (judged.length > 0 || tasks.some((t) => t.basis === 'measured')) &&
      moved.size === 0 &&
      !tasksMoved,
  };
}

/** "; 3 not compared (memory speed or cache suspected), 2 not compared (the machine was busy)". */
function noiseExcluded(noise: Verdict['noise']): string {
  const other = noise.excluded - (noise.disturbed - noise.disturbedTasks);
  return [
    other ? `; ${other} not compared (memory speed or cache suspected)` : '',
    noise.disturbed ? `; ${noise.disturbed} not compared (the machine was busy)` : '',
  ].join('');
}

export function textOf(
  totals: Verdict['totals'],
  tasks: TaskSaving[],
  noise: Verdict['noise'],
): Verdict['text'] {
  const perDay = totals.savedPerDaySeconds;
  const year = `${totals.savedPerYearHours.toFixed(1)} h a year`;
  const measured = tasks.filter((t) => t.basis === 'measured');
  const faster = measured.filter((t) => t.outcome === 'faster');
  const timeSaved =
    totals.basis === 'none'
      ? 'Not known: no task you wait for (boot, disk search, app start, …) was timed'
      : noise.cannotCompare
        ? 'None: these runs cannot be compared (the machine was busy)'
        : noise.noMeasurableDifference
          ? 'None: no measurable difference between these runs'
          : perDay <= 0 && totals.basis === 'measured'
            ? faster.length
              ? `${formatSeconds(perDay)} a day: the tasks that got faster are not part of your usage profile`
              : 'None: no timed task got measurably faster'
            : totals.basis === 'measured'
              ? `${formatSeconds(perDay)} a day, ${year} (measured)`
              : totals.basis === 'estimated'
                ? `About ${formatSeconds(perDay)} a day, ${year} (estimated from the drive figures)`
                : `${formatSeconds(perDay)} a day, ${year} (${formatSeconds(totals.measuredPerDaySeconds)} measured, ${formatSeconds(totals.estimatedPerDaySeconds)} estimated)`;
  const tasksLine = !measured.length
    ? null
    : faster.length
      ? `${faster.length} of ${measured.length} timed task${measured.length > 1 ? 's' : ''} got measurably faster`
      : `No timed task got measurably faster (${measured.length} timed on both drives)`;
  const noiseLine = noise.judged
    ? `${noise.noDifference} of ${noise.judged} figures are inside their noise floor${noise.isolated ? `, ${noise.isolated} isolated outlier${noise.isolated > 1 ? 's' : ''} treated as noise` : ''}${noiseExcluded(noise)}.`
    : noise.disturbed
      ? `No figure could be compared${noiseExcluded(noise)}.`
      : 'No synthetic figure in common.';
  return { timeSaved, tasks: tasksLine, noise: noiseLine };
}
