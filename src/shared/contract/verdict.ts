// Verdict and prediction channels: main loads the runs from the store and runs the pure maths.
import { z } from 'zod';
import { runId } from '../schemas/run-id';
import { request } from './define';
import { jsonCapped, LIMITS } from './limits';
import { usageProfile } from '../schemas/run';
import { verdictSchema } from '../verdict/schema';
import { predictionSchema, predictionTarget } from '../prediction/schema';
import { OLD_DRIVE_KINDS } from '../prediction/presets';
import { driveKind } from '../schemas/drive';

export const ratedFigures = z
  .object({
    seqReadMBps: z.number().positive().max(100_000).optional(),
    seqWriteMBps: z.number().positive().max(100_000).optional(),
  })
  .strict();

export const verdictComputeReq = z
  .object({
    beforeId: runId,
    afterId: runId,
    /** Overrides the usage profile stored in the runs (the Plan step's answers). */
    usage: jsonCapped(usageProfile.partial(), LIMITS.options).optional(),
    /** The new drive's datasheet figures, for the link-ceiling finding. */
    rated: ratedFigures.optional(),
    /** The asking screen's money locale: the verdict's sentences print prices as its cards do. */
    locale: z.string().max(64).optional(),
  })
  .strict();

export const verdictPredictReq = z
  .object({
    beforeId: runId,
    target: jsonCapped(predictionTarget, LIMITS.options),
    /** With an after-run: predicted vs measured side by side. */
    afterId: runId.optional(),
    /** The new drive as this run measured it (its own synthetic figures), in place of `target`. */
    targetRunId: runId.optional(),
    /**
     * What the old drive is, in drive detection's names or a hard disk's rpm (hdd-5400,
     * hdd-7200), for a run that cannot tell (stopwatch only, imported, loop device): typical
     * figures stand in for the ones the run lacks. Only the kinds with typical figures (the CLI's
     * --old-drive) are accepted.
     */
    oldDrive: z
      .union([driveKind, z.enum(['hdd-5400', 'hdd-7200'])])
      .refine((k) => OLD_DRIVE_KINDS.includes(k), {
        message: `the old drive is one of ${OLD_DRIVE_KINDS.join(', ')}`,
      })
      .optional(),
  })
  .strict();

export const verdictRequests = {
  'verdict.compute': request(verdictComputeReq, verdictSchema),
  'verdict.predict': request(verdictPredictReq, predictionSchema),
} as const;
