// dd method: `dd if=/dev/zero of=ddfile bs=8k count=N && sync`, timed including the sync as
// seed 004 computes it.
import { closeSync, fsync, openSync, rmSync } from 'node:fs';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { mbPerSec, measurement } from '../../methods/calc';
import { ioErrorMessage, nowNs, secondsSince, Slicer, writeFull } from '../../methods/io';
import { defineBenchmark, fmtBytes } from './common';

const BS = 8192;
const MiB = 1024 * 1024;
const fsyncAsync = promisify(fsync);

export const ddWrite = defineBenchmark({
  id: 'dd-write',
  title: 'Sequential write with sync',
  tool: 'dd',
  timedWrites: true,
  description:
    'Writes a file in 8 KiB blocks and waits for sync, as "dd bs=8k && sync": sustained write speed including the flush.',
  sizes: { dd: { label: 'Sequential write (dd) size', unit: 'MiB', allFiles: true } },
  estimate: (reps, s, r) => {
    // Page-cache writing (CPU), bounded to 3 phases, then the sync: the kernel's writeback
    // merges and queues deeper than the probe's one-at-a-time writes (measured ~2× their rate)
    // until the dirty limits hold the writer back; beyond ~256 MiB it runs at the drive's rate.
    const cap = s.phaseSeconds ?? 8;
    const early = Math.min(s.dd, 256 * MiB);
    const sync = early / (2 * r.seqBps) + (s.dd - early) / r.seqBps;
    return reps * (0.3 + Math.min(3 * cap, (s.dd / 1.2e9) * r.cpu) + sync);
  },
  bytes: (s) => s.dd,
  async run(ctx, t) {
    const size = Math.max(BS, Math.floor(t.sizes.dd / BS) * BS);
    const count = size / BS;
    const r = t.result(
      `dd if=/dev/zero of=ddfile bs=8k count=${count} && sync (${fmtBytes(size)}, time includes the sync)`,
    );
    const zeros = Buffer.alloc(BS);
    const cap = 3 * t.sizes.phaseSeconds;
    let stopped = 0;
    const samples: number[] = [];
    const withoutSync: number[] = [];
    for (let rep = 0; rep < ctx.repetitions; rep++) {
      const path = join(ctx.workDir, `ddfile-${rep}`);
      const progress = t.progress(rep);
      const slicer = new Slicer(100, ctx.signal);
      const fd = openSync(path, 'w', 0o600);
      let paused = 0n;
      try {
        const t0 = nowNs();
        let i = 0;
        while (i < count) {
          writeFull(fd, zeros, BS, i * BS);
          i++;
          if (slicer.due()) {
            const t = secondsSince(t0) - Number(paused) / 1e9;
            // Bounded by time as well as bytes (a slow disk stops early; the figure is per byte).
            if (t >= cap) break;
            progress(
              0.8 * Math.max(i / count, t / cap),
              { value: mbPerSec(i * BS, t), unit: 'MB/s' },
              'before sync (page cache)',
            );
            const p0 = nowNs();
            await slicer.pause();
            paused += nowNs() - p0;
          }
        }
        const bytes = i * BS;
        const beforeSync = secondsSince(t0) - Number(paused) / 1e9;
        progress(0.8, { value: mbPerSec(bytes, beforeSync), unit: 'MB/s' }, 'syncing to disk');
        // Asynchronous, so progress and the ETA keep moving while the disk catches up.
        const ticker = setInterval(() => {
          const t = secondsSince(t0) - Number(paused) / 1e9;
          progress(0.8 + 0.19 * (1 - beforeSync / Math.max(t, 1e-9)), undefined, 'syncing to disk');
        }, 500);
        try {
          await fsyncAsync(fd);
        } finally {
          clearInterval(ticker);
        }
        const total = secondsSince(t0) - Number(paused) / 1e9;
        samples.push(mbPerSec(bytes, total));
        withoutSync.push(mbPerSec(bytes, beforeSync));
        progress(1, { value: mbPerSec(bytes, total), unit: 'MB/s' }, 'with sync');
        if (bytes < size) stopped = bytes;
        r.bytesWritten += bytes;
      } catch (err) {
        if ((err as Error).name === 'AbortError') throw err;
        throw new Error(ioErrorMessage(err, `writing ${fmtBytes(size)} with dd's method`));
      } finally {
        closeSync(fd);
        rmSync(path, { force: true });
      }
    }
    if (stopped)
      r.caveats.push(
        `writing stopped at its ${cap} s bound after ${fmtBytes(stopped)} (figures are per byte written)`,
      );
    r.measurements.push(
      measurement('throughput', 'MB/s', 'higher', samples, { label: 'including sync' }),
      measurement('throughput_before_sync', 'MB/s', 'higher', withoutSync, {
        label: "dd's own figure (before sync, page cache)",
      }),
    );
    return r;
  },
});
