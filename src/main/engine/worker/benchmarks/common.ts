// What every synthetic benchmark module stands on: defineBenchmark (a module says everything about
// its test in one place, and its run is handed the kit below instead of importing it), settings,
// the shared O_DIRECT data file, and spreading progress over repetitions.
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PROFILES, type ProfileSizes } from '../../../../shared/bench/catalogue';
import {
  DEFAULT_RATES,
  dropSeconds,
  ioSeconds,
  type DriveRates,
} from '../../../../shared/bench/estimates';
import type { TestResult } from '../../../../shared/schemas/run';
import { oneLine } from '../../../core/errors';
import { createDataFile, ioErrorMessage } from '../../methods/io';
import { earlyNote } from '../../methods/settle';
import type { LiveValue, PrivilegedOps, SizeDef, TestContext, TestModule } from '../../types';
import { fmtBytes } from '../../../../shared/format';

const MiB = 1024 * 1024;

function sizesOf(ctx: { sizes: Record<string, number> }): ProfileSizes {
  return { ...PROFILES.quick.sizes, ...ctx.sizes };
}

/** The profile's sizes, the module's own defaults for sizes no profile names, then the run's. */
export type BenchSizes = ProfileSizes & Record<string, number>;

/** A synthetic benchmark as its module writes it: the one place its test is described. */
export interface BenchmarkDef {
  id: string;
  title: string;
  tool: string;
  description: string;
  sizes?: Readonly<Record<string, SizeDef>>;
  sharesTestFile?: boolean;
  /** Its figures time writes (TestModule.timedWrites). */
  timedWrites?: boolean;
  /** Seconds on a drive with rates `r` (middle-of-the-road ones when nothing was probed). */
  estimate(repetitions: number, s: BenchSizes, r: DriveRates): number;
  /** Bytes it writes into the work folder at most. */
  bytes(s: BenchSizes): number;
  run(ctx: TestContext, t: BenchKit): Promise<TestResult>;
}

type Progress = (fraction: number, live?: LiveValue, message?: string) => void;

/** What every run needs from this file, handed to it so a module imports none of it. */
export interface BenchKit {
  /** The run's sizes: the profile's, the module's defaults, the person's. */
  sizes: BenchSizes;
  /** The result to fill in, with the module's id, title, kind and tool. */
  result(method: string): TestResult;
  /** Progress of step `step` (0-based) of `steps` (default: the repetitions), after `lead`. */
  progress(step: number, lead?: number, steps?: number): Progress;
  /** The shared O_DIRECT test file (ensureDataFile). */
  dataFile(size: number, onProgress: (f: number) => void): ReturnType<typeof ensureDataFile>;
  /** The raw-device variant through the root helper, or null for the test file (rawOrFallback). */
  raw(
    r: TestResult,
    op: Parameters<PrivilegedOps['rawRead']>[0],
    bound: RawBound,
    noAdminCaveat?: string | null,
  ): Promise<RawOut[] | null>;
  /** The filesystem refused O_DIRECT: the reads may come from the page cache, and say so. */
  warmCache(r: TestResult): void;
}

/** A synthetic module from its definition; a line in engine/worker/registry.ts makes it run. */
export function defineBenchmark(def: BenchmarkDef): TestModule {
  const { estimate, bytes, run, ...rest } = def;
  const defaults = Object.fromEntries(
    Object.entries(def.sizes ?? {}).flatMap(([k, d]) =>
      d.default === undefined ? [] : [[k, d.default]],
    ),
  );
  const full = (sizes: Record<string, number>): BenchSizes => ({
    ...PROFILES.quick.sizes,
    ...defaults,
    ...sizes,
  });
  const m: TestModule = {
    ...rest,
    kind: 'synthetic',
    estimateSeconds: ({ repetitions, sizes, rates }) =>
      estimate(repetitions, full(sizes), rates ?? DEFAULT_RATES),
    bytesNeeded: ({ sizes }) => bytes(full(sizes)),
    run: (ctx) =>
      run(ctx, {
        sizes: full(ctx.sizes),
        result: (method) => baseResult(m, method),
        progress: (step, lead = 0, steps = ctx.repetitions) => repProgress(ctx, steps, step, lead),
        dataFile: (size, onProgress) => ensureDataFile(ctx, size, onProgress),
        raw: (r, op, bound, noAdminCaveat) => rawOrFallback(ctx, r, op, bound, noAdminCaveat),
        warmCache: (r) => {
          r.cache = 'warm';
          r.caveats.push(NOT_DIRECT_CAVEAT);
        },
      }),
  };
  return m;
}

/**
 * Whether a time-bounded phase may end early once its rate settles (methods/settle.ts): where the
 * profile's phases are short (quick's 0.5 s, and custom from it). The full profile's long phases
 * are there to see a drive change over time, an SSD's write cache filling.
 */
export const settles = (s: Pick<ProfileSizes, 'phaseSeconds'>): boolean => s.phaseSeconds <= 1;

/** Appends what the early stop did to the method ("3 of 24 ended early …"), when it did anything. */
export function noteEarly(r: Pick<TestResult, 'method'>, seconds: number[], bound: number): void {
  const note = earlyNote(seconds, bound);
  if (note) r.method += `: ${note}`;
}

/** A raw read's time bound, and whether it may end early (the helper applies RAW_SETTLE). */
export interface RawBound {
  seconds: number;
  settle?: boolean;
}

