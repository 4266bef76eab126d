import { z } from 'zod';
import { PROFILE_IDS } from '../bench/catalogue';
import { usageProfile } from '../schemas/run';
import { request } from './define';
import { jsonCapped, LIMITS, text } from './limits';

const profileId = z.enum(PROFILE_IDS);
/** Size overrides in bytes (seconds for *Seconds keys), keyed like ProfileSizes. */
const sizes = jsonCapped(z.record(z.string(), z.number().positive()), LIMITS.options);

/** Test-specific options keyed by testId (e.g. {'task.du': {duRoot: 'usr'}}): TestContext.options. */
const taskOptions = jsonCapped(
  z.record(z.string(), z.record(z.string(), z.unknown())),
  LIMITS.options,
);

const planFields = {
  profile: profileId.default('quick'),
  tests: z.array(text(LIMITS.id).min(1)).max(200).optional(),
  repetitions: z.number().int().min(1).max(20).optional(),
  sizes: sizes.optional(),
};

export const benchStartReq = z
  .object({
    targetDir: text(LIMITS.path).min(1),
    ...planFields,
    label: z.enum(['before', 'after', 'custom']).default('custom'),
    name: text(LIMITS.name).optional(),
    usage: jsonCapped(usageProfile, LIMITS.options).optional(),
    baselineId: text(LIMITS.id).optional(),
    /** Measure the baseline's own drive again on purpose: a repeatability check (same-drive.ts). */
    sameDrive: z.boolean().optional(),
    options: taskOptions.optional(),
  })
  .strict();
export type BenchStartReq = z.infer<typeof benchStartReq>;

export const plannedTest = z.object({
  id: z.string(),
  title: z.string(),
  kind: z.enum(['synthetic', 'task']),
  tool: z.string(),
  estimateSeconds: z.number().nonnegative(),
  bytesNeeded: z.number().nonnegative(),
});

export const benchPlan = z.object({
  profile: profileId,
  repetitions: z.number().int(),
  sizes: z.record(z.string(), z.number()),
  tests: z.array(plannedTest),
  totalSeconds: z.number().nonnegative(),
  /** Bytes written at most (the shared test file counted once). */
  bytesNeeded: z.number().nonnegative(),
  /** bytesNeeded + 10% + 1 GiB: what must be free in targetDir. */
  bytesRequired: z.number().nonnegative(),
  /** Free bytes in targetDir when one was given and could be read. */
  freeBytes: z.number().nonnegative().nullable(),
  unknownTests: z.array(z.string()),
  /** Sizes scaled to fit, and the one sentence on "writes at most" vs "needs free". */
  notes: z.array(z.string()).default([]),
});
export type BenchPlan = z.infer<typeof benchPlan>;

export const catalogueEntry = z.object({
  id: z.string(),
  title: z.string(),
  kind: z.enum(['synthetic', 'task']),
  tool: z.string(),
  description: z.string(),
});

export const benchCatalogue = z.object({
  tests: z.array(catalogueEntry),
  /** Every size a person may set, in a person's words: the custom profile's fields. */
  sizes: z.array(z.object({ key: z.string(), label: z.string(), unit: z.string() })),
  profiles: z.array(
    z.object({
      id: profileId,
      title: z.string(),
      tests: z.array(z.string()),
      repetitions: z.number().int(),
      sizes: z.record(z.string(), z.number()),
    }),
  ),
});
export type BenchCatalogue = z.infer<typeof benchCatalogue>;

/** A 1–2 s probe of a folder's drive (shared/bench/estimates DriveRates): what estimates run on. */
export const driveRates = z.object({
  seqBps: z.number().positive().max(1e12),
  iops: z.number().positive().max(1e9),
  cpu: z.number().positive().max(1000),
  rawReads: z.boolean().optional(),
  entries: z.number().nonnegative().max(1e12).optional(),
  direct: z.boolean().optional(),
  seconds: z.number().nonnegative().max(3600).optional(),
});

export const benchRequests = {
  /** Starts a benchmark run as a job; progress via job.progress, run id as job.finished.resultRef. */
  'bench.start': request(benchStartReq, z.object({ jobId: z.string() })),
  /**
   * Runs a saved run's busy phases again, alone, as a job; the run keeps the better-conditioned
   * sample of each and its id (job.finished.resultRef).
   */
  'bench.repeat': request(
    z.object({ runId: text(LIMITS.id).min(1) }).strict(),
    z.object({ jobId: z.string() }),
  ),
  'bench.plan': request(
    // The options too, so the Plan step shows a bad choice (a missing tarball) before the run.
    z
      .object({
        targetDir: text(LIMITS.path).min(1).optional(),
        ...planFields,
        options: taskOptions.optional(),
        /** The folder's probed rates (bench.probe): the estimate is then the drive's own. */
        rates: driveRates.optional(),
      })
      .strict(),
    benchPlan,
  ),
  /**
   * Probes the folder's drive for 1–2 s (32 MiB at most, in a fresh work folder removed again):
   * the Drive step asks when a folder is chosen, so the Plan step's estimate is the drive's.
   */
  'bench.probe': request(z.object({ targetDir: text(LIMITS.path).min(1) }).strict(), driveRates),
  'bench.catalogue': request(z.object({}).strict(), benchCatalogue),
} as const;
