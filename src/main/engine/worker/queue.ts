// Queue-depth I/O. QD1 as fio's psync: pread/pwrite in a loop on one thread of the native addon,
// each call timed (from JS each call cost ~3 µs more: 0.88× fio's RND 4K Q1 on a memory-backed
// device); without the addon, synchronous calls in the engine thread itself (no thread-pool hop,
// ~40 µs cheaper per op than fs.read). Deeper queues keep `qd` requests in flight through the
// native AIO addon, one submission per request as fio's libaio; where the addon is not built,
// through libuv (io_uring in the engine process, UV_USE_IO_URING=1).
import { read, readSync, write, writeSync } from 'node:fs';
import { abortError, alignedBuffer, makeRandom, nowNs, offsets, Slicer } from '../methods/io';
import { bufferAt, type IoBuffers } from '../methods/io-buffers';
import { nativeAio, type AioAddon } from '../../core/native-aio';
import { RateFit } from '../methods/rate-fit';
import { settleTracker, type SettleRule } from '../methods/settle';
import type { LiveValue } from '../types';

export interface QueueJob {
  fd: number;
  op: 'read' | 'write';
  bs: number;
  qd: number;
  seconds: number;
  /**
   * Warm-up seconds before `seconds`, not counted (fio's ramp_time). The native addon keeps one
   * queue through both: draining and refilling it in between cost a queue's worth of requests at
   * the drive's rate per phase (32 random ones: 0.2 s on a hard disk). Elsewhere two runs.
   */
  ramp?: number;
  pattern: 'seq' | 'rnd';
  fileSize: number;
  random?: () => number;
  /** Keep every latency (µs) for percentiles; QD1 only. */
  keepLatencies?: boolean;
  signal?: AbortSignal;
  onProgress?: (fraction: number, live?: LiveValue) => void;
  /** Preset data for writes (incompressible); reads ignore it. */
  fill?: (buf: Buffer) => void;
  /**
   * Buffers from ioBuffers() (probed so large requests are not split); QD1 uses the first, deep
   * queues one per request slot. Without them each run allocates unprobed memory.
   */
  buffers?: IoBuffers;
  /** Ends before `seconds` once the rate settles (settle.ts); native addon only (its stop word). */
  settle?: SettleRule;
}

export interface QueueResult {
  ops: number;
  seconds: number;
  /** Completions per second, the slope of a line through them (rate-fit.ts); null below 3. */
  rate: number | null;
  latSumUs: number;
  latencies: Float64Array | null;
}

export async function runQueue(job: QueueJob): Promise<QueueResult> {
  const aio = nativeAio().addon;
  const native = job.qd <= 1 ? !!aio?.runPsync : !!aio && usesNativeAio(job);
  if (native && aio?.ramp) return runNative(aio, job);
  const measured = job.ramp ? await warmUp(job) : job;
  if (native) return runNative(aio!, measured);
  return measured.qd <= 1 ? runSync(measured) : runAsync(measured);
}

/** Where the warm-up cannot share the measured run's queue: a run of its own first. */
async function warmUp(job: QueueJob): Promise<QueueJob> {
  const ramp = job.ramp ?? 0;
  const share = ramp / (ramp + job.seconds);
  const { onProgress } = job;
  await runQueue({
    ...job,
    seconds: ramp,
    ramp: 0,
    keepLatencies: false,
    onProgress: (f) => onProgress?.(f * share),
  });
  return { ...job, ramp: 0, onProgress: (f, live) => onProgress?.(share + f * (1 - share), live) };
}

/** Latencies kept at queue depth 1: up to 250,000 a second (a fast NVMe drive's 4 µs each). */
const latencyCapacity = (seconds: number): number =>
  Math.min(1 << 21, Math.ceil(seconds * 250_000) + 1024);

/**
 * Large deep-queue requests (SEQ 1M Q8) go through the native AIO addon when it is built: libuv's
 * io_uring submits in batches and the block layer merges adjacent 1 MiB reads into 2–3.5 MiB
 * requests, so the drive saw an average queue depth of ~2 where fio libaio keeps ~5 (0.63× fio
 * on freshly written data). Small requests (RND 4K Q32) take the same path, as fio's libaio:
 * libuv sets its ring up with SQPOLL, a kernel thread polling the queue on a CPU others share.
 * Either way RND 4K Q32 read 1.3–2× fio here, and it is real: device reads in /sys/block/…/stat
 * match the ops, 8 sectors each. Both keep 32 submitted, but the device saw ~9 in flight under this
 * loop and ~4.5 under fio: on this shared 2-vCPU VM the tools wait for CPU, and fio spends ~19 µs
 * of it per I/O (one io_getevents call per completion, its statistics) where this loop spends ~8.
 */
export const usesNativeAio = (job: Pick<QueueJob, 'qd' | 'bs'>): boolean => job.qd > 1;

