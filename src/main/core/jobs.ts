import { randomUUID } from 'node:crypto';
import type { JobProgress } from '../../shared/contract/jobs';
import type { EventBus } from './event-bus';
import { oneLine } from './errors';

export type ProgressUpdate = Omit<JobProgress, 'jobId' | 'kind'>;

export interface JobContext {
  signal: AbortSignal;
  progress(update: ProgressUpdate): void;
}

/** Result reference (e.g. a run id) or nothing. */
export type JobRunner = (ctx: JobContext) => Promise<string | void>;

/** Long tasks run detached from the request that started them; progress flows as events. */
export class JobManager {
  private readonly running = new Map<string, AbortController>();

  constructor(private readonly bus: EventBus) {}

  start(kind: string, run: JobRunner): string {
    const jobId = randomUUID();
    const ac = new AbortController();
    this.running.set(jobId, ac);
    const progress = (u: ProgressUpdate): void => {
      if (!ac.signal.aborted) this.bus.emit('job.progress', { ...u, jobId, kind });
    };
    void (async () => {
      try {
        const ref = await run({ signal: ac.signal, progress });
        if (ac.signal.aborted) this.bus.emit('job.finished', { jobId, kind, status: 'cancelled' });
        else
          this.bus.emit('job.finished', {
            jobId,
            kind,
            status: 'done',
            ...(ref ? { resultRef: ref } : {}),
          });
      } catch (err) {
        const status = ac.signal.aborted ? 'cancelled' : 'failed';
        this.bus.emit('job.finished', { jobId, kind, status, error: oneLine(err) });
      } finally {
        this.running.delete(jobId);
      }
    })();
    return jobId;
  }

  cancel(jobId: string): boolean {
    const ac = this.running.get(jobId);
    if (!ac) return false;
    ac.abort();
    return true;
  }

  cancelAll(): void {
    for (const ac of this.running.values()) ac.abort();
  }

  get active(): number {
    return this.running.size;
  }
}
