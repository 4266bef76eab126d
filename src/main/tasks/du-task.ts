// Task 1 — disk search: how long a `du -skx` takes, cold, over the generated workload (the same
// 20,000 files on every drive) and, as a row of its own, over the person's files on the drive.
import { homedir } from 'node:os';
import { UserError } from '../core/errors';
import type { LiveValue, TestContext, TestModule } from '../engine/types';
import { DEFAULT_RATES } from '../../shared/bench/estimates';
import { ownWalkWords, WORKLOAD_BYTES, workloadReps } from '../../shared/bench/workload';
import type { WorkloadManifest } from '../../shared/bench/workload';
import {
  addCaveat,
  cpuSince,
  measure,
  prepareCache,
  repFraction,
  taskResult,
  timeProgress,
  type TaskSample,
} from './common';
import { releaseWorkload, workloadFor, workloadNeededLater } from './workload/write';
import { duSeconds, duWalk, ownManifest, ownTreeRefused, parseDuOutput } from './du-walk';
import { OWN_ENTRIES, OWN_GIVE_UP_SECONDS } from './du-walk';
import { runTimed } from './timed-exec';
import { coldAndWarm, WorkLog } from './cold-warm';
import { mountRoot } from './mount-root';

/**
 * The person's own tree to search: by default ('drive') the whole filesystem of the drive under
 * test, else /usr, the home folder, / or a folder they named.
 */
export function duRoot(ctx: Pick<TestContext, 'options'> & { targetDir?: string }): string {
  const r = ctx.options['duRoot'];
  if ((r === undefined || r === 'drive') && ctx.targetDir) return mountRoot(ctx.targetDir);
  if (r === undefined || r === 'drive' || r === 'usr') return '/usr';
  if (r === 'root' || r === '/') return '/';
  if (r === 'home') return process.env['HOME'] || homedir();
  if (typeof r === 'string' && r.startsWith('/')) return r;
  throw new UserError(
    `du root must be 'drive', 'usr', 'root', 'home' or an absolute path, got ${String(r)}`,
  );
}

/** The rows' params: the generated workload's walk and the person's own tree's. */
const GENERATED = { tree: 'generated' };
const OWN = { tree: 'own' };
const duEntries = (sizes: Record<string, number>): number =>
  Math.max(OWN_ENTRIES, sizes['task.duEntries'] ?? OWN_ENTRIES);
const ownReps = (reps: number, sizes: Record<string, number>): number =>
  Math.max(1, Math.min(reps, sizes['task.duOwnRepetitions'] ?? reps));

interface Walked {
  sample: TaskSample;
  entries: number | null;
  kib: number;
  stopped: boolean;
  digest?: string;
}

/** One cold walk (system du or Drivewise's), its time and what it saw. */
async function walkOnce(
  ctx: TestContext,
  root: string,
  bounds: { entries: number; seconds: number; skip?: string; ordered?: boolean },
  say: (f: number, live?: LiveValue, message?: string) => void,
  caveats: string[],
): Promise<Walked> {
  if (ctx.options['systemDu'] === true) {
    const stop = timeProgress(bounds.entries / 5000, (f) => say(f, undefined, `du -skx ${root}`));
    const r = await runTimed('du -skx "$1"', [root], { signal: ctx.signal }).finally(stop);
    ctx.signal.throwIfAborted();
    const k = parseDuOutput(r.stdout);
    if (k === null) throw new UserError(`du failed: ${r.stderr.trim().split('\n')[0] ?? ''}`);
    if (r.code !== 0) caveats.push(`du reported errors: ${r.stderr.trim().split('\n')[0]}`);
    return { sample: { wall: r.wall, cpu: r.cpu ?? 0 }, entries: null, kib: k, stopped: false };
  }
  const cpu0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  const res = await duWalk(root, {
    signal: ctx.signal,
    maxEntries: bounds.entries,
    maxSeconds: bounds.seconds,
    ...(bounds.skip ? { skip: bounds.skip } : {}),
    ...(bounds.ordered ? { ordered: true } : {}),
    onEntries: (n) => {
      const secs = Number(process.hrtime.bigint() - t0) / 1e9;
      const rate = secs > 0 ? Math.round(n / secs) : 0;
      say(n / bounds.entries, { value: rate, unit: 'entries/s' }, `${n} entries of ${root}`);
    },
  });
  const wall = Number(process.hrtime.bigint() - t0) / 1e9;
  if (res.errors > 0)
    addCaveat(caveats, `${res.errors} entries could not be read (first: ${res.firstError})`);
  return {
    sample: { wall, cpu: cpuSince(cpu0) },
    entries: res.entries,
    kib: res.kib,
    stopped: !!res.stopped,
    ...(res.digest ? { digest: res.digest } : {}),
  };
}

