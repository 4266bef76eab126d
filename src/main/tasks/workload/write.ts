// Writes the generated workload into the run's work folder, once per run however many tasks use
// it: a private `workload` folder (0700, files 0600, O_EXCL|O_NOFOLLOW), synced to the disk.
// It stays until the last task that uses it releases it, or else until the run's work folder is
// removed (safe-remove, on success, failure, cancel and at the next start after a crash); a write
// that fails removes what it made at once.
import { spawn } from 'node:child_process';
import { closeSync, constants, mkdirSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import {
  WORKLOAD_FILES,
  WORKLOAD_SEED,
  WORKLOAD_TESTS,
  type WorkloadManifest,
} from '../../../shared/bench/workload';
import { UserError } from '../../core/errors';
import { describeOutcome, removeTree } from '../../core/safe-remove';
import type { OwnEntries, TestContext } from '../../engine/types';
import {
  contentOf,
  contentPool,
  dirsOf,
  manifestOf,
  workloadTree,
  type WorkloadFile,
} from './tree';

export interface Workload {
  dir: string;
  manifest: WorkloadManifest;
  files: WorkloadFile[];
}

const made = new Map<string, Promise<Workload>>();
const madeKey = (workDir: string, seed: number, count: number): string =>
  `${workDir}\n${seed}\n${count}`;

/** syncfs of the workload's filesystem (sync -f): its data and metadata on the disk. */
function syncFs(dir: string, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const c = spawn('sync', ['-f', dir], { stdio: 'ignore', signal });
    c.on('error', reject);
    c.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`sync -f exited ${code}`))));
  });
}

const FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;

async function writeFiles(
  dir: string,
  files: WorkloadFile[],
  seed: number,
  ctx: Pick<TestContext, 'signal'>,
  onProgress: (f: number) => void,
): Promise<void> {
  mkdirSync(dir, { mode: 0o700 });
  for (const d of dirsOf(files)) mkdirSync(join(dir, d), { mode: 0o700 });
  const pool = contentPool(seed);
  const buf = Buffer.allocUnsafe(files.reduce((a, f) => Math.max(a, f.size), 1));
  for (const [i, f] of files.entries()) {
    const fd = openSync(join(dir, f.path), FLAGS, 0o600);
    try {
      const data = contentOf(pool, i, f.size, buf);
      let off = 0;
      while (off < data.length) off += writeSync(fd, data, off);
    } finally {
      closeSync(fd);
    }
    if (i % 500 === 499) {
      onProgress(i / files.length);
      await new Promise((r) => setImmediate(r));
      ctx.signal.throwIfAborted();
    }
  }
  await syncFs(dir, ctx.signal);
}

async function generate(
  ctx: Pick<TestContext, 'workDir' | 'signal'>,
  recipe: { seed: number; count: number },
  onProgress: (f: number) => void,
): Promise<Workload> {
  const { seed } = recipe;
  const dir = join(ctx.workDir, 'workload');
  const files = workloadTree(seed, recipe.count);
  try {
    await writeFiles(dir, files, seed, ctx, onProgress);
  } catch (err) {
    const out = removeTree(dir, { within: ctx.workDir });
    const code = (err as NodeJS.ErrnoException)?.code;
    const removed = out.state === 'removed' || out.state === 'gone';
    if (code === 'ENOSPC' || code === 'EDQUOT')
      throw new UserError(
        `the disk ran full while writing the test workload into ${ctx.workDir}; ${removed ? 'it was removed' : describeOutcome(dir, out)}`,
      );
    throw err;
  }
  onProgress(1);
  return { dir, manifest: manifestOf(seed, files), files };
}

/** Whether a test after this one in the plan uses the workload (absent outside the runner: yes). */
export const workloadNeededLater = (ctx: Pick<TestContext, 'laterTests'>): boolean =>
  !ctx.laterTests || ctx.laterTests.some((id) => WORKLOAD_TESTS.has(id));

/**
 * Removes the run's workload now and syncs its filesystem, for the last task that uses it, right
 * after a walk that left its metadata cached. Removed at the end of the run instead, after other
 * tests dropped the cache, it cost 1,610 metadata reads (9.4-11.3 s on the HDD-like device).
 * Returns what was removed (for the phase's conditions), or null when nothing was.
 */
export async function releaseWorkload(
  ctx: Pick<TestContext, 'workDir' | 'signal'>,
  w: Workload,
): Promise<OwnEntries | null> {
  made.delete(madeKey(ctx.workDir, w.manifest.seed ?? WORKLOAD_SEED, w.manifest.files));
  const out = removeTree(w.dir, { within: ctx.workDir });
  if (out.state !== 'removed' && out.state !== 'gone') throw new Error(describeOutcome(w.dir, out));
  if (out.state === 'gone') return null;
  await syncFs(ctx.workDir, ctx.signal);
  return { files: w.manifest.files + (w.manifest.dirs ?? 0) + 1, folders: 0 };
}

/**
 * The run's workload: written by the first task that needs it, shared by the next. A failed or
 * cancelled write is forgotten, so a later task tries again rather than using half a tree.
 */
export function workloadFor(
  ctx: Pick<TestContext, 'workDir' | 'signal' | 'sizes'>,
  onProgress: (f: number) => void = () => undefined,
): Promise<Workload> {
  // Smaller trees only where a run asks (tests, custom): the manifest records the count, so such
  // a run never compares with one of the default workload.
  const count = Math.max(1000, Math.round(ctx.sizes['task.workloadFiles'] ?? WORKLOAD_FILES));
  const seed = ctx.sizes['task.workloadSeed'] ?? WORKLOAD_SEED;
  const key = madeKey(ctx.workDir, seed, count);
  let p = made.get(key);
  if (!p) {
    p = generate(ctx, { seed, count }, onProgress);
    made.set(key, p);
    p.catch(() => made.delete(key));
  }
  return p;
}
