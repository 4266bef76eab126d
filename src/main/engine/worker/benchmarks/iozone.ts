// iozone -I method (seed 002: `iozone -I -a -s 256M -r 4k -r 64k -r 512K -i 0 -i 1 -i 2`):
// O_DIRECT write, rewrite, read, reread, random read, random write per record size; every
// record visited once per random pass.
import { closeSync, constants, readSync, rmSync } from 'node:fs';
import { randomFillSync } from 'node:crypto';
import { join } from 'node:path';
import { kibPerSec, measurement } from '../../methods/calc';
import {
  alignedBuffer,
  ioErrorMessage,
  makeRandom,
  nowNs,
  openDirectSync,
  permutation,
  secondsSince,
  Slicer,
  writeFull,
} from '../../methods/io';
import { ioBuffer } from '../../methods/io-buffers';
import { IOZONE_OPS } from '../../../../shared/bench/iozone-metrics';
import type { Measurement } from '../../../../shared/schemas/run';
import { defineBenchmark, fmtBytes, ioSeconds } from './common';

const IOZONE_RECORDS = [4 * 1024, 64 * 1024, 512 * 1024] as const;

export const iozone = defineBenchmark({
  id: 'iozone',
  title: 'iozone -I method',
  tool: 'iozone',
  timedWrites: true,
  description:
    'Write, rewrite, read, reread, random read and random write with 4 KiB, 64 KiB and 512 KiB records, bypassing the cache.',
  sizes: { iozone: { label: 'Block size test (iozone) file size', unit: 'MiB', allFiles: true } },
  estimate: (reps, s, r) => {
    // 54 passes, each bounded; opening, allocating and removing the file add a little a pass.
    const passCap = Math.max(0.2, (s.phaseSeconds ?? 8) / 4);
    const pass = (rec: number) =>
      Math.min(passCap, ioSeconds(r, s.iozone, s.iozone / rec)) + 0.005 * r.cpu;
    return reps * IOZONE_RECORDS.reduce((t, rec) => t + 6 * pass(rec), 0) + 0.5;
  },
  bytes: (s) => s.iozone,
  async run(ctx, t) {
    const size = Math.max(1024 * 1024, Math.floor(t.sizes.iozone / (512 * 1024)) * 512 * 1024);
    // 54 passes in a quick run: each is bounded to a quarter of a phase (fio's runtime).
    const cap = Math.max(0.2, t.sizes.phaseSeconds / 4);
    const r = t.result(
      `iozone -I -s ${size / 1024}k -r 4k -r 64k -r 512k -i 0 -i 1 -i 2 (O_DIRECT, no fsync in timing; each pass bounded to ${cap} s)`,
    );
    r.cache = 'bypassed';
    const samples = new Map<string, number[]>();
    const random = makeRandom();
    const path = join(ctx.workDir, 'iozone.tmp');
    const steps = ctx.repetitions * IOZONE_RECORDS.length * IOZONE_OPS.length;
    let step = 0;
    let direct = true;
    try {
      for (let rep = 0; rep < ctx.repetitions; rep++) {
        for (const rec of IOZONE_RECORDS) {
          let buf = alignedBuffer(rec);
          randomFillSync(buf);
          const n = size / rec;
          let written = n;
          let fd = -1;
          try {
            for (const op of IOZONE_OPS) {
              if (op === 'write') {
                rmSync(path, { force: true });
                const o = openDirectSync(
                  path,
                  constants.O_RDWR | constants.O_CREAT | constants.O_TRUNC,
                );
                fd = o.fd;
                direct &&= o.direct;
              }
              const progress = t.progress(step++, 0, steps);
              // The write pass may stop at its time bound: the later passes use what it wrote.
              const records = op === 'write' ? n : written;
              const order = op.startsWith('random') ? permutation(records, random) : null;
              const isWrite = op.includes('write');
              const pass = await timedPass(
                fd,
                buf,
                records,
                rec,
                isWrite,
                order,
                ctx.signal,
                (f) => progress(f, undefined, `${op} ${rec / 1024}k`),
                cap,
              );
              if (op === 'write') written = Math.max(1, pass.done);
              const secs = pass.seconds;
              if (op === 'write' && direct) {
                // The file exists now: the later passes get memory whose requests are not split
                // (512 KiB records exceed a 127-segment NVMe queue when the pages are scattered).
                buf = ioBuffer(rec, { fd, size, direct });
                randomFillSync(buf);
              }
              const key = `${op}:${rec}`;
              samples.set(key, [...(samples.get(key) ?? []), kibPerSec(pass.done * rec, secs)]);
            }
          } finally {
            if (fd >= 0) closeSync(fd);
            rmSync(path, { force: true });
          }
          if (rep === 0 && rec === IOZONE_RECORDS[0]) r.bytesWritten += size;
        }
      }
    } catch (err) {
      if ((err as Error).name === 'AbortError') throw err;
      throw new Error(ioErrorMessage(err, `running iozone's passes on a ${fmtBytes(size)} file`));
    }
    if (!direct) {
      t.warmCache(r);
    }
    r.measurements.push(...iozoneMeasurements(samples, size));
    return r;
  },
});

/** One figure per record size and operation, in iozone's table order; samples keyed `op:rec`. */
function iozoneMeasurements(samples: Map<string, number[]>, size: number): Measurement[] {
  return IOZONE_RECORDS.flatMap((rec) =>
    IOZONE_OPS.map((op) =>
      measurement(op, 'KiB/s', 'higher', samples.get(`${op}:${rec}`) ?? [], {
        params: { record_kb: rec / 1024, file_kb: size / 1024 },
        label: `${op.replace('_', ' ')} ${rec / 1024}k`,
      }),
    ),
  );
}

/** One pass over all records (sequential or in `order`); returns seconds excluding pauses. */
async function timedPass(
  fd: number,
  buf: Buffer,
  n: number,
  rec: number,
  isWrite: boolean,
  order: Uint32Array | null,
  signal: AbortSignal,
  onProgress: (f: number) => void,
  capSeconds: number,
): Promise<{ seconds: number; done: number }> {
  const slicer = new Slicer(100, signal);
  let paused = 0n;
  const t0 = nowNs();
  let i = 0;
  while (i < n) {
    const pos = (order ? order[i]! : i) * rec;
    if (isWrite) writeFull(fd, buf, rec, pos);
    else if (readSync(fd, buf, 0, rec, pos) !== rec) throw new Error(`short read at ${pos}`);
    i++;
    if ((i & 7) === 0 && secondsSince(t0) - Number(paused) / 1e9 >= capSeconds) break;
    if (slicer.due()) {
      onProgress(Math.max(i / n, (secondsSince(t0) - Number(paused) / 1e9) / capSeconds));
      const p0 = nowNs();
      await slicer.pause();
      paused += nowNs() - p0;
    }
  }
  return { seconds: secondsSince(t0) - Number(paused) / 1e9, done: i };
}