async function runNative(aio: AioAddon, job: QueueJob): Promise<QueueResult> {
  const buffers = slotBuffers(job);
  const ctl = new Int32Array(new SharedArrayBuffer(8));
  const stop = (): void => void Atomics.store(ctl, 0, 1);
  let early = false;
  job.signal?.addEventListener('abort', stop);
  const ramp = job.ramp ?? 0;
  const t0 = performance.now();
  const settled = job.settle ? settleTracker(job.settle) : () => false;
  const timer = setInterval(() => {
    const el = (performance.now() - t0) / 1000;
    // The addon counts only the measured requests: the rate from the warm-up's end.
    const measured = el - ramp;
    const ops = Atomics.load(ctl, 1);
    // Its warm-up ends a little after ours: a first window that reads low is not one that agrees.
    if (measured > 0 && ops > 0 && settled(measured, ops)) {
      early = true;
      stop();
    }
    job.onProgress?.(
      el / (ramp + job.seconds),
      measured > 0 ? { value: ops / measured, unit: 'IOPS' } : undefined,
    );
  }, 100);
  const psync = job.qd <= 1 && aio.runPsync !== undefined;
  const lat = psync && job.keepLatencies ? new Float64Array(latencyCapacity(job.seconds)) : null;
  try {
    const r = await (psync ? aio.runPsync!.bind(aio) : aio.run.bind(aio))({
      ...(lat ? { latencies: lat } : {}),
      fd: job.fd,
      write: job.op === 'write',
      seq: job.pattern === 'seq',
      bs: job.bs,
      qd: job.qd,
      seconds: job.seconds,
      ramp,
      blocks: Math.floor(job.fileSize / job.bs),
      seed: Math.floor((job.random ?? Math.random)() * 0xffffffff) >>> 0 || 1,
      buffers,
      ctl,
    });
    if (job.signal?.aborted) throw abortError();
    return {
      ...r,
      // A phase that settled ran evenly: its count over time (fio's) is its rate. One that ran to
      // its bound may hold a throttle's 100 ms releases or a burst at its start: the fit.
      rate: !early && typeof r.rate === 'number' && r.rate > 0 ? r.rate : null,
      latencies: lat ? lat.subarray(0, Math.min(r.ops, lat.length)) : null,
    };
  } finally {
    clearInterval(timer);
    job.signal?.removeEventListener('abort', stop);
  }
}

/**
 * One buffer per request slot, filled for writes: the probed windows when the job brought enough
 * of the right size, else fresh aligned memory.
 */
function slotBuffers(job: QueueJob): Buffer[] {
  const n = Math.max(1, job.qd);
  const probed = job.buffers?.bs === job.bs && job.buffers.offsets.length >= n;
  const fresh = probed ? null : alignedBuffer(job.bs * n);
  const out = Array.from({ length: n }, (_, i) =>
    probed ? bufferAt(job.buffers!, i) : fresh!.subarray(i * job.bs, (i + 1) * job.bs),
  );
  for (const b of out) job.fill?.(b);
  return out;
}

async function runSync(job: QueueJob): Promise<QueueResult> {
  const buf = slotBuffers(job)[0]!;
  const nextOffset = offsets(job, job.fileSize, job.random ?? makeRandom());
  const slicer = new Slicer(100, job.signal);
  let lat = job.keepLatencies ? new Float64Array(65536) : null;
  const fit = new RateFit();
  let ops = 0;
  let latSum = 0;
  let paused = 0n;
  const t0 = nowNs();
  let elapsed = 0;
  for (;;) {
    const pos = nextOffset();
    const s = nowNs();
    const n =
      job.op === 'read'
        ? readSync(job.fd, buf, 0, job.bs, pos)
        : writeSync(job.fd, buf, 0, job.bs, pos);
    const end = nowNs();
    const us = Number(end - s) / 1000;
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
    // The request's own end time serves its latency, the fit and the bound.
    const at = Number(end - t0 - paused) / 1e9;
    fit.add(at, ops);
    if ((ops & 7) === 0) {
      elapsed = at;
      if (elapsed >= job.seconds) break;
      if (slicer.due()) {
        job.onProgress?.(elapsed / job.seconds, { value: ops / elapsed, unit: 'IOPS' });
        const p0 = nowNs();
        await slicer.pause();
        paused += nowNs() - p0;
      }
    }
  }
  return {
    ops,
    seconds: elapsed,
    rate: fit.rate(),
    latSumUs: latSum,
    latencies: lat ? lat.subarray(0, ops) : null,
  };
}

/**
 * Deep queues where the native addon is not built: libuv's async fs, which the engine process runs
 * on io_uring (UV_USE_IO_URING=1; RND 4K Q32 read 1.3–3× fio libaio here, see usesNativeAio).
 * Where io_uring is unavailable, libuv runs the same requests on its thread pool
 * (UV_THREADPOOL_SIZE=32).
 */
function runAsync(job: QueueJob): Promise<QueueResult> {
  const slots = slotBuffers(job);
  type Done = (err: NodeJS.ErrnoException | null, n: number) => void;
  const io = (fd: number, buf: Buffer, pos: number, cb: Done): void => {
    if (job.op === 'read') read(fd, buf, 0, job.bs, pos, cb);
    else write(fd, buf, 0, job.bs, pos, cb);
  };
  const nextOffset = offsets(job, job.fileSize, job.random ?? makeRandom());
  return new Promise((resolve, reject) => {
    const fit = new RateFit();
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
      resolve({
        ops,
        seconds: Number(tEnd - t0) / 1e9,
        rate: fit.rate(),
        latSumUs: latSum,
        latencies: null,
      });
    };
    const issue = (slot: number): void => {
      const buf = slots[slot]!;
      const pos = nextOffset();
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
          fit.add(Number(now - t0) / 1e9, ops);
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
