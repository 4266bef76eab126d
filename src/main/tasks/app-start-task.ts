// Task 7 — starting the apps you use: a real start-and-exit of each application found installed
// (known recipes: Chromium, Firefox, LibreOffice, GIMP, Inkscape) or of the person's own command,
// each cold and then warm, plus the application-like start on the generated workload (the row
// every drive has, installed apps or not).
import { basename } from 'node:path';
import { statSync } from 'node:fs';
import { UserError } from '../core/errors';
import type { TestContext, TestModule } from '../engine/types';
import { DEFAULT_RATES } from '../../shared/bench/estimates';
import { appLikeSeconds, WORKLOAD_BYTES } from '../../shared/bench/workload';
import { addCaveat, measure, taskResult, WARM_CAVEAT, type TaskSample } from './common';
import {
  APP_LIKE_METHOD,
  APP_LIKE_PARAMS,
  timeAppLike,
  type AppLikeTiming,
} from './workload/app-like';
import { dropFilePages, residency } from './workload/cold';
import { isResolved, resolveApp, type ResolvedApp } from './app-resolve';
import { isCommand, KNOWN_APPS, parseCommand, recipeFor } from './app-recipes';
import { appFiles } from './app-files';
import { memoryFolder, startOnce } from './app-run';
import { coldAndWarm, WorkLog } from './cold-warm';

const METHOD =
  'a real start-and-exit of each application (fresh profile in the test folder), cold after a cache drop, then again warm, and warm once more with its profile in memory (what no drive beats)';

/** The apps option: a non-empty list of program names, paths or command lines. */
export function appsOption(v: unknown): string[] | undefined {
  if (v === undefined) return undefined;
  if (Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'string' && x.trim()))
    return v as string[];
  throw new UserError('apps must be a list of program names, paths or command lines');
}

export interface AppPlan {
  /** The row's name: the recipe's program, or the command's program name. */
  name: string;
  app: ResolvedApp;
  argv: (profile: string, out: string) => string[];
  files: string[];
  bytes: number;
}

const asRoot = () => process.getuid?.() === 0;

/**
 * What each apps entry starts: a name or path with a known recipe, or a command line. Entries
 * that cannot be started are named in `skipped` with the reason.
 */
export function planOf(entry: string): Omit<AppPlan, 'files' | 'bytes'> | { skipped: string } {
  const words = isCommand(entry) ? parseCommand(entry) : [entry.trim()];
  const r = resolveApp(words[0]!);
  if (!isResolved(r)) return { skipped: r.why };
  const recipe = isCommand(entry) ? null : recipeFor(words[0], r.exe);
  if (!isCommand(entry) && !recipe)
    return {
      skipped: `${entry}: no known way to start it and have it exit; give the whole command (like '${entry} --version')`,
    };
  const name = recipe ? recipe.names[0]! : basename(words[0]!);
  const argv = (profile: string, out: string) => [
    ...r.launch,
    ...(recipe ? recipe.args(profile, out, asRoot()) : words.slice(1)),
  ];
  return { name, app: r, argv };
}

function sameFilesystem(a: string, b: string): boolean {
  try {
    return statSync(a).dev === statSync(b).dev;
  } catch {
    return false;
  }
}

/**
 * How many apps a run in `targetDir` will start: each one the person named, else every known one
 * installed on that folder's drive (all installed ones when there is no folder yet).
 */
export function appStartsPlanned(apps: unknown, targetDir: string | null): number {
  const named = appsOption(apps);
  if (named) return named.filter((e) => !('skipped' in planOf(e))).length;
  return KNOWN_APPS.map(planOf).filter(
    (p) => !('skipped' in p) && (targetDir === null || sameFilesystem(p.app.storage, targetDir)),
  ).length;
}

