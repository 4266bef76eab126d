// Every timed task's cold run and the warm run after it, each with the device's and the process's
// counters read around it (core/io-snapshot.ts: the module a phase's conditions are read with).
// The warm run is what no drive can beat; the cold run's requests and bytes are what a prediction
// from this machine replays at another drive's figures (shared/prediction/replay.ts).
import {
  conditionsBetween,
  devicesOf,
  readSnapshot,
  realSnapshotDeps,
  type DeviceRef,
} from '../core/io-snapshot';
import { phaseConditions, type OwnEntries } from '../../shared/schemas/conditions';
import type { ColdCheck, TaskWork, WorkTiming } from '../../shared/schemas/work';
import type { TestContext } from '../engine/types';
import type { TaskSample } from './common';

/** The folder's device does not change within a run: resolved once per folder. */
const resolved = new Map<string, Promise<DeviceRef[]>>();
const devicesFor = (dir: string): Promise<DeviceRef[]> => {
  if (!resolved.has(dir)) resolved.set(dir, devicesOf(dir));
  return resolved.get(dir)!;
};

export type Counted<T extends TaskSample = TaskSample> = T & { timing: WorkTiming };

const r6 = (x: number) => Number(x.toFixed(6));

/**
 * Runs `once` between two readings of the counters of `dir`'s device, /proc/stat and this
 * process (its reaped children included). Never fails for the counters: unread, they are null.
 */
export async function counted<T extends TaskSample & { flush?: number; waits?: number }>(
  dir: string,
  once: () => Promise<T> | T,
  own: () => OwnEntries = () => ({ files: 0, folders: 0 }),
): Promise<Counted<T>> {
  const deps = realSnapshotDeps();
  const devices = await devicesFor(dir).catch(() => []);
  const before = await readSnapshot(devices, deps);
  const sample = await once();
  const after = await readSnapshot(devices, deps);
  const checked = phaseConditions.safeParse(conditionsBetween(before, after, own()));
  return {
    ...sample,
    timing: {
      wall: r6(sample.wall),
      cpu: r6(sample.cpu),
      ...(sample.flush !== undefined ? { flushSeconds: r6(sample.flush) } : {}),
      ...(sample.waits !== undefined ? { waitSeconds: r6(sample.waits) } : {}),
      conditions: checked.success ? checked.data : null,
    },
  };
}

/**
 * The most a warm run may cost (seconds; 'task.warmMaxSeconds' overrides). Its reads come from
 * memory, so it costs about the cold run's CPU and its flush again: a long unpack on a hard disk
 * cannot spare that, an app that took 22 s to start cold from one (Chromium, 0.7 s of CPU) can.
 * The cold wall time was the rule before, and it left the app that gained most from a new drive
 * without the warm time its prediction rests on: Chromium from the HDD-like loop to an
 * unthrottled one was predicted 0.45 s (0.12-0.83 s, ×7.2 wide) without it, 0.77 s
 * (0.60-0.93 s, ×1.53) with it, against 0.71 and 0.76 s measured (bench:predict).
 */
export const WARM_MAX_SECONDS = 20;

export const warmWanted = (
  ctx: Pick<TestContext, 'sizes'>,
  cold: TaskSample & { flush?: number },
): boolean =>
  cold.cpu + (cold.flush ?? 0) <= (ctx.sizes['task.warmMaxSeconds'] ?? WARM_MAX_SECONDS);

/** Each row's cold and warm runs, in the order they were timed; the result's `work`. */
export class WorkLog {
  private readonly rows = new Map<string, TaskWork>();

  private row(params: TaskWork['params']): TaskWork {
    const key = JSON.stringify(params ?? null);
    let r = this.rows.get(key);
    if (!r) {
      r = { ...(params ? { params } : {}), cold: [], warm: [] };
      this.rows.set(key, r);
    }
    return r;
  }

  cold(params: TaskWork['params'], c: Counted, check?: ColdCheck): void {
    const r = this.row(params);
    r.cold.push(c.timing);
    if (check && !r.coldCheck) r.coldCheck = check;
  }

  warm(params: TaskWork['params'], w: Counted): void {
    this.row(params).warm.push(w.timing);
  }

  inMemory(params: TaskWork['params'], m: Counted): void {
    const r = this.row(params);
    (r.inMemory ??= []).push(m.timing);
  }

  list(): TaskWork[] {
    return [...this.rows.values()].filter((r) => r.cold.length > 0);
  }
}

export interface ColdWarmPlan<T extends TaskSample> {
  /** The folder whose device the work reads and writes (the drive under test). */
  dir: string;
  /** Makes the work's files cold: 'warm' when it could not. */
  makeCold(): Promise<'cold' | 'warm'>;
  /** What is still in memory of the work's files once they were made cold (mincore). */
  check?(): Promise<Omit<ColdCheck, 'how'> | undefined>;
  /** One execution of the timed work. */
  once(run: 'cold' | 'warm'): Promise<T>;
  /**
   * After the warm run, one more with what the work writes in memory (TaskWork.inMemory); absent
   * when the work writes nothing of its own or no memory folder can be had.
   */
  inMemory?(): Promise<T>;
  /** Files and folders an execution made or removed (the filesystem's writes for them). */
  own?(run: 'cold' | 'warm'): OwnEntries;
  /** false: this row never runs warm (the caller's budget); else warmWanted decides. */
  warm?: boolean;
}

export interface ColdWarm<T extends TaskSample> {
  cold: Counted<T>;
  warm: Counted<T> | null;
  cache: 'cold' | 'warm';
  /** Why the run with its writes in memory failed, when it did (the rest still counts). */
  inMemoryError?: string;
}

/**
 * The one way a task times its work: made cold, timed with its counters, then (within the warm
 * budget) run again at once and timed the same way. Both go into `log` under the row's params.
 */
export async function coldAndWarm<T extends TaskSample>(
  ctx: Pick<TestContext, 'sizes' | 'signal' | 'privileged'>,
  log: WorkLog,
  params: TaskWork['params'],
  plan: ColdWarmPlan<T>,
): Promise<ColdWarm<T>> {
  let cache = await plan.makeCold();
  const check = await plan.check?.();
  // The check opens the files (mincore needs them open): their inodes and folders are read into
  // memory, and a start timed after it is warm in all but the files' contents (the
  // application-like start read 1.7 s instead of about 10 s on the HDD-like loop). A second drop
  // of the whole cache undoes that; dropping single files' pages (no admin rights) cannot.
  if (check && cache === 'cold' && ctx.privileged) cache = await plan.makeCold();
  const own = (run: 'cold' | 'warm') => () => plan.own?.(run) ?? { files: 0, folders: 0 };
  const cold = await counted(plan.dir, () => plan.once('cold'), own('cold'));
  const how = cache === 'warm' ? 'none' : ctx.privileged ? 'drop-caches' : 'fadvise';
  log.cold(params, cold, { how, ...check });
  ctx.signal.throwIfAborted();
  if (plan.warm === false || !warmWanted(ctx, cold)) return { cold, warm: null, cache };
  const warm = await counted(plan.dir, () => plan.once('warm'), own('warm'));
  log.warm(params, warm);
  if (!plan.inMemory) return { cold, warm, cache };
  ctx.signal.throwIfAborted();
  try {
    log.inMemory(params, await counted(plan.dir, plan.inMemory));
  } catch (err) {
    // Not the task's failure (a small /dev/shm in a container): its floor is the warm run then.
    if (ctx.signal.aborted) throw err;
    return { cold, warm, cache, inMemoryError: (err as Error).message };
  }
  return { cold, warm, cache };
}
