// What a timed task did, beyond how long it took: each cold run and the warm run after it, with
// the CPU it used and the device's counters around it (the same record as a phase's conditions,
// shared/schemas/conditions.ts). A prediction from this machine replays the cold run's requests
// and bytes at another drive's figures (shared/prediction/replay.ts). Absent in run files from
// before it was kept, and for timings the app did not make (boot, login, a stopwatch).
import { z } from 'zod';
import { phaseConditions } from './conditions';

const seconds = z.number().nonnegative().max(1e9);

/** One execution of the task's timed work. */
export const workTiming = z.object({
  wall: seconds,
  /** CPU seconds (user + sys) of the work and the children it waited for. */
  cpu: seconds,
  /** Of `wall`, the final flush of what it wrote (an unpack's sync -f): its drive's part. */
  flushSeconds: seconds.optional(),
  /**
   * Of `wall`, what it timed itself waiting on its drive one request at a time between its own
   * work (a probe's direct reads). Its CPU time cannot stand for the rest: each wait costs the
   * thread a sleep and a wake-up, so a probe used 0.07-0.1 s of CPU on the HDD-like loop and took
   * 0.07 s in all on an unthrottled one.
   */
  waitSeconds: seconds.optional(),
  /** The device's counters and what else ran, over exactly this execution; null when unread. */
  conditions: phaseConditions.nullable(),
});
export type WorkTiming = z.infer<typeof workTiming>;

/** How a cold run was made cold, and what a check of its files found still in memory. */
export const coldCheck = z.object({
  how: z.enum(['drop-caches', 'fadvise', 'none']),
  /** Bytes of the checked files still in the page cache just before the timing (mincore). */
  residentBytes: z.number().nonnegative().max(1e15).optional(),
  /** Bytes of the checked files in all. */
  checkedBytes: z.number().nonnegative().max(1e15).optional(),
});
export type ColdCheck = z.infer<typeof coldCheck>;

export const taskWork = z.object({
  /** The row it times: its wall_time measurement's params (absent: the result's first row). */
  params: z.record(z.string(), z.union([z.number(), z.string(), z.boolean()])).optional(),
  cold: z.array(workTiming).max(20),
  /** Run again at once, nothing dropped: what no drive can beat. Empty when it was not run. */
  warm: z.array(workTiming).max(20),
  /**
   * Run warm once more with the files it writes in memory (an app's fresh profile in a RAM
   * folder): what no drive beats, not even in its writes. A warm start still waits on the old
   * drive for its profile's writes: Chromium's took 3.0 s on the HDD-like loop, 1.4-1.9 s with
   * its profile in /dev/shm, 1.4-1.7 s on an unthrottled loop. Absent when not run.
   */
  inMemory: z.array(workTiming).max(20).optional(),
  coldCheck: coldCheck.optional(),
  /** Why these timings are not replayed at another drive (a latency during a copy load). */
  notReplayed: z.string().max(300).optional(),
});
export type TaskWork = z.infer<typeof taskWork>;