const span =
  (ctx: TestContext, from: number, to: number) =>
  (f: number, live?: LiveValue, message?: string): void =>
    ctx.progress(from + (to - from) * Math.min(1, Math.max(0, f)), live, message);

/** Repetitions of cold walks of one tree; the caller says what makes the cache cold. */
async function walks(
  ctx: TestContext,
  root: string,
  reps: number,
  bounds: { entries: number; seconds: number; skip?: string; fresh?: boolean; ordered?: boolean },
  range: [number, number],
  caveats: string[],
  log: { work: WorkLog; params: Record<string, string> },
): Promise<{ runs: Walked[]; cache: 'cold' | 'warm' }> {
  const runs: Walked[] = [];
  let cache: 'cold' | 'warm' = 'cold';
  for (let i = 0; i < reps; i++) {
    ctx.signal.throwIfAborted();
    // Right after the workload was written one drop leaves some of it cached (measured: 70
    // requests instead of 1,500 for the walk): its first repetition drops twice.
    if (i === 0 && bounds.fresh && ctx.privileged) await prepareCache(ctx, caveats);
    // Later repetitions walk exactly what the first one did, and so does the warm walk.
    let b = runs[0]?.entries ? { ...bounds, entries: runs[0].entries, seconds: Infinity } : bounds;
    const t = await coldAndWarm(ctx, log.work, log.params, {
      dir: ctx.workDir,
      makeCold: () => prepareCache(ctx, caveats),
      once: async (run) => {
        const say = run === 'cold' ? span(ctx, range[0], range[1]) : () => undefined;
        const w = await walkOnce(
          ctx,
          root,
          b,
          (f, l, m) => say(repFraction(i, reps, f), l, m),
          caveats,
        );
        if (w.entries) b = { ...b, entries: w.entries, seconds: Infinity };
        return { ...w, ...w.sample };
      },
    });
    if (t.cache === 'warm') cache = 'warm';
    runs.push(t.cold);
  }
  return { runs, cache };
}
/**
 * The person's own tree on the drive, as its own row: the first OWN_ENTRIES (or task.duEntries)
 * entries in name order, the same on any drive holding the same tree (du-walk.ts ownManifest).
 */
async function ownTree(
  ctx: TestContext,
  caveats: string[],
  range: [number, number],
  work: WorkLog,
  /** Entries of the generated workload on that filesystem: never walked, not the person's. */
  workload: number,
): Promise<{
  root: string;
  runs: Walked[];
  cache: 'cold' | 'warm';
  manifest: WorkloadManifest;
} | null> {
  const root = duRoot(ctx);
  const bounds = {
    entries: duEntries(ctx.sizes),
    seconds: OWN_GIVE_UP_SECONDS,
    skip: ctx.workDir,
    ordered: true,
  };
  const reps = ownReps(ctx.repetitions, ctx.sizes);
  const mid = range[0] + (range[1] - range[0]) / reps;
  const first = await walks(ctx, root, 1, bounds, [range[0], mid], caveats, { work, params: OWN });
  const refused = ownTreeRefused(root, first.runs[0]!, bounds.entries);
  if (refused) {
    caveats.push(refused);
    return null;
  }
  const rest =
    reps > 1
      ? await walks(
          ctx,
          root,
          reps - 1,
          { ...bounds, seconds: Infinity },
          [mid, range[1]],
          caveats,
          {
            work,
            params: OWN,
          },
        )
      : { runs: [], cache: 'cold' as const };
  const cache = first.cache === 'warm' || rest.cache === 'warm' ? 'warm' : 'cold';
  return {
    root,
    runs: [...first.runs, ...rest.runs],
    cache,
    manifest: ownManifest(root, first.runs[0]!, workload),
  };
}

