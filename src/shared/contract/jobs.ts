import { z } from 'zod';
import { request } from './define';
import { LIMITS, text } from './limits';

/** Progress of any long task (benchmarks, real-world tasks, report export). */
export const jobProgress = z.object({
  jobId: z.string(),
  kind: z.string(),
  testId: z.string().optional(),
  label: z.string().optional(),
  /** 0..1 for the current test. */
  fraction: z.number().min(0).max(1),
  /** 0..1 for the whole job, when the job has several tests. */
  overall: z.number().min(0).max(1).optional(),
  etaSeconds: z.number().nonnegative().nullable(),
  liveValue: z.object({ value: z.number(), unit: z.string() }).nullable().optional(),
  message: z.string().optional(),
});
export type JobProgress = z.infer<typeof jobProgress>;

export const jobFinished = z.object({
  jobId: z.string(),
  kind: z.string(),
  status: z.enum(['done', 'failed', 'cancelled']),
  error: z.string().optional(),
  /** Opaque reference to what the job produced (e.g. a run id). */
  resultRef: z.string().optional(),
});
export type JobFinished = z.infer<typeof jobFinished>;

export const jobRequests = {
  /** Jobs still running with their tests' latest progress: a reloaded page re-attaches to them. */
  'job.list': request(
    z.object({}).strict(),
    z.object({
      jobs: z.array(
        z.object({ jobId: z.string(), kind: z.string(), progress: z.array(jobProgress) }),
      ),
    }),
  ),
  'job.cancel': request(
    z.object({ jobId: text(LIMITS.id).min(1) }).strict(),
    z.object({ cancelled: z.boolean() }),
  ),
} as const;

export const jobEvents = {
  'job.progress': jobProgress,
  'job.finished': jobFinished,
} as const;
