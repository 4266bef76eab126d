// The application-like cold start: the workload's application part (a large executable, shared
// libraries, a few hundred small resources) read whole, cold, in the scattered order it lies on
// the disk in. The disk part of starting an application, timed on every drive, installed apps or not.
import { closeSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { workloadReps, type WorkloadManifest } from '../../../shared/bench/workload';
import type { TestContext } from '../../engine/types';
import { cpuSince, repFraction, type TaskSample } from '../common';
import { coldFiles, residency } from './cold';
import { coldAndWarm, type WorkLog } from '../cold-warm';
import { workloadFor } from './write';

export const APP_LIKE_METHOD =
  'cold whole-file reads of the generated workload’s application part (executable, libraries, resources) in on-disk order';

export interface AppLikeTiming {
  samples: TaskSample[];
  manifest: WorkloadManifest;
  files: number;
  bytes: number;
  cache: 'cold' | 'warm';
}

export function readAll(dir: string, paths: string[], signal: AbortSignal): number {
  const buf = Buffer.allocUnsafe(1 << 20);
  let bytes = 0;
  for (const p of paths) {
    signal.throwIfAborted();
    const fd = openSync(join(dir, p), 'r');
    try {
      let n: number;
      while ((n = readSync(fd, buf, 0, buf.length, null)) > 0) bytes += n;
    } finally {
      closeSync(fd);
    }
  }
  return bytes;
}

/**
 * The files checked for residency: the largest 8 (the executable, the libraries). The check opens
 * them cold: all 240 took 8.7 s on the HDD-like loop, as long as the start it checks; 24, 3.5 s.
 */
const checkedOf = (app: readonly { path: string; size: number }[]): string[] =>
  [...app]
    .sort((a, b) => b.size - a.size)
    .slice(0, 8)
    .map((f) => f.path);

/** The application-like start's row: its own key, the same on every drive. */
export const APP_LIKE_PARAMS = { workload: 'generated' };

/**
 * Generates the workload when no task has yet (progress 0..genShare), then times `repetitions`
 * cold reads of its application part (progress genShare..to), each followed by a warm one.
 */
export async function timeAppLike(
  ctx: TestContext,
  caveats: string[],
  span: { from: number; to: number },
  work: WorkLog,
): Promise<AppLikeTiming> {
  const at = (f: number) => span.from + (span.to - span.from) * f;
  ctx.progress(at(0), undefined, 'writing the test workload (20,000 files)');
  const w = await workloadFor(ctx, (f) => ctx.progress(at(0.6 * f)));
  const app = w.files.filter((f) => f.part === 'app');
  const paths = app.map((f) => f.path);
  const samples: TaskSample[] = [];
  let cache: 'cold' | 'warm' = 'cold';
  const reps = workloadReps(ctx.repetitions, ctx.sizes);
  for (let i = 0; i < reps; i++) {
    ctx.signal.throwIfAborted();
    // Right after the workload was written one drop leaves some of it cached (measured: 70
    // requests instead of 1,500 for a walk): the first repetition drops twice.
    if (i === 0 && ctx.privileged) await coldFiles(ctx, w.dir, paths, caveats);
    const timed = await coldAndWarm(ctx, work, APP_LIKE_PARAMS, {
      dir: w.dir,
      makeCold: async () => {
        const c = await coldFiles(ctx, w.dir, paths, caveats);
        ctx.progress(at(0.6 + 0.4 * repFraction(i, reps, 0)), undefined, 'application-like start');
        return c;
      },
      check: () => residency(w.dir, checkedOf(app)),
      once: async () => {
        const cpu0 = process.cpuUsage();
        const t0 = process.hrtime.bigint();
        readAll(w.dir, paths, ctx.signal);
        return { wall: Number(process.hrtime.bigint() - t0) / 1e9, cpu: cpuSince(cpu0) };
      },
    });
    if (timed.cache === 'warm') cache = 'warm';
    samples.push(timed.cold);
  }
  ctx.progress(at(1));
  return {
    samples: samples.map(({ wall, cpu }) => ({ wall, cpu })),
    manifest: w.manifest,
    files: app.length,
    bytes: app.reduce((a, f) => a + f.size, 0),
    cache,
  };
}
