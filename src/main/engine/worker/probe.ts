// A 1–2 s probe of the target before a run (issue 15: "estimate from the drive, not from a
// table"): sequential O_DIRECT writes, random 4 KiB O_DIRECT reads at queue depth 1, and how fast
// this machine's CPU is right now (other work shares it). The plan's per-test estimates are
// derived from these rates (shared/bench/estimates.ts); the runner still recalibrates after every
// test. Asynchronous I/O only: the Electron main process must not block for the probe's second.
import { constants } from 'node:fs';
import { open, unlink, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import type { DriveRates } from '../../../shared/bench/estimates';
import { usedInodes } from '../../tasks/du-walk';
import { abortError, alignedBuffer, makeRandom } from '../methods/io';
import { nativeAio } from '../../core/native-aio';
import { runQueue } from './queue';

const MiB = 1024 * 1024;
const PAGE = 4096;
/** deflate level 1 of PROBE_TEXT on one free core of this machine class (measured: 8.5–9 ms). */
const CPU_REFERENCE_MS = 9;

export interface ProbeOptions {
  signal?: AbortSignal;
  /** Seconds of writing at most (default 0.4) and of random reads (default 0.4). */
  writeSeconds?: number;
  readSeconds?: number;
  /** Bytes written at most (default 32 MiB). */
  writeBytes?: number;
}

/**
 * Probes `dir` (a fresh folder of ours: the work folder) with a file it creates exclusively and
 * removes again. Never follows a symlink; the file is at most 32 MiB.
 */
export async function probeTarget(dir: string, o: ProbeOptions = {}): Promise<DriveRates> {
  const t0 = performance.now();
  const path = join(dir, 'probe.bin');
  const flags = constants.O_RDWR | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;
  let direct = true;
  let fh = await open(path, flags | constants.O_DIRECT, 0o600).catch((err: unknown) => {
    if ((err as NodeJS.ErrnoException).code !== 'EINVAL') throw err;
    direct = false;
    return null;
  });
  fh ??= await open(path, flags, 0o600);
  try {
    const buf = alignedBuffer(MiB);
    const rnd = makeRandom(0x5eed);
    for (let i = 0; i < MiB; i += 4) buf.writeUInt32LE((rnd() * 2 ** 32) >>> 0, i);
    const maxBytes = o.writeBytes ?? 32 * MiB;
    const w0 = performance.now();
    let written = 0;
    while (written < maxBytes) {
      if (o.signal?.aborted) throw abortError();
      buf.writeDoubleLE(written, 0);
      await fh.write(buf, 0, MiB, written);
      written += MiB;
      if (written >= 4 * MiB && performance.now() - w0 > (o.writeSeconds ?? 0.4) * 1000) break;
    }
    await fh.sync();
    const writeSeconds = (performance.now() - w0) / 1000;
    const iops = await randomReadRate(fh, written, rnd, o);
    const entries = usedInodes(dir);
    return {
      ...(entries !== null ? { entries } : {}),
      seqBps: Math.round(written / writeSeconds),
      iops: Math.round(iops),
      cpu: Math.round(cpuFactor() * 100) / 100,
      direct,
      seconds: Math.round((performance.now() - t0) / 100) / 10,
    };
  } finally {
    await fh.close();
    await unlink(path).catch(() => undefined);
  }
}

/**
 * Random 4 KiB reads at queue depth 1 over the first `bytes` of the file (uncached when direct),
 * per second. With the native addon they run as the queue-depth profile's RND 4K Q1 does, off the
 * JS thread; without it through libuv's thread pool, whose ~40 µs a request made fast drives look
 * 1.5× slower than they are (so their estimates ran long).
 */
async function randomReadRate(
  fh: FileHandle,
  bytes: number,
  rnd: () => number,
  o: ProbeOptions,
): Promise<number> {
  const seconds = o.readSeconds ?? 0.4;
  if (nativeAio().addon?.runPsync) {
    const r = await runQueue({
      fd: fh.fd,
      op: 'read',
      bs: PAGE,
      qd: 1,
      seconds,
      pattern: 'rnd',
      fileSize: bytes,
      random: rnd,
      ...(o.signal ? { signal: o.signal } : {}),
    });
    if (r.ops >= 8) return r.ops / r.seconds;
  }
  const small = alignedBuffer(PAGE);
  const pages = bytes / PAGE;
  const r0 = performance.now();
  let reads = 0;
  while (reads < 8 || performance.now() - r0 < seconds * 1000) {
    if (o.signal?.aborted) throw abortError();
    await fh.read(small, 0, PAGE, Math.floor(rnd() * pages) * PAGE);
    reads++;
  }
  return reads / ((performance.now() - r0) / 1000);
}

/** Source-like text, so the CPU probe compresses what the unpack task's generator does. */
const PROBE_TEXT = (() => {
  const words = ['static', 'int', 'return', 'struct', 'void', '#include', 'unsigned', 'long'];
  const more = ['char', 'const', 'size_t', 'NULL', '->', '{', '}', '(', ')', ';', 'if', 'for'];
  const all = [...words, ...more];
  const rnd = makeRandom(12345);
  const parts: string[] = [];
  for (let n = 0; n < MiB;) {
    const w = all[Math.floor(rnd() * all.length)]!;
    parts.push(w);
    n += w.length + 1;
  }
  return Buffer.from(parts.join(' '));
})();

/**
 * How much slower than one free core this machine runs CPU work now: the median of 7 timings of
 * deflate level 1 on 1 MiB, against the reference, clamped to 1–4 (about 70 ms in all).
 */
export function cpuFactor(): number {
  const t: number[] = [];
  for (let i = 0; i < 7; i++) {
    const s = performance.now();
    deflateSync(PROBE_TEXT, { level: 1 });
    t.push(performance.now() - s);
  }
  t.sort((a, b) => a - b);
  return Math.min(4, Math.max(1, t[3]! / CPU_REFERENCE_MS));
}
