// The prediction's shape: what a target drive would change, with the assumptions it rests on.
import { z } from 'zod';
import { spreadSchema, taskKind } from '../verdict/schema';

export const targetPreset = z.enum([
  'hdd-5400',
  'hdd-7200',
  'sata-ssd',
  'nvme-gen3',
  'nvme-gen4',
  'custom',
]);
export type TargetPreset = z.infer<typeof targetPreset>;

/** A preset, optionally overridden by the person's rated figures (datasheet). */
export const predictionTarget = z
  .object({
    preset: targetPreset,
    name: z.string().max(120).optional(),
    bus: z.enum(['sata', 'pcie']).optional(),
    seqReadMBps: z.number().positive().max(100_000).optional(),
    seqWriteMBps: z.number().positive().max(100_000).optional(),
    /** 4 KiB random reads at queue depth 1, IOPS (what desktop work mostly does). */
    random4kQ1Iops: z.number().positive().max(10_000_000).optional(),
    /** The link the new drive will sit on, when the person knows it better than we do. */
    linkCeilingMBps: z.number().positive().max(100_000).optional(),
  })
  .strict();
export type PredictionTarget = z.infer<typeof predictionTarget>;

export const resolvedTarget = z.object({
  preset: targetPreset,
  name: z.string(),
  bus: z.enum(['sata', 'pcie']),
  seqReadMBps: z.number(),
  seqWriteMBps: z.number(),
  random4kQ1Iops: z.number(),
  randomAccessMs: z.number(),
  linkCeilingMBps: z.number().nullable(),
  effectiveSeqReadMBps: z.number(),
  effectiveSeqWriteMBps: z.number(),
});
export type ResolvedTarget = z.infer<typeof resolvedTarget>;

export const driveFigures = z.object({
  seqReadMBps: z.number().nullable(),
  seqWriteMBps: z.number().nullable(),
  randomAccessMs: z.number().nullable(),
});
export type DriveFigures = z.infer<typeof driveFigures>;

export const taskPrediction = z.object({
  testId: z.string(),
  key: z.string(),
  /** Sets the disk share assumed when no CPU time was recorded (task-kinds.ts). */
  kind: taskKind,
  title: z.string(),
  /**
   * 'this-machine': replayed from what the app measured of this task here (cold, warm and its
   * drive's requests); 'published': Amdahl's law with the published cases' prior for its kind.
   */
  basis: z.enum(['this-machine', 'published']),
  /** Why a row is on the published basis ('a time you typed', 'the machine was busy …'). */
  basisNote: z.string(),
  beforeSeconds: spreadSchema,
  cpuSeconds: z.number(),
  ioWaitShare: z.number(),
  ioShareAssumed: z.boolean(),
  /** Share of the task's I/O time that is random access (the rest sequential). */
  randomShare: z.number(),
  predictedSeconds: z.number(),
  /** The range's ends: the 10th and 90th percentile of the model's errors on unseen cases. */
  predictedLowSeconds: z.number(),
  predictedHighSeconds: z.number(),
  /** The range as factors of predictedSeconds, and what it was made from. */
  interval: z.object({
    low: z.number(),
    high: z.number(),
    basis: z.enum(['kind', 'pooled', 'replay']),
    cases: z.number().int().nonnegative(),
  }),
  /** After the swap: did the measured time fall inside the range? */
  measuredInside: z.boolean().nullable(),
  /**
   * Amdahl's limit: the CPU part alone (or the warm run less its own waits on the drive), what an
   * infinitely fast drive leaves.
   */
  floorSeconds: z.number(),
  /** The task run again at once, warm (this machine's basis). */
  warmSeconds: z.number().nullable(),
  savedPerOccurrence: z.number(),
  measuredSeconds: z.number().nullable(),
  /** (measured − predicted) / measured, after the real after-run. */
  error: z.number().nullable(),
});
export type TaskPrediction = z.infer<typeof taskPrediction>;

export const syntheticPrediction = z.object({
  what: z.string(),
  unit: z.string(),
  better: z.enum(['higher', 'lower']),
  before: z.number().nullable(),
  predicted: z.number(),
  measured: z.number().nullable(),
});

export const predictionSchema = z.object({
  beforeId: z.string(),
  afterId: z.string().nullable(),
  target: resolvedTarget,
  current: driveFigures,
  speedups: z.object({ sequential: z.number(), random: z.number() }),
  tasks: z.array(taskPrediction),
  synthetic: z.array(syntheticPrediction),
  assumptions: z.array(z.string()),
});
export type Prediction = z.infer<typeof predictionSchema>;
