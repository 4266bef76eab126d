// The verdict: a pure function of two runs, a usage profile and (optionally) the new drive's rated figures.
import { usageProfile, type RunDocument, type UsageProfile } from '../schemas/run';
import { compareRuns } from './compare';
import {
  cacheFindings,
  comparabilityFindings,
  cpuBoundFindings,
  driveHealthFindings,
  linkCeilingFindings,
  outcomeFindings,
  type RatedFigures,
} from './findings';
import { recommend, winsOf } from './recommend';
import type { Verdict } from './schema';
import { moneyOf, taskSavings } from './tasks';

export * from './schema';
export { formatSeconds } from './recommend';
export type { RatedFigures } from './findings';

const SEVERITY_ORDER = { bad: 3, warn: 2, good: 1, info: 0 } as const;

export function runName(run: RunDocument): string {
  return run.name || [run.drive?.model, run.drive?.path].filter(Boolean).join(' ') || run.id;
}

export function computeVerdict(
  before: RunDocument,
  after: RunDocument,
  opts: { usage?: Partial<UsageProfile>; rated?: RatedFigures } = {},
): Verdict {
  const usage = opts.usage ?? after.usage ?? before.usage;
  const comparisons = compareRuns(before, after);
  const tasks = taskSavings(before, after, usage);
  const savedPerDaySeconds = tasks.reduce((s, t) => s + (t.savedPerDay ?? 0), 0);
  const days = usageProfile.parse(usage ?? {}).workDaysPerYear;
  const savedPerYearHours = (savedPerDaySeconds * days) / 3600;
  const money = moneyOf(usage, savedPerYearHours);
  const wins = winsOf(comparisons, tasks);
  const findings = [
    ...wins.findings,
    ...linkCeilingFindings(after, opts.rated),
    ...cacheFindings(before, 'before'),
    ...cacheFindings(after, 'after'),
    ...cpuBoundFindings(tasks),
    ...comparabilityFindings(before, after),
    ...driveHealthFindings(after),
    ...outcomeFindings(comparisons),
  ].sort((a, b) => b.weight - a.weight || SEVERITY_ORDER[b.severity] - SEVERITY_ORDER[a.severity]);
  return {
    beforeId: before.id,
    afterId: after.id,
    beforeName: runName(before),
    afterName: runName(after),
    comparisons,
    tasks,
    totals: {
      savedPerDaySeconds: Math.round(savedPerDaySeconds * 1000) / 1000,
      savedPerYearHours: Math.round(savedPerYearHours * 1000) / 1000,
    },
    money,
    findings,
    recommendation: recommend({ comparisons, tasks, wins, findings, savedPerDaySeconds, money }),
    bigWins: wins.bigWins,
    smallGains: wins.smallGains,
  };
}
