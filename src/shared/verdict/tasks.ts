// Real-world tasks: seconds saved per occurrence, per day and per year, and what that costs.
import { median } from '../stats';
import type { RunDocument, TestResult, UsageProfile } from '../schemas/run';
import { usageProfile } from '../schemas/run';
import { compareSpreads, pairMeasurements, spreadOfMeasurement } from './compare';
import type { Money, TaskSaving } from './schema';

/** How often a task happens per day under this usage profile. */
export function occurrencesPerDay(testId: string, key: string, usage: UsageProfile): number {
  if (testId === 'task.boot') return usage.bootsPerDay;
  if (testId === 'task.login') return usage.loginsPerDay;
  if (testId === 'task.hibernate') return usage.resumesPerDay;
  return usage.tasksPerDay[key] ?? usage.tasksPerDay[testId] ?? 0;
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

export function taskSavings(
  before: RunDocument,
  after: RunDocument,
  usageIn?: Partial<UsageProfile>,
): TaskSaving[] {
  const usage = usageProfile.parse(usageIn ?? after.usage ?? before.usage ?? {});
  const afterTests = new Map(after.tests.map((t) => [t.testId, t]));
  return pairMeasurements(before, after)
    .filter((p) => p.test.kind === 'task' && p.before?.metric === 'wall_time')
    .map(({ key, test, before: mb, after: ma }) => {
      const bs = spreadOfMeasurement(mb);
      const as = spreadOfMeasurement(ma);
      const o = compareSpreads(bs, as, 'lower');
      const occ = occurrencesPerDay(test.testId, key, usage);
      const saved = bs.median !== null && as.median !== null ? bs.median - as.median : null;
      const counted =
        o.outcome === 'faster' || o.outcome === 'slower' ? saved : saved === null ? null : 0;
      const perDay = counted === null ? null : counted * occ;
      const name = mb?.params?.name;
      const afterTest = afterTests.get(test.testId);
      return {
        testId: test.testId,
        key,
        title: mb?.label ?? (typeof name === 'string' ? name : test.title),
        beforeSeconds: bs,
        afterSeconds: as,
        speedup: o.speedup,
        outcome: o.outcome,
        savedPerOccurrence: saved === null ? null : round(saved),
        occurrencesPerDay: occ,
        savedPerDay: perDay === null ? null : round(perDay),
        savedPerYearHours: perDay === null ? null : round((perDay * usage.workDaysPerYear) / 3600),
        cpuSecondsBefore: median(test.cpuSeconds ?? []),
        cpuSecondsAfter: afterTest ? median(afterTest.cpuSeconds ?? []) : null,
        ioWaitShareBefore: ioWaitShareOf(test),
        ioWaitShareAfter: afterTest ? ioWaitShareOf(afterTest) : null,
      };
    });
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
