// The one place the report reads the verdict object, so the PDF says what the screen and the CLI
// say: the basis of the time saved is the verdict's own, never re-derived here.
import type { Finding, MetricComparison, TaskSaving, Verdict } from '../../shared/verdict';

export type SavingBasis = Verdict['totals']['basis'];

export interface StoryVerdict {
  level: Verdict['recommendation']['level'];
  /** What identified the drives (shared/verdict/identity.ts). */
  identity: Verdict['identity'];
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

export function adaptVerdict(v: Verdict): StoryVerdict {
  const feltTasks = v.tasks.filter(timed);
  return {
    level: v.recommendation.level,
    identity: v.identity,
    headline: v.recommendation.headline,
    reasons: v.recommendation.reasons,
    savedPerDaySeconds: v.totals.savedPerDaySeconds,
    savedPerYearHours: v.totals.savedPerYearHours,
    basis: v.totals.basis,
    feltTasks,
    comparisons: v.comparisons,
    findings: v.findings,
    money: v.money,
  };
}
