// The one place the report reads the verdict object. Its shape is being reworked in parallel
// (measured vs estimated saving, stopwatch kinds, noise floors): when it changes, only this file
// should need to follow. Fields the current verdict lacks are derived here from what it has.
import type { Finding, MetricComparison, TaskSaving, Verdict } from '../../shared/verdict';

export type SavingBasis = 'measured' | 'estimated' | 'none';

export interface StoryVerdict {
  level: Verdict['recommendation']['level'];
  headline: string;
  reasons: string[];
  savedPerDaySeconds: number;
  savedPerYearHours: number;
  /** Where the time saved comes from: timed tasks, the prediction model, or nothing timed. */
  basis: SavingBasis;
  /** Tasks a person waits for that both runs timed. */
  feltTasks: TaskSaving[];
  comparisons: MetricComparison[];
  findings: Finding[];
  money: Verdict['money'];
}

const timed = (t: TaskSaving) => t.beforeSeconds.median !== null && t.afterSeconds.median !== null;

function basisOf(v: Verdict, felt: TaskSaving[]): SavingBasis {
  // A newer verdict states its basis; accept the obvious spellings without depending on them.
  const totals = v.totals as Verdict['totals'] & { basis?: unknown; estimated?: unknown };
  if (totals.basis === 'measured' || totals.basis === 'estimated' || totals.basis === 'none')
    return totals.basis;
  if (totals.estimated === true) return 'estimated';
  return felt.length > 0 ? 'measured' : 'none';
}

export function adaptVerdict(v: Verdict): StoryVerdict {
  const feltTasks = v.tasks.filter(timed);
  return {
    level: v.recommendation.level,
    headline: v.recommendation.headline,
    reasons: v.recommendation.reasons,
    savedPerDaySeconds: v.totals.savedPerDaySeconds,
    savedPerYearHours: v.totals.savedPerYearHours,
    basis: basisOf(v, feltTasks),
    feltTasks,
    comparisons: v.comparisons,
    findings: v.findings,
    money: v.money,
  };
}
