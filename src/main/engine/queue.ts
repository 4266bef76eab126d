// Queue-depth I/O from Node. QD1 uses synchronous pread/pwrite in this process (no thread-pool
// hop, ~40 µs cheaper per op). Deeper queues keep `qd` async requests in flight; the engine
// process is forked with UV_USE_IO_URING=1 so libuv submits them through io_uring (measured here
// ≥ fio libaio at 4K Q32), falling back to a 32-thread pool where io_uring is unavailable.
import { read, readlinkSync, readdirSync, readSync, write, writeSync } from 'node:fs';
import { abortError, alignedBuffer, nowNs, secondsSince, Slicer } from './io';
import type { LiveValue } from './types';

export interface QueueJob {
  fd: number;
  op: 'read' | 'write';
  bs: number;
  qd: number;
  seconds: number;
  /** Next byte offset to use (sequential cursor or random). */
  nextOffset: () => number;
  /** Keep every latency (µs) for percentiles; QD1 only. */
  keepLatencies?: boolean;
  signal?: AbortSignal;
  onProgress?: (fraction: number, live?: LiveValue) => void;
  /** Preset data for writes (incompressible); reads ignore it. */
  fill?: (buf: Buffer) => void;
}

export interface QueueResult {
  ops: number;
  seconds: number;
  latSumUs: number;
  latencies: Float64Array | null;
}

export async function runQueue(job: QueueJob): Promise<QueueResult> {
  return job.qd <= 1 ? runSync(job) : runAsync(job);
}

async function runSync(job: QueueJob): Promise<QueueResult> {
  const buf = alignedBuffer(job.bs);
  job.fill?.(buf);
  const slicer = new Slicer(100, job.signal);
  let lat = job.keepLatencies ? new Float64Array(65536) : null;
  let ops = 0;
  let latSum = 0;
  let paused = 0n;
  const t0 = nowNs();
  let elapsed = 0;
  for (;;) {
    const pos = job.nextOffset();
    const s = nowNs();
    const n =
      job.op === 'read'
        ? readSync(job.fd, buf, 0, job.bs, pos)
        : writeSync(job.fd, buf, 0, job.bs, pos);
    const us = Number(nowNs() - s) / 1000;
    if (n !== job.bs) throw new Error(`short ${job.op} of ${n} bytes at ${pos}`);
    if (lat) {
      if (ops === lat.length) {
        const bigger = new Float64Array(lat.length * 2);
        bigger.set(lat);
        lat = bigger;
      }
      lat[ops] = us;
    }
    latSum += us;
    ops++;
    if ((ops & 7) === 0) {
      elapsed = secondsSince(t0) - Number(paused) / 1e9;
      if (elapsed >= job.seconds) break;
      if (slicer.due()) {
        job.onProgress?.(elapsed / job.seconds, { value: ops / elapsed, unit: 'IOPS' });
        const p0 = nowNs();
        await slicer.pause();
        paused += nowNs() - p0;
      }
    }
  }
  return { ops, seconds: elapsed, latSumUs: latSum, latencies: lat ? lat.subarray(0, ops) : null };
}

function runAsync(job: QueueJob): Promise<QueueResult> {
  const big = alignedBuffer(job.bs * job.qd);
  job.fill?.(big);
  type Done = (err: NodeJS.ErrnoException | null, n: number) => void;
  const io = (fd: number, buf: Buffer, pos: number, cb: Done): void => {
    if (job.op === 'read') read(fd, buf, 0, job.bs, pos, cb);
    else write(fd, buf, 0, job.bs, pos, cb);
  };
  return new Promise((resolve, reject) => {
    let ops = 0;
    let latSum = 0;
    let inFlight = 0;
    let stopping = false;
    let failure: Error | null = null;
    const t0 = nowNs();
    let tEnd = t0;
    let lastProgress = performance.now();
    const deadline = t0 + BigInt(Math.round(job.seconds * 1e9));
    const finish = (): void => {
      if (inFlight > 0) return;
      if (failure) return reject(failure);
      if (job.signal?.aborted) return reject(abortError());
      resolve({ ops, seconds: Number(tEnd - t0) / 1e9, latSumUs: latSum, latencies: null });
    };
    const issue = (slot: number): void => {
      const buf = big.subarray(slot * job.bs, (slot + 1) * job.bs);
      const pos = job.nextOffset();
      const s = nowNs();
      inFlight++;
      io(job.fd, buf, pos, (err, n) => {
        inFlight--;
        const now = nowNs();
        if (err || n !== job.bs) {
          failure ??= err ?? new Error(`short ${job.op} of ${n} bytes at ${pos}`);
          stopping = true;
        } else {
          ops++;
          latSum += Number(now - s) / 1000;
          tEnd = now;
        }
        if (now >= deadline || job.signal?.aborted) stopping = true;
        if (!stopping) {
          issue(slot);
          if (job.onProgress && performance.now() - lastProgress > 100) {
            lastProgress = performance.now();
            const el = Number(now - t0) / 1e9;
            job.onProgress(el / job.seconds, { value: ops / el, unit: 'IOPS' });
          }
        } else finish();
      });
    };
    for (let i = 0; i < job.qd; i++) issue(i);
  });
}

/** How deep-queue I/O is submitted in this process, for the run's "how it ran" notes. */
export function asyncIoMode(): string {
  try {
    const uring = readdirSync('/proc/self/fd').some((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`).includes('io_uring');
      } catch {
        return false;
      }
    });
    if (uring) return 'io_uring (libuv)';
  } catch {
    /* no /proc: fall through */
  }
  return `libuv thread pool (${process.env.UV_THREADPOOL_SIZE ?? '4'} threads)`;
}
