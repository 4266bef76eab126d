// Shared bookkeeping of every real-world task: cache preparation, CPU/wall samples and the
// TestResult shape (wall_time + cpuSeconds/wallSeconds + I/O-wait share).
import { cpus, loadavg } from 'node:os';
import type { Measurement, TestResult } from '../../shared/schemas/run';
import type { TaskWork } from '../../shared/schemas/work';
import { spread } from '../../shared/stats';
import type { TestContext, TestModule } from '../engine/types';

export const WARM_CAVEAT = 'cache could not be dropped: warm-cache result';

/** One repetition of a task: seconds on the wall clock and CPU seconds (user + sys) of the work. */
export interface TaskSample {
  wall: number;
  cpu: number;
}

/**
 * Cold runs drop the page cache through the privileged helper; without it the run is warm and
 * says so. Called before every repetition so each sample starts from the same state.
 */
export async function prepareCache(ctx: TestContext, caveats: string[]): Promise<'cold' | 'warm'> {
  const dropped = await dropCachesIfPrivileged(ctx, caveats);
  if (dropped) return dropped;
  addCaveat(caveats, WARM_CAVEAT);
  return 'warm';
}

/**
 * The whole page cache dropped through the root helper: 'cold', or 'warm' with the helper's
 * error as a caveat; null when the run has no helper (the caller decides what then).
 */
export async function dropCachesIfPrivileged(
  ctx: Pick<TestContext, 'privileged'>,
  caveats: string[],
): Promise<'cold' | 'warm' | null> {
  if (!ctx.privileged) return null;
  try {
    await ctx.privileged.dropCaches();
    return 'cold';
  } catch (err) {
    addCaveat(caveats, `${WARM_CAVEAT} (${err instanceof Error ? err.message : String(err)})`);
    return 'warm';
  }
}

export function addCaveat(caveats: string[], text: string): void {
  if (!caveats.includes(text)) caveats.push(text);
}

/**
 * Share of the wall time the work spent not computing: 1 − CPU/wall. The work is treated as
 * one core's worth (tar + its decompressor overlap, so CPU can exceed wall): that clamps to 0 and
 * correctly reads "CPU-bound", where dividing by two cores would invent disk waiting.
 */
export function ioWaitShare(samples: readonly TaskSample[]): number | null {
  const wall = samples.reduce((a, s) => a + s.wall, 0);
  const cpu = samples.reduce((a, s) => a + s.cpu, 0);
  if (!(wall > 0)) return null;
  return Math.min(1, Math.max(0, 1 - cpu / wall));
}

export function measure(
  metric: string,
  unit: string,
  better: 'higher' | 'lower',
  samples: readonly (number | null)[],
  extra: Partial<Pick<Measurement, 'label' | 'note' | 'params'>> = {},
): Measurement {
  return { metric, unit, better, samples: [...samples], ...spread(samples), ...extra };
}

const round = (x: number, digits = 6): number => Number(x.toFixed(digits));

export interface TaskResultInput {
  method: string;
  samples: readonly TaskSample[];
  cache: TestResult['cache'];
  caveats: string[];
  /** Metrics beyond wall_time (entries/s, latency percentiles, ...). */
  more?: Measurement[];
  wallLabel?: string;
  /** The wall time's key beyond its metric (a row of its own: {tree: 'generated'}). */
  wallParams?: Measurement['params'];
  bytesWritten?: number;
  startedAt: number;
  extra?: Record<string, unknown>;
  /** Each row's cold and warm runs with their counters (tasks/cold-warm.ts). */
  work?: TaskWork[];
}

const sameParams = (a: Measurement['params'], b: Measurement['params']): boolean =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The work rows that time a row the result has (a row left out, like a small own tree, goes). */
function workOf(input: TaskResultInput, rows: Measurement[]): TaskWork[] | undefined {
  const kept = (input.work ?? []).filter((w) =>
    rows.some((m) => m.metric === 'wall_time' && sameParams(m.params, w.params)),
  );
  return kept.length ? kept : undefined;
}

/**
 * 1 − CPU/wall counts time spent waiting for a CPU as waiting for the disk: on a machine busy
 * with other work (load above its core count) the share is overstated, and the result says so.
 */
export function busyCaveat(load = loadavg()[0] ?? 0, cores = cpus().length || 1): string | null {
  return load > cores
    ? `the machine was busy (load ${load.toFixed(1)} on ${cores} cores): waiting for a CPU counts as waiting for the disk here`
    : null;
}

export function taskResult(mod: TestModule, input: TaskResultInput): TestResult {
  const walls = input.samples.map((s) => round(s.wall));
  const busy = busyCaveat();
  if (busy) addCaveat(input.caveats, busy);
  const measurements = [
    measure('wall_time', 's', 'lower', walls, {
      ...(input.wallLabel ? { label: input.wallLabel } : {}),
      ...(input.wallParams ? { params: input.wallParams } : {}),
    }),
    ...(input.more ?? []),
  ];
  const work = workOf(input, measurements);
  return {
    testId: mod.id,
    title: mod.title,
    kind: 'task',
    tool: mod.tool,
    method: input.method,
    status: 'ok',
    caveats: input.caveats,
    cache: input.cache,
    measurements,
    cpuSeconds: input.samples.map((s) => round(s.cpu)),
    wallSeconds: walls,
    ioWaitShare: ioWaitShare(input.samples),
    bytesWritten: input.bytesWritten ?? 0,
    durationSeconds: round((Date.now() - input.startedAt) / 1000, 3),
    ...(input.extra ? { extra: input.extra } : {}),
    ...(work ? { work } : {}),
  };
}

/** A task that cannot run here (no systemd, never hibernated): a result that says why. */
export function notAvailable(
  mod: TestModule,
  method: string,
  reason: string,
  extra?: Record<string, unknown>,
): TestResult {
  return {
    testId: mod.id,
    title: mod.title,
    kind: 'task',
    tool: mod.tool,
    method,
    status: 'skipped',
    error: `not available: ${reason}`,
    caveats: [],
    cache: 'n/a',
    measurements: [],
    bytesWritten: 0,
    ...(extra ? { extra } : {}),
  };
}

/** CPU seconds (user + sys) this process used between two process.cpuUsage() readings. */
export function cpuSince(start: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(start);
  return (d.user + d.system) / 1e6;
}

/** Progress over repetitions: repetition i of n at fraction f of its own work. */
export const repFraction = (i: number, n: number, f: number): number =>
  Math.min(1, Math.max(0, (i + Math.min(1, Math.max(0, f))) / n));

// One rule for size overrides, shared with the plan's estimates.
export { taskSize } from '../../shared/bench/estimates';

/**
 * A child tool reports no progress of its own: advance by elapsed / expected seconds (the first
 * repetition's estimate, then the previous repetition's time), held below 95 % until it ends.
 */
export function timeProgress(expectedSeconds: number, report: (f: number) => void): () => void {
  const t0 = Date.now();
  const timer = setInterval(() => {
    report(Math.min(0.95, (Date.now() - t0) / 1000 / Math.max(0.1, expectedSeconds)));
  }, 500);
  return () => clearInterval(timer);
}
