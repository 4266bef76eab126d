// Verdict and prediction channels: main loads the runs from the store and runs the pure maths.
import { z } from 'zod';
import { runId } from '../schemas/run-id';
import { request } from './define';
import { jsonCapped, LIMITS } from './limits';
import { usageProfile } from '../schemas/run';
import { verdictSchema } from '../verdict/schema';
import { predictionSchema, predictionTarget } from '../prediction/schema';

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
  })
  .strict();

export const verdictPredictReq = z
  .object({
    beforeId: runId,
    target: jsonCapped(predictionTarget, LIMITS.options),
    /** With an after-run: predicted vs measured side by side. */
    afterId: runId.optional(),
  })
  .strict();

export const verdictRequests = {
  'verdict.compute': request(verdictComputeReq, verdictSchema),
  'verdict.predict': request(verdictPredictReq, predictionSchema),
} as const;
