// Task 7 — application cold start: after a cache drop, read the executable and every shared
// library `ldd` lists, as the loader would at start. That is the disk part of a cold start.
import {
  accessSync,
  constants,
  existsSync,
  openSync,
  readSync,
  closeSync,
  realpathSync,
  statSync,
} from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';
import { UserError } from '../core/errors';
import type { TestContext, TestModule } from '../engine/types';
import {
  addCaveat,
  cpuSince,
  measure,
  repFraction,
  taskResult,
  type TaskSample,
  WARM_CAVEAT,
} from './common';
import { DEFAULT_RATES } from '../../shared/bench/estimates';
import { appLikeSeconds, WORKLOAD_BYTES } from '../../shared/bench/workload';
import { execText } from './exec-text';
import { APP_LIKE_METHOD, readAll, timeAppLike, type AppLikeTiming } from './workload/app-like';
import { dropFilePages } from './workload/cold';

/** `ldd` lines: "libc.so.6 => /lib/.../libc.so.6 (0x…)", "/lib64/ld-linux-x86-64.so.2 (0x…)". */
export function parseLdd(out: string): { libs: string[]; missing: string[] } {
  const libs: string[] = [];
  const missing: string[] = [];
  for (const line of out.split('\n')) {
    const arrow = /^\s*(\S+)\s+=>\s+(\S+)\s+\(0x[0-9a-f]+\)/.exec(line);
    if (arrow) {
      libs.push(arrow[2]!);
      continue;
    }
    const notFound = /^\s*(\S+)\s+=>\s+not found/.exec(line);
    if (notFound) {
      missing.push(notFound[1]!);
      continue;
    }
    const direct = /^\s*(\/\S+)\s+\(0x[0-9a-f]+\)/.exec(line);
    if (direct) libs.push(direct[1]!);
  }
  return { libs: [...new Set(libs)], missing };
}

/** Where the real binaries of common apps live (their /usr/bin entries are shell wrappers). */
const KNOWN_BINARIES: Record<string, string[]> = {
  firefox: [
    '/usr/lib/firefox/firefox',
    '/usr/lib/firefox-esr/firefox-esr',
    '/usr/lib64/firefox/firefox',
  ],
  'firefox-esr': ['/usr/lib/firefox-esr/firefox-esr'],
  libreoffice: ['/usr/lib/libreoffice/program/soffice.bin', '/opt/libreoffice/program/soffice.bin'],
  chromium: ['/usr/lib/chromium/chromium', '/usr/lib64/chromium-browser/chromium-browser'],
};

function isElf(path: string): boolean {
  const fd = openSync(path, 'r');
  try {
    const b = Buffer.alloc(4);
    readSync(fd, b, 0, 4, 0);
    return b.toString('latin1') === '\x7fELF';
  } finally {
    closeSync(fd);
  }
}

/** Resolves an app name or path to its ELF executable, or null when it is not installed. */
export function resolveApp(app: string, pathEnv = process.env['PATH'] ?? ''): string | null {
  for (const known of KNOWN_BINARIES[app] ?? [])
    if (existsSync(known) && isElf(known)) return known;
  const candidates = isAbsolute(app)
    ? [app]
    : pathEnv
        .split(delimiter)
        .filter(Boolean)
        .map((d) => join(d, app));
  for (const c of candidates) {
    try {
      accessSync(c, constants.X_OK);
      const real = realpathSync(c);
      if (statSync(real).isFile()) return real;
    } catch {
      /* next */
    }
  }
  return null;
}

export const DEFAULT_APPS = ['firefox', 'libreoffice'];
const METHOD = 'cold sequential reads of the executable and every library ldd lists';

/** The apps option: a non-empty list of program names or paths; the defaults when unset. */
export function appsOption(v: unknown): string[] {
  if (v === undefined) return DEFAULT_APPS;
  if (Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'string' && x.length > 0))
    return v as string[];
  throw new UserError('apps must be a list of program names or paths');
}

interface AppPlan {
  name: string;
  exe: string | null;
  files: string[];
  bytes: number;
}

/** The executable and every library ldd finds for it: the files a cold start reads. */
async function planApps(
  apps: { name: string; exe: string | null }[],
  signal: AbortSignal,
  caveats: string[],
): Promise<AppPlan[]> {
  const plans = [];
  for (const a of apps) {
    const ldd = await execText('ldd', [a.exe!], signal);
    const { libs, missing } = parseLdd(ldd.stdout);
    if (missing.length) caveats.push(`${a.name}: libraries not found: ${missing.join(', ')}`);
    if (libs.length === 0)
      caveats.push(`${a.name}: not a dynamic executable, only the file itself is read`);
    const files = [a.exe!, ...libs.filter((l) => existsSync(l))];
    plans.push({ ...a, files, bytes: files.reduce((s, f) => s + statSync(f).size, 0) });
  }
  return plans;
}

/** false when the root helper could not drop the caches (the read is then warm). */
async function dropFileCaches(
  ctx: TestContext,
  files: string[],
  caveats: string[],
): Promise<boolean> {
  if (ctx.privileged) {
    try {
      await ctx.privileged.dropCaches();
    } catch {
      return false;
    }
  } else {
    // Libraries are often symlinks; the drop opens files without following one.
    await dropFilePages(
      '/',
      files.map((f) => realpathSync(f)),
    );
    addCaveat(
      caveats,
      "without admin rights each file's cache was dropped with posix_fadvise; pages of libraries other programs have mapped stay cached",
    );
  }
  return true;
}

