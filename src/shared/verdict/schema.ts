// The verdict's shape: computed in main (or anywhere: it is pure), sent over the contract,
// drawn by the Verdict view and printed by the PDF report.
import { surfaceSide } from './surface-schema';
import { z } from 'zod';
import { driveIdentity } from './identity';

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

/**
 * 'varied': beyond its floor between two runs of the same drive (identity.ts): how far the drive
 * varied, never a win or a loss.
 */
export const comparisonOutcome = z.enum(['faster', 'slower', 'no-difference', 'varied', 'unknown']);
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
  /** Relative change below which this figure's difference is noise (0.1 = 10 %), see noise.ts. */
  floor: z.number(),
  /** 'spread': from the repetitions; 'single': the stated floor for single figures of its class. */
  floorSource: z.enum(['spread', 'single']),
  /** Shown, never judged: memory-speed figures and figures the page cache answered. */
  excluded: z
    .object({ kind: z.enum(['cache-suspected', 'memory-speed', 'disturbed']), reason: z.string() })
    .nullable(),
  /** Beyond its floor while its kind of work did not move: worded as no difference (themes.ts). */
  isolated: z.boolean().optional(),
});
export type MetricComparison = z.infer<typeof metricComparison>;

export const taskKind = z.enum([
  'boot',
  'login',
  'app-start',
  'copy',
  'search',
  'unpack',
  'hibernate',
  /** Compiles, test suites and other CPU-heavy work. */
  'build',
  'other',
]);
export type TaskKind = z.infer<typeof taskKind>;

export const taskSaving = z.object({
  testId: z.string(),
  key: z.string(),
  title: z.string(),
  kind: taskKind,
  /**
   * 'measured': timed on both drives. 'estimated': timed on one side only (or failed on the
   * other); the other side comes from the prediction model and the synthetic figures.
   */
  basis: z.enum(['measured', 'estimated']),
  /** Which runs timed it. */
  side: z.enum(['both', 'before-only', 'after-only']),
  /** One line on how the estimate was made (empty when measured). */
  note: z.string(),
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
  /**
   * Shown, never judged: the machine was busy while it was timed. The figures' own exclusion, so
   * every surface words it as History → Compare does ("not compared (the machine was busy)").
   */
  excluded: z
    .object({ kind: z.literal('disturbed'), reason: z.string() })
    .nullable()
    .optional(),
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
  /** Conditions not recorded (older run files), and phases the machine was busy during. */
  'conditions',
  'disturbed',
  'trim-off',
  'misaligned',
  'slower',
  'no-difference',
  /** The surface scan: a hard disk's zones and where the data sits, or an SSD's flat line. */
  'surface',
]);

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

/** 'same-drive': one drive measured twice, a repeatability check (headline.ts). */
export const recommendationLevel = z.enum([
  'worth-it',
  'marginal',
  'not-worth-it',
  'undecided',
  'same-drive',
]);
export type RecommendationLevel = z.infer<typeof recommendationLevel>;

/** A theme's representative ratio: the median of its methods, with their range. */
export const themeHeadline = z.object({
  /** Words a person reads: 'random access', 'sequential reads'. */
  words: z.string(),
  theme: metricTheme,
  median: z.number(),
  min: z.number(),
  max: z.number(),
  /** Methods (figures) behind it; excluded figures never count. */
  count: z.number().int().positive(),
  /** 'faster'/'slower' only when the median clears the group's noise floor and most methods agree. */
  outcome: comparisonOutcome,
  floor: z.number(),
  keys: z.array(z.string()),
});
export type ThemeHeadline = z.infer<typeof themeHeadline>;

export const noiseSummary = z.object({
  /** Figures judged (both sides present, not excluded). */
  judged: z.number().int().nonnegative(),
  noDifference: z.number().int().nonnegative(),
  /** Figures outside their floor whose theme did not move: listed in the table, never findings. */
  isolated: z.number().int().nonnegative(),
  excluded: z.number().int().nonnegative(),
  /** Of those excluded, and of the timed tasks: figures whose phase was busy on either side. */
  disturbed: z.number().int().nonnegative(),
  /** Of `disturbed`, the timed tasks (the rest are synthetic figures, counted in `excluded`). */
  disturbedTasks: z.number().int().nonnegative(),
  /** Too many disturbed to say anything: the headline says these runs cannot be compared. */
  cannotCompare: z.boolean(),
  /** Nothing moved: no theme, no measured task. The headline then says so. */
  noMeasurableDifference: z.boolean(),
});

export const verdictSchema = z.object({
  beforeId: z.string(),
  afterId: z.string(),
  beforeName: z.string(),
  afterName: z.string(),
  /** Whether the two runs measured one drive, and the facts that said so (identity.ts). */
  identity: driveIdentity,
  comparisons: z.array(metricComparison),
  tasks: z.array(taskSaving),
  totals: z.object({
    /** measured + estimated. */
    savedPerDaySeconds: z.number(),
    savedPerYearHours: z.number(),
    measuredPerDaySeconds: z.number(),
    estimatedPerDaySeconds: z.number(),
    /** 'none': no task you wait for was timed on either drive, so time saved is not known. */
    basis: z.enum(['measured', 'estimated', 'mixed', 'none']),
  }),
  headlines: z.array(themeHeadline),
  noise: noiseSummary,
  /** Sentences every view prints as they are (screen, PDF, CLI), so none can disagree. */
  text: z.object({
    timeSaved: z.string(),
    /** null when no task was timed on both drives (then no "no task got faster" line). */
    tasks: z.string().nullable(),
    noise: z.string(),
  }),
  money,
  findings: z.array(finding),
  /** The drives' surface scans (speed against position), when a run has one. */
  surface: z.array(surfaceSide).optional(),
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