/** The apps to start: the person's (each must start), else every known one on the drive. */
async function chooseApps(ctx: TestContext, caveats: string[]): Promise<AppPlan[]> {
  const named = appsOption(ctx.options['apps']);
  const plans: AppPlan[] = [];
  const others: string[] = [];
  for (const entry of named ?? KNOWN_APPS) {
    const p = planOf(entry);
    if ('skipped' in p) {
      if (named) caveats.push(p.skipped);
      continue;
    }
    if (p.app.note) addCaveat(caveats, p.app.note);
    // A start from another disk says nothing about this one: only the person's own choice is
    // timed wherever it lives.
    if (!named && !sameFilesystem(p.app.storage, ctx.targetDir)) {
      others.push(p.name);
      continue;
    }
    const f = await appFiles(p.app, ctx.signal);
    if (f.missing.length) caveats.push(`${p.name}: libraries not found: ${f.missing.join(', ')}`);
    plans.push({ ...p, files: f.files, bytes: f.bytes });
  }
  if (named && plans.length === 0)
    throw new UserError(`none of these apps can be started: ${caveats.join('; ')}`);
  if (others.length)
    caveats.push(
      `${others.join(', ')} ${others.length > 1 ? 'are' : 'is'} installed but not on the drive under test: not timed`,
    );
  return plans;
}

/** Cold: the root helper's cache drop, else each of the app's files dropped (fadvise). */
async function makeCold(ctx: TestContext, p: AppPlan, caveats: string[]) {
  if (ctx.privileged) {
    try {
      await ctx.privileged.dropCaches();
      return 'cold' as const;
    } catch {
      addCaveat(caveats, WARM_CAVEAT);
      return 'warm' as const;
    }
  }
  await dropFilePages('/', p.files);
  addCaveat(
    caveats,
    "without admin rights each app's files were dropped from the cache with posix_fadvise; pages other programs have mapped stay cached",
  );
  return 'cold' as const;
}

/** Files checked for residency: the binary (or image) and the largest of the rest, at most 64. */
const checked = (p: AppPlan): string[] => p.files.slice(0, 64);

const notCold = (name: string, resident: number) =>
  `${name}: ${Math.round(resident / 1e6)} MB of its files were still in memory when its cold start began (is it running?): not a cold start`;

async function timeApps(ctx: TestContext, plans: AppPlan[], caveats: string[], work: WorkLog) {
  const perApp = new Map<string, TaskSample[]>(plans.map((p) => [p.name, []]));
  let cache: 'cold' | 'warm' = 'cold';
  let n = 0;
  const made = { cold: { files: 0, folders: 0 }, warm: { files: 0, folders: 0 } };
  // Its profile's writes in memory: the floor of a start (replay.ts); the start's own writes
  // then reach no drive, so they are not counted as its entries.
  const memory = memoryFolder();
  for (let i = 0; i < ctx.repetitions; i++)
    for (const [j, p] of plans.entries()) {
      ctx.progress(
        (0.6 * (i * plans.length + j)) / (ctx.repetitions * plans.length),
        undefined,
        `starting ${p.name}, repetition ${i + 1}`,
      );
      const t = await coldAndWarm(
        ctx,
        work,
        { app: p.name },
        {
          dir: ctx.workDir,
          makeCold: () => makeCold(ctx, p, caveats),
          check: async () => {
            const r = await residency('/', checked(p));
            if (r && r.residentBytes > 0.1 * r.checkedBytes)
              addCaveat(caveats, notCold(p.name, r.residentBytes));
            return r;
          },
          once: async (run) => {
            const s = await startOnce(ctx, p.name, p.argv, n++);
            made[run] = s.made;
            // Made and removed again: both count as the start's own writes.
            ctx.ownEntries?.({
              files: 2 * (s.made.files + s.made.folders),
              folders: s.made.folders,
            });
            return s;
          },
          ...(memory ? { inMemory: () => startOnce(ctx, p.name, p.argv, n++, memory) } : {}),
          own: (run) => made[run],
        },
      );
      if (t.cache === 'warm') cache = 'warm';
      if (t.inMemoryError)
        addCaveat(
          caveats,
          `${p.name}: its start with the profile in memory failed (${t.inMemoryError}); its best possible is its warm start`,
        );
      perApp.get(p.name)!.push({ wall: t.cold.wall, cpu: t.cold.cpu });
    }
  return { perApp, cache };
}

