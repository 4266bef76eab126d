// Typed messages between the main process (engine client) and the engine process.
import { z } from 'zod';
import { testResult } from '../../shared/schemas/run';

const live = z.object({ value: z.number(), unit: z.string().max(40) }).nullable();

// Bounds on what an engine says (issue 37, class 3: a lent engine is another account's to drive).
const testId = z.string().max(200);
const text = z.string().max(2000);

export const enginePlan = z.object({
  workDir: z.string(),
  targetDir: z.string(),
  device: z.string().nullable(),
  tests: z.array(z.string()).min(1),
  repetitions: z.number().int().min(1),
  sizes: z.record(z.string(), z.number()),
  options: z.record(z.string(), z.record(z.string(), z.unknown())).default({}),
  /** The plan's per-test seconds (from the probed drive), for the ETA before recalibration. */
  estimates: z.array(z.number().nonnegative()).optional(),
  /** Whether the parent can answer privileged requests. */
  privileged: z.boolean(),
});
export type EnginePlan = z.infer<typeof enginePlan>;

export const privilegedOp = z.enum(['dropCaches', 'rawRead', 'surfaceScan', 'journal']);

export const toEngine = z.discriminatedUnion('type', [
  z.object({ type: z.literal('start'), plan: enginePlan }),
  z.object({ type: z.literal('cancel') }),
  z.object({
    type: z.literal('privileged-result'),
    id: z.number(),
    ok: z.boolean(),
    value: z.unknown().optional(),
    error: z.string().optional(),
  }),
  z.object({
    type: z.literal('privileged-progress'),
    id: z.number(),
    fraction: z.number(),
    live: live.optional(),
  }),
]);
export type ToEngine = z.infer<typeof toEngine>;

export const fromEngine = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), pid: z.number(), asyncIo: text }),
  z.object({
    type: z.literal('progress'),
    testId,
    index: z.number().int(),
    fraction: z.number().min(0).max(1),
    overall: z.number().min(0).max(1),
    etaSeconds: z.number().nonnegative().nullable(),
    liveValue: live,
    message: text.optional(),
  }),
  z.object({ type: z.literal('test-start'), testId, index: z.number().int() }),
  z.object({ type: z.literal('result'), result: testResult }),
  z.object({
    type: z.literal('done'),
    asyncIo: text,
    /** The ETA the engine gave as each test ended, and when. */
    phases: z
      .array(z.object({ after: testId, atSeconds: z.number(), etaSeconds: z.number() }))
      .max(1000)
      .default([]),
  }),
  z.object({ type: z.literal('error'), message: text }),
  z.object({
    type: z.literal('privileged'),
    id: z.number(),
    op: privilegedOp,
    args: z.array(z.unknown()).max(8),
  }),
]);
export type FromEngine = z.infer<typeof fromEngine>;
