// The verdict's shape: computed in main (or anywhere: it is pure), sent over the contract,
// drawn by the Verdict view and printed by the PDF report.
import { z } from 'zod';

export const spreadSchema = z.object({
  median: z.number().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  samples: z.number().int().nonnegative(),
});
export type SpreadOf = z.infer<typeof spreadSchema>;

/** What a metric says about the drive; decides grouping, chart scale and the findings' wording. */
export const metricTheme = z.enum([
  'sequential',
  /** Small records (< 64 KiB) through O_DIRECT: neither streaming nor seeking, per-request cost. */
  'small-block',
  'random-access',
  'file-ops',
  'memory',
  'latency',
  'task',
  'other',
]);
export type MetricTheme = z.infer<typeof metricTheme>;

export const comparisonOutcome = z.enum(['faster', 'slower', 'no-difference', 'unknown']);
export type ComparisonOutcome = z.infer<typeof comparisonOutcome>;

/** One metric of one test, before vs after. */
export const metricComparison = z.object({
  key: z.string(),
  testId: z.string(),
  testTitle: z.string(),
  metric: z.string(),
  label: z.string(),
  unit: z.string(),
  better: z.enum(['higher', 'lower']),
  params: z.record(z.string(), z.union([z.number(), z.string(), z.boolean()])).optional(),
  theme: metricTheme,
  before: spreadSchema,
  after: spreadSchema,
  /** Speed-up factor (>1 = the new drive is better), from the medians. */
  speedup: z.number().nullable(),
  /** Worst and best speed-up the min–max ranges allow. */
  speedupRange: z.tuple([z.number(), z.number()]).nullable(),
  outcome: comparisonOutcome,
  why: z.string(),
});
export type MetricComparison = z.infer<typeof metricComparison>;

export const taskSaving = z.object({
  testId: z.string(),
  key: z.string(),
  title: z.string(),
  beforeSeconds: spreadSchema,
  afterSeconds: spreadSchema,
  speedup: z.number().nullable(),
  outcome: comparisonOutcome,
  /** Seconds saved each time the task happens (negative = slower). */
  savedPerOccurrence: z.number().nullable(),
  occurrencesPerDay: z.number(),
  savedPerDay: z.number().nullable(),
  savedPerYearHours: z.number().nullable(),
  cpuSecondsBefore: z.number().nullable(),
  cpuSecondsAfter: z.number().nullable(),
  ioWaitShareBefore: z.number().nullable(),
  ioWaitShareAfter: z.number().nullable(),
});
export type TaskSaving = z.infer<typeof taskSaving>;

export const money = z.object({
  currency: z.string(),
  oldPerGB: z.number().nullable(),
  newPerGB: z.number().nullable(),
  newPrice: z.number().nullable(),
  hoursSavedPerYear: z.number(),
  /** Price of the new drive divided by the hours it saves in its first year. */
  pricePerHourSaved: z.number().nullable(),
  note: z.string(),
});
export type Money = z.infer<typeof money>;

export const findingKind = z.enum([
  'big-win',
  'small-gain',
  'link-ceiling',
  'cpu-bound',
  'cache-suspected',
  'comparability',
  'trim-off',
  'misaligned',
  'slower',
  'no-difference',
]);
export type FindingKind = z.infer<typeof findingKind>;

export const finding = z.object({
  kind: findingKind,
  severity: z.enum(['good', 'info', 'warn', 'bad']),
  title: z.string(),
  detail: z.string(),
  /** Higher = shown first. */
  weight: z.number(),
  keys: z.array(z.string()).default([]),
});
export type Finding = z.infer<typeof finding>;

export const recommendationLevel = z.enum(['worth-it', 'marginal', 'not-worth-it', 'undecided']);
export type RecommendationLevel = z.infer<typeof recommendationLevel>;

export const verdictSchema = z.object({
  beforeId: z.string(),
  afterId: z.string(),
  beforeName: z.string(),
  afterName: z.string(),
  comparisons: z.array(metricComparison),
  tasks: z.array(taskSaving),
  totals: z.object({ savedPerDaySeconds: z.number(), savedPerYearHours: z.number() }),
  money,
  findings: z.array(finding),
  recommendation: z.object({
    level: recommendationLevel,
    headline: z.string(),
    reasons: z.array(z.string()),
  }),
  /** Themes where the new drive is dramatically better, e.g. 'random access', 'file creation'. */
  bigWins: z.array(z.string()),
  smallGains: z.array(z.string()),
});
export type Verdict = z.infer<typeof verdictSchema>;