const walls = (samples: TaskSample[]) => samples.map((s) => Number(s.wall.toFixed(6)));

/** The workload's application-like start: its own key, the same on every drive. */
const likeLabel = (like: AppLikeTiming) =>
  `application-like start: ${like.files} files, ${Math.round(like.bytes / 1e6)} MB of the generated workload`;

export const appStartTask: TestModule = {
  id: 'task.app-start',
  title: 'Application cold start',
  kind: 'task',
  tool: 'exec',
  description:
    'Starts each application installed on the drive (Chromium, Firefox, LibreOffice, GIMP, Inkscape) and lets it exit, cold, then warm, then warm with its profile in memory, and cold-reads an application-like set of files from the generated workload.',
  // The apps the plan will start (planBench counts them: 'task.appStarts'), each repetition a
  // cold, a warm and an in-memory start (the run's repetitions: quick's one-time workload rule is
  // the application-like part's alone), then the workload's application part. Per app and
  // repetition, from bench:predict's twelve runs of Chromium (stop 63): the three starts 4.3-5.9 s
  // on the unthrottled and SATA-SSD-like loops, 12.0-12.6 s HDD-like, 20 s 5400 rpm-like (~1.5 s of
  // each start's own work and ~1,150 requests of the cold one), and around them 5.2-5.5 s more
  // (the cache drop, each start's profile made and removed, its exit waited for): 9.8 s + 1,300
  // requests, fitted on the unthrottled and HDD-like runs' whole task (29.3-33.9 s, 63.6-65.3 s;
  // the SATA-SSD-like 30-32 s and 5400 rpm-like 98 s then read 30.6 and 96.5 s, this machine's
  // own disk 29.7 s as 29.8 s). The old estimate counted one repetition of 4.5 s + 1,150
  // requests: 5.1 s against 29.3 s on the unthrottled loop, 25.8 s against 65 s HDD-like.
  estimateSeconds: ({ repetitions, sizes, rates }) => {
    const iops = Math.max(1, (rates ?? DEFAULT_RATES).iops);
    const each = 9.8 + 1300 / iops;
    return (
      (sizes['task.appStarts'] ?? 0) * Math.max(1, repetitions) * each +
      appLikeSeconds(repetitions, sizes, rates ?? DEFAULT_RATES)
    );
  },
  bytesNeeded: () => WORKLOAD_BYTES,
  async run(ctx) {
    const startedAt = Date.now();
    const caveats: string[] = [];
    const work = new WorkLog();
    const plans = await chooseApps(ctx, caveats);
    const apps = plans.length ? await timeApps(ctx, plans, caveats, work) : null;
    const like = await timeAppLike(ctx, caveats, { from: apps ? 0.6 : 0, to: 1 }, work);
    const likeRow = { label: likeLabel(like), params: APP_LIKE_PARAMS };
    const rows = plans.map((p) => ({
      label: `${p.name} (${recipeFor(p.name)?.what ?? 'your command'})`,
      params: { app: p.name },
      samples: apps!.perApp.get(p.name)!,
    }));
    const [first, ...rest] = [...rows, { ...likeRow, samples: like.samples }];
    return taskResult(appStartTask, {
      method: apps ? `${METHOD}; then ${APP_LIKE_METHOD}` : APP_LIKE_METHOD,
      samples: first!.samples,
      cache: apps?.cache === 'warm' || like.cache === 'warm' ? 'warm' : 'cold',
      caveats,
      wallLabel: first!.label,
      wallParams: first!.params,
      more: rest.map((r) =>
        measure('wall_time', 's', 'lower', walls(r.samples), { label: r.label, params: r.params }),
      ),
      work: work.list(),
      startedAt,
      extra: {
        workloads: { generated: like.manifest },
        apps: plans.map((p) => ({
          name: p.name,
          kind: p.app.kind,
          exe: p.app.exe,
          storage: p.app.storage,
          files: p.files.length,
          bytes: p.bytes,
        })),
      },
    });
  },
};