const walls = (runs: Walked[]) => runs.map((r) => Number(r.sample.wall.toFixed(6)));

export const duTask: TestModule = {
  id: 'task.du',
  title: 'Disk search (du)',
  kind: 'task',
  tool: 'du',
  description:
    'Walks 20,000 generated files (the same on every drive), and your own files on the drive when there are enough, like "du -skx", cold: how long searching the disk takes.',
  estimateSeconds: ({ repetitions, sizes, rates }) =>
    duSeconds(repetitions, sizes, rates ?? DEFAULT_RATES),
  bytesNeeded: () => WORKLOAD_BYTES,
  async run(ctx) {
    const startedAt = Date.now();
    const caveats: string[] = [];
    const work = new WorkLog();
    ctx.progress(0, undefined, 'writing the test workload (20,000 files)');
    const w = await workloadFor(ctx, (f) => ctx.progress(0.4 * f));
    // The workload is synced: the walks are what is timed, and what else used the disk counts
    // from here (the filesystem's own writes for 2,633 new entries are not another's traffic).
    await ctx.measureFromHere?.();
    const size = w.manifest.files + (w.manifest.dirs ?? 0) + 1;
    const gen = await walks(
      ctx,
      w.dir,
      workloadReps(ctx.repetitions, ctx.sizes),
      { entries: size, seconds: Infinity, fresh: true },
      [0.4, 0.75],
      caveats,
      { work, params: GENERATED },
    );
    // The warm walk just read all its metadata: removing it now costs little, and syncing it
    // keeps its writes out of the own tree's cold walk and the next test.
    if (!workloadNeededLater(ctx)) {
      ctx.progress(0.75, undefined, 'removing the test workload');
      const removed = await releaseWorkload(ctx, w);
      if (removed) ctx.ownEntries?.(removed);
    }
    const own = await ownTree(ctx, caveats, [0.75, 1], work, size);
    ctx.progress(1);
    const systemDu = ctx.options['systemDu'] === true;
    const how = (root: string) =>
      systemDu
        ? `system du -skx ${root}`
        : `traversal equivalent to du -skx ${root} (lstat of every entry, one filesystem)`;
    const rate = (runs: Walked[]) =>
      runs.map((r) => (r.entries ? r.entries / r.sample.wall : null));
    return taskResult(duTask, {
      method: `${how('<the generated workload>')}${own ? `, then ${how(own.root)}` : ''}; CPU = ${systemDu ? "du's user+sys (getrusage of children)" : "this process's user+sys"}`,
      samples: gen.runs.map((r) => r.sample),
      cache: gen.cache === 'warm' || own?.cache === 'warm' ? 'warm' : 'cold',
      caveats: [...new Set(caveats)],
      wallLabel: `generated workload (${w.manifest.files.toLocaleString('en-US')} files)`,
      wallParams: GENERATED,
      work: work.list(),
      more: [
        ...(systemDu
          ? []
          : [
              measure('entries_per_second', 'files/s', 'higher', rate(gen.runs), {
                params: { tree: 'generated' },
              }),
            ]),
        ...(own
          ? [
              measure('wall_time', 's', 'lower', walls(own.runs), {
                label: ownWalkWords(own.manifest),
                params: { tree: 'own' },
              }),
              ...(systemDu
                ? []
                : [
                    measure('entries_per_second', 'files/s', 'higher', rate(own.runs), {
                      params: { tree: 'own' },
                    }),
                  ]),
            ]
          : []),
      ],
      startedAt,
      extra: {
        root: own?.root ?? duRoot(ctx),
        kib: gen.runs[0]?.kib ?? 0,
        entries: gen.runs[0]?.entries ?? null,
        workloads: { generated: w.manifest, ...(own ? { own: own.manifest } : {}) },
      },
    });
  },
};
