// Task 7 — application cold start: after a cache drop, read the executable and every shared
// library `ldd` lists, as the loader would at start. That is the disk part of a cold start.
import { spawn } from 'node:child_process';
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
  notAvailable,
  cpuSince,
  measure,
  repFraction,
  taskResult,
  type TaskSample,
  WARM_CAVEAT,
} from './common';
import { execText } from './exec-text';

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

/** Drops one file's clean pages without root (posix_fadvise DONTNEED through dd). */
function fadviseDrop(file: string): Promise<void> {
  return new Promise((resolve) => {
    const c = spawn('dd', [`if=${file}`, 'iflag=nocache', 'count=0', 'status=none'], {
      stdio: 'ignore',
    });
    c.on('close', () => resolve());
    c.on('error', () => resolve());
  });
}

async function readAll(files: string[], signal: AbortSignal): Promise<number> {
  const buf = Buffer.allocUnsafe(1 << 20);
  let bytes = 0;
  for (const f of files) {
    signal.throwIfAborted();
    const fd = openSync(f, 'r');
    try {
      let n: number;
      while ((n = readSync(fd, buf, 0, buf.length, null)) > 0) bytes += n;
    } finally {
      closeSync(fd);
    }
  }
  return bytes;
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
    for (const f of files) await fadviseDrop(f);
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

const appMeasure = (name: string, samples: TaskSample[]) =>
  measure(
    'wall_time',
    's',
    'lower',
    samples.map((s) => Number(s.wall.toFixed(6))),
    { label: name, params: { app: name } },
  );

export const appStartTask: TestModule = {
  id: 'task.app-start',
  title: 'Application cold start',
  kind: 'task',
  tool: 'ldd',
  // None of the default apps installed: the task only says so.
  estimateSeconds: ({ repetitions }) =>
    appsOption(undefined).some((a) => resolveApp(a) !== null) ? repetitions * 2 * 5 : 0.1,
  bytesNeeded: () => 0,
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
    if (apps.length === 0 && found.length > 0)
      return notAvailable(
        appStartTask,
        METHOD,
        `${found.map((a) => a.name).join(', ')} ${found.length > 1 ? 'are' : 'is'} not on the drive under test`,
      );
    if (apps.length === 0) {
      // The defaults missing is a fact about this machine; apps the person named are a mistake.
      if (ctx.options['apps'] === undefined)
        return notAvailable(appStartTask, METHOD, `none of ${wanted.join(', ')} is installed`);
      throw new UserError(`none of these apps is installed: ${wanted.join(', ')}`);
    }
    const plans = await planApps(apps, ctx.signal, caveats);
    const perApp = new Map<string, TaskSample[]>(plans.map((p) => [p.name, []]));
    const all: TaskSample[] = [];
    let cache: 'cold' | 'warm' = 'cold';
    const steps = ctx.repetitions * plans.length;
    for (let i = 0; i < ctx.repetitions; i++) {
      for (const [j, p] of plans.entries()) {
        ctx.progress(
          repFraction(i * plans.length + j, steps, 0),
          undefined,
          `${p.name}, repetition ${i + 1}`,
        );
        if (!(await dropFileCaches(ctx, p.files, caveats))) cache = 'warm';
        if (cache === 'warm') addCaveat(caveats, WARM_CAVEAT);
        const cpu0 = process.cpuUsage();
        const t0 = process.hrtime.bigint();
        await readAll(p.files, ctx.signal);
        const s = { wall: Number(process.hrtime.bigint() - t0) / 1e9, cpu: cpuSince(cpu0) };
        perApp.get(p.name)!.push(s);
        all.push(s);
      }
    }
    ctx.progress(1);
    // One wall_time sample per repetition = all chosen apps; per-app figures follow.
    const samples = perRepetition(all, ctx.repetitions, plans.length);
    return taskResult(appStartTask, {
      method: METHOD,
      samples,
      cache,
      caveats,
      wallLabel: `reading ${plans.map((p) => p.name).join(' + ')} from disk`,
      more: plans.map((p) => appMeasure(p.name, perApp.get(p.name)!)),
      startedAt,
      extra: {
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