/** One sample per repetition = all chosen apps, timed one after another. */
function perRepetition(all: TaskSample[], repetitions: number, apps: number): TaskSample[] {
  return Array.from({ length: repetitions }, (_, i) => {
    const slice = all.slice(i * apps, (i + 1) * apps);
    return {
      wall: slice.reduce((a, s) => a + s.wall, 0),
      cpu: slice.reduce((a, s) => a + s.cpu, 0),
    };
  });
}

const walls = (samples: TaskSample[]) => samples.map((s) => Number(s.wall.toFixed(6)));

/** The workload's application-like start: its own key, the same on every drive. */
const likeRow = (like: AppLikeTiming) => ({
  wallLabel: `application-like start: ${like.files} files, ${Math.round(like.bytes / 1e6)} MB of the generated workload`,
  wallParams: { workload: 'generated' },
});

const appMeasure = (name: string, samples: TaskSample[]) =>
  measure('wall_time', 's', 'lower', walls(samples), { label: name, params: { app: name } });

async function appLikeOnly(ctx: TestContext, caveats: string[], startedAt: number) {
  const like = await timeAppLike(ctx, caveats, { from: 0, to: 1 });
  return taskResult(appStartTask, {
    method: APP_LIKE_METHOD,
    samples: like.samples,
    cache: like.cache,
    caveats,
    ...likeRow(like),
    startedAt,
    extra: { workloads: { generated: like.manifest } },
  });
}

export const appStartTask: TestModule = {
  id: 'task.app-start',
  title: 'Application cold start',
  kind: 'task',
  tool: 'ldd',
  description:
    'Cold-reads an application-like set of a few hundred files from the generated workload (and any installed app and its libraries), as a first start after a reboot does.',
  // The installed default apps (when any), then the workload's application part, each cold.
  estimateSeconds: ({ repetitions, sizes, rates }) =>
    (appsOption(undefined).some((a) => resolveApp(a) !== null) ? repetitions * 2 * 5 : 0) +
    appLikeSeconds(repetitions, sizes, rates ?? DEFAULT_RATES),
  bytesNeeded: () => WORKLOAD_BYTES,
  async run(ctx) {
    const startedAt = Date.now();
    const caveats: string[] = [];
    const wanted = appsOption(ctx.options['apps']);
    const found = wanted
      .map((a) => ({ name: a, exe: resolveApp(a) }))
      .filter((a) => a.exe !== null);
    // The default apps count only where they live on the drive under test: timing a start from
    // another disk says nothing about this one. Apps the person named are timed wherever they are.
    const apps =
      ctx.options['apps'] === undefined
        ? found.filter((a) => sameFilesystem(a.exe!, ctx.targetDir))
        : found;
    const skipped = wanted.filter((a) => !found.some((x) => x.name === a));
    if (skipped.length) caveats.push(`not installed: ${skipped.join(', ')}`);
    if (apps.length === 0 && ctx.options['apps'] !== undefined)
      throw new UserError(`none of these apps is installed: ${wanted.join(', ')}`);
    if (apps.length === 0) {
      // No app of its own on this drive: the application-like start on the workload is the row.
      if (found.length > 0)
        caveats.push(
          `${found.map((a) => a.name).join(', ')} ${found.length > 1 ? 'are' : 'is'} not on the drive under test`,
        );
      return appLikeOnly(ctx, caveats, startedAt);
    }
    const plans = await planApps(apps, ctx.signal, caveats);
    const perApp = new Map<string, TaskSample[]>(plans.map((p) => [p.name, []]));
    const all: TaskSample[] = [];
    let cache: 'cold' | 'warm' = 'cold';
    const steps = ctx.repetitions * plans.length;
    for (let i = 0; i < ctx.repetitions; i++) {
      for (const [j, p] of plans.entries()) {
        ctx.progress(
          0.5 * repFraction(i * plans.length + j, steps, 0),
          undefined,
          `${p.name}, repetition ${i + 1}`,
        );
        if (!(await dropFileCaches(ctx, p.files, caveats))) cache = 'warm';
        if (cache === 'warm') addCaveat(caveats, WARM_CAVEAT);
        const cpu0 = process.cpuUsage();
        const t0 = process.hrtime.bigint();
        readAll('/', p.files, ctx.signal);
        const s = { wall: Number(process.hrtime.bigint() - t0) / 1e9, cpu: cpuSince(cpu0) };
        perApp.get(p.name)!.push(s);
        all.push(s);
      }
    }
    // One wall_time sample per repetition = all chosen apps; per-app figures follow, then the
    // application-like start on the workload (the row every drive has).
    const samples = perRepetition(all, ctx.repetitions, plans.length);
    const like = await timeAppLike(ctx, caveats, { from: 0.5, to: 1 });
    return taskResult(appStartTask, {
      method: METHOD,
      samples,
      cache,
      caveats,
      wallLabel: `reading ${plans.map((p) => p.name).join(' + ')} from disk`,
      more: [
        ...plans.map((p) => appMeasure(p.name, perApp.get(p.name)!)),
        measure('wall_time', 's', 'lower', walls(like.samples), {
          label: likeRow(like).wallLabel,
          params: likeRow(like).wallParams,
        }),
      ],
      startedAt,
      extra: {
        workloads: { generated: like.manifest },
        apps: plans.map((p) => ({
          name: p.name,
          exe: p.exe,
          files: p.files.length,
          bytes: p.bytes,
        })),
      },
    });
  },
};

function sameFilesystem(a: string, b: string): boolean {
  try {
    return statSync(a).dev === statSync(b).dev;
  } catch {
    return false;
  }
}
