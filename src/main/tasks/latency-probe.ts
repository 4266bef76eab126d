// The "am I still able to browse?" probe: small random 4 KiB reads and open+fstat+close of small
// files, timed one by one in a worker thread with synchronous syscalls (QD1, no thread-pool
// overhead in the figures). Reads use O_DIRECT so the page cache cannot answer them; its
// buffer is a WebAssembly.Memory page, which is page-aligned as O_DIRECT requires.
// Its CPU time is taken in the worker over the same loop as its wall time: the process's CPU
// around runProbe also held the worker's start (a V8 isolate, ~30 ms here), which is not in the
// wall time, so the replay took a probe of 1,001 reads on a fast drive as more CPU than time.
import { Worker } from 'node:worker_threads';

export interface ProbeJob {
  file: string;
  fileSize: number;
  smallFiles: string[];
  /** Operations of each kind. */
  ops: number;
  /** Stop early when the phase takes this long (a crawling disk must not stall the run). */
  maxSeconds: number;
  seed: number;
}

export interface ProbeOutcome {
  readUs: number[];
  openUs: number[];
  seconds: number;
  /** CPU seconds of the whole process (user + system) over the timed loop alone. */
  cpu: number;
  direct: boolean;
}

const WORKER = `
const { parentPort, workerData: job } = require('node:worker_threads');
const fs = require('node:fs');
let a = job.seed >>> 0;
const rnd = () => { a = (a + 0x6d2b79f5) >>> 0; let t = a; t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61); return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
const buf = Buffer.from(new WebAssembly.Memory({ initial: 1 }).buffer, 0, 4096);
let direct = true, fd;
try { fd = fs.openSync(job.file, fs.constants.O_RDONLY | fs.constants.O_DIRECT); fs.readSync(fd, buf, 0, 4096, 0); }
catch { if (fd !== undefined) fs.closeSync(fd); direct = false; fd = fs.openSync(job.file, 'r'); }
const blocks = Math.max(1, Math.floor(job.fileSize / 4096));
const readUs = [], openUs = [];
const cpu0 = process.cpuUsage();
const t0 = process.hrtime.bigint();
const limit = BigInt(Math.round(job.maxSeconds * 1e9));
for (let i = 0; i < job.ops; i++) {
  let t = process.hrtime.bigint();
  fs.readSync(fd, buf, 0, 4096, Math.floor(rnd() * blocks) * 4096);
  let e = process.hrtime.bigint(); readUs.push(Number(e - t) / 1000);
  const f = job.smallFiles[Math.floor(rnd() * job.smallFiles.length)];
  t = process.hrtime.bigint();
  const h = fs.openSync(f, 'r'); fs.fstatSync(h); fs.closeSync(h);
  e = process.hrtime.bigint(); openUs.push(Number(e - t) / 1000);
  if (i % 50 === 0) parentPort.postMessage({ progress: (i + 1) / job.ops });
  if (e - t0 > limit) break;
}
const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
const used = process.cpuUsage(cpu0);
fs.closeSync(fd);
parentPort.postMessage({ done: { readUs, openUs, seconds, cpu: (used.user + used.system) / 1e6, direct } });
`;

export function runProbe(
  job: ProbeJob,
  opts: { signal: AbortSignal; onProgress?: (f: number) => void },
): Promise<ProbeOutcome> {
  return new Promise((resolve, reject) => {
    const w = new Worker(WORKER, { eval: true, workerData: job });
    const abort = (): void => {
      void w.terminate();
      reject(opts.signal.reason ?? new Error('cancelled'));
    };
    if (opts.signal.aborted) return abort();
    opts.signal.addEventListener('abort', abort, { once: true });
    w.on('message', (m: { progress?: number; done?: ProbeOutcome }) => {
      if (m.progress !== undefined) opts.onProgress?.(m.progress);
      if (m.done) {
        opts.signal.removeEventListener('abort', abort);
        resolve(m.done);
      }
    });
    w.on('error', (err) => {
      opts.signal.removeEventListener('abort', abort);
      reject(err);
    });
  });
}
