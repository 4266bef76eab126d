// dd method: `dd if=/dev/zero of=ddfile bs=8k count=N && sync`, timed including the sync as
// seed 004 computes it.
import { closeSync, fsyncSync, openSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { estimateBytes, estimateSeconds } from '../../../shared/bench/estimates';
import { mbPerSec, measurement } from '../calc';
import { ioErrorMessage, nowNs, secondsSince, Slicer, writeFull } from '../io';
import type { TestModule } from '../types';
import { baseResult, fmtBytes, repProgress, sizesOf } from './common';

const BS = 8192;

export const ddWrite: TestModule = {
  id: 'dd-write',
  title: 'Sequential write with sync',
  kind: 'synthetic',
  tool: 'dd',
  estimateSeconds: ({ repetitions, sizes }) =>
    estimateSeconds('dd-write', repetitions, sizesOf({ sizes })),
  bytesNeeded: ({ sizes }) => estimateBytes('dd-write', sizesOf({ sizes })),
  async run(ctx) {
    const size = Math.max(BS, Math.floor(sizesOf(ctx).dd / BS) * BS);
    const count = size / BS;
    const r = baseResult(
      this,
      `dd if=/dev/zero of=ddfile bs=8k count=${count} && sync (${fmtBytes(size)}, time includes the sync)`,
    );
    const zeros = Buffer.alloc(BS);
    const samples: number[] = [];
    const withoutSync: number[] = [];
    for (let rep = 0; rep < ctx.repetitions; rep++) {
      const path = join(ctx.workDir, `ddfile-${rep}`);
      const progress = repProgress(ctx, ctx.repetitions, rep);
      const slicer = new Slicer(100, ctx.signal);
      const fd = openSync(path, 'w', 0o600);
      let paused = 0n;
      try {
        const t0 = nowNs();
        for (let i = 0; i < count; i++) {
          writeFull(fd, zeros, BS, i * BS);
          if (slicer.due()) {
            const t = secondsSince(t0) - Number(paused) / 1e9;
            progress((0.9 * i) / count, { value: mbPerSec(i * BS, t), unit: 'MB/s' });
            const p0 = nowNs();
            await slicer.pause();
            paused += nowNs() - p0;
          }
        }
        const beforeSync = secondsSince(t0) - Number(paused) / 1e9;
        fsyncSync(fd);
        const total = secondsSince(t0) - Number(paused) / 1e9;
        samples.push(mbPerSec(size, total));
        withoutSync.push(mbPerSec(size, beforeSync));
        r.bytesWritten += size;
      } catch (err) {
        if ((err as Error).name === 'AbortError') throw err;
        throw new Error(ioErrorMessage(err, `writing ${fmtBytes(size)} with dd's method`));
      } finally {
        closeSync(fd);
        rmSync(path, { force: true });
      }
    }
    r.measurements.push(
      measurement('throughput', 'MB/s', 'higher', samples, { label: 'including sync' }),
      measurement('throughput_before_sync', 'MB/s', 'higher', withoutSync, {
        label: "dd's own figure (before sync, page cache)",
      }),
    );
    return r;
  },
};