/** The shared test file's size key: buffered reads, seeker and the queue-depth profile read it. */
export const TEST_FILE_SIZE: SizeDef = { label: 'Read test file', unit: 'MiB', allFiles: true };

/** Sizes no one test owns, listed after the tests' own. */
export const RUN_SIZES: Readonly<Record<string, SizeDef>> = {
  phaseSeconds: { label: 'Time limit of one measured phase', unit: 's' },
};

/**
 * Writing the shared test file (once a run, bounded to 4 phases of time) and the bytes it then
 * holds: on a slow drive it is smaller than asked.
 */
export function testFileCost(s: ProfileSizes, r: DriveRates): { seconds: number; bytes: number } {
  const cap = s.phaseSeconds ?? 8;
  return {
    seconds: Math.min(ioSeconds(r, s.file, s.file / MiB), 4 * cap) + 0.3,
    bytes: Math.min(s.file, r.seqBps * 4 * cap),
  };
}

export { dropSeconds, ioSeconds };

export function baseResult(
  m: Pick<TestModule, 'id' | 'title' | 'kind' | 'tool'>,
  method: string,
): TestResult {
  return {
    testId: m.id,
    title: m.title,
    kind: m.kind,
    tool: m.tool,
    method,
    status: 'ok',
    caveats: [],
    cache: 'n/a',
    measurements: [],
    bytesWritten: 0,
  };
}

/** Progress of repetition `rep` (0-based) at `fraction` → fraction of the whole test. */
export function repProgress(
  ctx: TestContext,
  reps: number,
  rep: number,
  lead = 0,
): (fraction: number, live?: LiveValue, message?: string) => void {
  return (f, live, message) =>
    ctx.progress(lead + (1 - lead) * ((rep + Math.min(1, Math.max(0, f))) / reps), live, message);
}

const DATA_FILE = 'data.bin';

/**
 * The O_DIRECT test file shared by buffered reads, seeker and the queue-depth profile: written
 * once per run with incompressible data (a sparse file would read back without touching the drive).
 * Writing is bounded to 4 phases of time: on a slow disk the file is smaller, and every test that
 * shares it uses its real size.
 */
export async function ensureDataFile(
  ctx: TestContext,
  size: number,
  onProgress: (f: number) => void,
): Promise<{ path: string; created: boolean; size: number }> {
  const path = join(ctx.workDir, DATA_FILE);
  if (existsSync(path)) {
    const have = statSync(path).size;
    if (have === size || (have >= MIN_DATA_FILE && have < size))
      return { path, created: false, size: have };
  }
  try {
    const made = await createDataFile(path, size, {
      signal: ctx.signal,
      onProgress,
      maxSeconds: 4 * sizesOf(ctx).phaseSeconds,
    });
    return { path, created: true, size: made.size };
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new Error(ioErrorMessage(err, `writing the ${fmtBytes(size)} test file`));
  }
}

const MIN_DATA_FILE = 16 * 1024 * 1024;

export { fmtBytes };

export const NO_ADMIN_CAVEAT =
  'raw device tests skipped: no admin rights — measured on an O_DIRECT test file instead';
export const NOT_DIRECT_CAVEAT =
  'this filesystem refuses O_DIRECT: reads may come from the page cache (warm-cache result)';

export const RAW_FLUSHED =
  "the device's buffer cache dropped (the folder's filesystem synced, drop_caches) before each repetition";

type RawOut = Awaited<ReturnType<PrivilegedOps['rawRead']>>;

/**
 * The raw-device variant of a test: the root helper's `op` once per repetition, progress spread
 * over them. When the helper cannot read the device (it exited, the device went away, the read
 * failed) the test falls back to the test file: returns null and records why, instead of failing
 * the whole test. Cancel still cancels. `noAdminCaveat` is what to note when there is no helper at
 * all (null: nothing, for hdparm -T, which never touches the drive).
 */
export async function rawOrFallback(
  ctx: TestContext,
  r: TestResult,
  op: Parameters<PrivilegedOps['rawRead']>[0],
  bound: RawBound,
  noAdminCaveat: string | null = NO_ADMIN_CAVEAT,
): Promise<RawOut[] | null> {
  const helper = ctx.privileged;
  const device = ctx.device;
  if (!helper || !device) {
    if (noAdminCaveat) r.caveats.push(noAdminCaveat);
    return null;
  }
  try {
    const out: RawOut[] = [];
    for (let rep = 0; rep < ctx.repetitions; rep++) {
      // The device's buffer cache holds what earlier tests read through it (a buffered read pulls
      // hundreds of MiB in): drop it before every raw read so the figure is the drive's.
      if (op !== 'cached-read') await helper.dropCaches();
      out.push(
        await helper.rawRead(op, device, {
          ...bound,
          signal: ctx.signal,
          onProgress: repProgress(ctx, ctx.repetitions, rep),
        }),
      );
    }
    if (op !== 'cached-read') r.method += `; ${RAW_FLUSHED}`;
    return out;
  } catch (err) {
    if ((err as Error).name === 'AbortError' || ctx.signal.aborted) throw err;
    r.caveats.push(
      `raw read of ${device} failed (${oneLine(err)}): measured on an O_DIRECT test file instead`,
    );
    return null;
  }
}
