// Large deep-queue requests (SEQ 1M Q8): `qd` worker threads each doing synchronous O_DIRECT
// pread/pwrite on the shared fd, like fio's psync with numjobs=qd. Measured on this 2-core VM:
// ≈ fio libaio at SEQ 1M Q8 quiet and under load (libuv's io_uring mode fell to ~0.4× under load).
// The threads live for the whole run; a shared control block starts them together.
import { Worker } from 'node:worker_threads';
import { abortError } from './io';
import { IO_WORKER_SOURCE } from './io-worker';
import type { LiveValue } from './types';

/** Control block slots (Int32). */
const GO = 0;
const STOP = 1;
const CURSOR = 2;
const OPS = 3;
const WAITING = 4;
const SLOTS = 8;
void CURSOR; // used by the workers (io-worker.ts)

export interface PoolJob {
  fd: number;
  op: 'read' | 'write';
  pattern: 'seq' | 'rnd';
  bs: number;
  /** Number of bs-sized blocks in the file. */
  blocks: number;
  qd: number;
  seconds: number;
  signal?: AbortSignal | undefined;
  onProgress?: ((fraction: number, live?: LiveValue) => void) | undefined;
  /** Shared probed buffer memory (io-buffers.ts): thread `slot` uses bs bytes at offsets[slot]. */
  memory?: SharedArrayBuffer;
  offsets?: number[];
}

export interface PoolResult {
  ops: number;
  seconds: number;
  latSumUs: number;
}

interface WorkerReply {
  ops: number;
  latSumUs: number;
  endNs: string;
  error?: string;
  code?: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class IoPool {
  private readonly workers: Worker[] = [];
  private readonly pending = new Map<
    Worker,
    { resolve: (m: WorkerReply) => void; reject: (e: Error) => void }
  >();

  /** Starts threads ahead of time (thread start-up is ~50 ms of CPU each, never timed). */
  async grow(n: number): Promise<void> {
    const extra = Array.from({ length: Math.max(0, n - this.workers.length) }, async () => {
      const w = new Worker(IO_WORKER_SOURCE, { eval: true });
      w.unref();
      await new Promise<void>((resolve, reject) => {
        w.once('message', () => resolve());
        w.once('error', reject);
      });
      // One listener pair per thread for its whole life; each job installs its own settle callbacks.
      w.on('message', (m: WorkerReply) => this.pending.get(w)?.resolve(m));
      w.on('error', (err) => this.pending.get(w)?.reject(err));
      // After the listeners: adding a 'message' listener re-refs the port, and idle I/O threads
      // must never keep the process alive.
      w.unref();
      return w;
    });
    this.workers.push(...(await Promise.all(extra)));
  }

  async run(job: PoolJob): Promise<PoolResult> {
    await this.grow(job.qd);
    const ctl = new Int32Array(new SharedArrayBuffer(SLOTS * 4));
    const replies = this.workers.slice(0, job.qd).map(
      (w, slot) =>
        new Promise<WorkerReply>((resolve, reject) => {
          this.pending.set(w, { resolve, reject });
          w.postMessage({
            ...job,
            signal: undefined,
            onProgress: undefined,
            ctl: ctl.buffer,
            slot,
          });
        }),
    );
    // Start together: wait until every thread is parked on GO (or one of them died trying).
    let died = false;
    for (const r of replies) r.catch(() => (died = true));
    while (Atomics.load(ctl, WAITING) < job.qd && !died) await sleep(1);
    const t0 = process.hrtime.bigint();
    Atomics.store(ctl, GO, 1);
    Atomics.notify(ctl, GO);
    let finished = false;
    const all = Promise.all(replies).finally(() => (finished = true));
    while (!finished) {
      await Promise.race([all.catch(() => undefined), sleep(100)]);
      if (job.signal?.aborted) Atomics.store(ctl, STOP, 1);
      const el = Number(process.hrtime.bigint() - t0) / 1e9;
      if (!finished && el > 0)
        job.onProgress?.(Math.min(1, el / job.seconds), {
          value: Atomics.load(ctl, OPS) / el,
          unit: 'IOPS',
        });
    }
    let out: WorkerReply[];
    try {
      out = await all;
    } finally {
      for (const w of this.workers) this.pending.delete(w);
    }
    const bad = out.find((r) => r.error);
    if (bad) throw Object.assign(new Error(bad.error), { code: bad.code });
    if (job.signal?.aborted) throw abortError();
    const end = out.reduce((m, r) => (BigInt(r.endNs) > m ? BigInt(r.endNs) : m), t0);
    return {
      ops: out.reduce((a, r) => a + r.ops, 0),
      latSumUs: out.reduce((a, r) => a + r.latSumUs, 0),
      seconds: Number(end - t0) / 1e9,
    };
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.splice(0).map((w) => w.terminate()));
  }
}
