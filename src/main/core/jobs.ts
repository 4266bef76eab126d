import { randomUUID } from 'node:crypto';
import type { JobFinished, JobProgress } from '../../shared/contract/jobs';
import type { EventBus } from './event-bus';
import { oneLine, UserError } from './errors';

export type ProgressUpdate = Omit<JobProgress, 'jobId' | 'kind'>;

export interface JobContext {
  signal: AbortSignal;
  progress(update: ProgressUpdate): void;
}

/** Result reference (e.g. a run id) or nothing. */
export type JobRunner = (ctx: JobContext) => Promise<string | void>;

/** At most this many jobs at a time per process: two benchmarks already share the CPU. */
export const MAX_JOBS = 2;

/**
 * Rows (tests) a job's progress may have: more than any plan, far fewer than a flood of made-up
 * test ids (issue 37: 100,000 of them made job.list 157 MB); progress for a row past it is dropped.
 */
export const MAX_PROGRESS_ROWS = 256;

export interface JobClaims {
  /** Disks the job measures ('sda', 'nvme0n1'): no second job may run on any of them. */
  drives?: readonly string[];
}

interface Running {
  ac: AbortController;
  kind: string;
  drives: readonly string[];
  /** The latest progress of each test, so a page that (re)loads mid-run can show the rows. */
  latest: Map<string, JobProgress>;
}

/** A job still running, as a page that attaches late sees it. */
export interface RunningJob {
  jobId: string;
  kind: string;
  progress: JobProgress[];
}

/**
 * Long tasks run detached from the request that started them; progress flows as events.
 * Admission is checked and the job registered in one synchronous step, so two requests arriving
 * together cannot both pass: a second job on a drive already in use, or a job over MAX_JOBS, is
 * refused with a one-line error.
 */
export class JobManager {
  private readonly running = new Map<string, Running>();
  private readonly watchers = new Set<(active: number) => void>();

  constructor(
    private readonly bus: EventBus,
    private readonly maxJobs = MAX_JOBS,
  ) {}

  start(kind: string, run: JobRunner, claims: JobClaims = {}): string {
    const drives = [...new Set(claims.drives ?? [])];
    for (const other of this.running.values()) {
      const busy = drives.find((d) => other.drives.includes(d));
      if (busy)
        throw new UserError(
          `a ${other.kind} job is already running on drive ${busy}: wait for it to finish or cancel it first`,
        );
    }
    if (this.running.size >= this.maxJobs)
      throw new UserError(
        `${this.running.size} jobs are already running (at most ${this.maxJobs} at a time): wait for one to finish or cancel it`,
      );
    const jobId = randomUUID();
    const ac = new AbortController();
    const latest = new Map<string, JobProgress>();
    this.running.set(jobId, { ac, kind, drives, latest });
    this.changed();
    const progress = (u: ProgressUpdate): void => {
      if (ac.signal.aborted) return;
      const key = u.testId ?? '';
      if (!latest.has(key) && latest.size >= MAX_PROGRESS_ROWS) return;
      const p = { ...u, jobId, kind };
      // A test's last live figure stays with it (its "done" update carries none), so a page that
      // reloads mid-run shows finished rows with their figures, as before the reload.
      const kept = u.liveValue ? null : latest.get(key)?.liveValue;
      latest.set(key, kept ? { ...p, liveValue: kept } : p);
      this.bus.emit('job.progress', p);
    };
    void (async () => {
      let finished: JobFinished;
      try {
        const ref = await run({ signal: ac.signal, progress });
        finished = ac.signal.aborted
          ? { jobId, kind, status: 'cancelled' }
          : { jobId, kind, status: 'done', ...(ref ? { resultRef: ref } : {}) };
      } catch (err) {
        const status = ac.signal.aborted ? 'cancelled' : 'failed';
        finished = { jobId, kind, status, error: oneLine(err) };
      }
      // The drive and the slot are free before anyone hears the job ended, so a listener may
      // start the next one straight away.
      this.running.delete(jobId);
      this.changed();
      this.bus.emit('job.finished', finished);
    })();
    return jobId;
  }

  cancel(jobId: string): boolean {
    const job = this.running.get(jobId);
    if (!job) return false;
    job.ac.abort();
    return true;
  }

  cancelAll(): void {
    for (const job of this.running.values()) job.ac.abort();
  }

  get active(): number {
    return this.running.size;
  }

  /** The jobs still running, each with its tests' latest progress. */
  list(): RunningJob[] {
    return [...this.running].map(([jobId, j]) => ({
      jobId,
      kind: j.kind,
      progress: [...j.latest.values()],
    }));
  }

  /** Calls `fn` with the number of running jobs whenever a job starts or ends. */
  onChange(fn: (active: number) => void): () => void {
    this.watchers.add(fn);
    return () => this.watchers.delete(fn);
  }

  /** Resolves once no job runs (true), or false after `timeoutMs`. */
  whenIdle(timeoutMs: number): Promise<boolean> {
    if (!this.running.size) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        off();
        resolve(false);
      }, timeoutMs);
      const off = this.onChange((n) => {
        if (n) return;
        clearTimeout(timer);
        off();
        resolve(true);
      });
    });
  }

  private changed(): void {
    for (const fn of this.watchers) fn(this.running.size);
  }
}
