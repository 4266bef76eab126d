// A traversal equivalent to `du -skx DIR`: lstat every entry, sum st_blocks (512-byte units) once
// per inode, never cross into another filesystem. Synchronous syscalls in batches (the thread pool
// costs ~40 µs per async call, more than the lstat itself), yielding between batches so progress
// and cancel still flow.
import { lstatSync, readdirSync, statfsSync } from 'node:fs';
import { dropSeconds, type DriveRates } from '../../shared/bench/estimates';
import { WORKLOAD_DIRS, WORKLOAD_FILES, workloadReps } from '../../shared/bench/workload';

/** Entries a walk of the generated workload visits, and of the person's own tree at most. */
const WORKLOAD_ENTRIES = WORKLOAD_FILES + WORKLOAD_DIRS + 1;
const OWN_DU_ENTRIES = 20_000;

/**
 * The disk search's time (du-task.ts): cold walks of the generated workload (a cache drop each,
 * two the first time; ~9 entries a metadata read: 2,400–2,600 requests for its 21,242 entries on
 * the HDD-like device), then, where the drive's filesystem holds at least 20,000 entries of the
 * person's own, a walk of the first 20,000 (~4 a read), bounded by duOwnSeconds.
 */
export function duSeconds(reps: number, sizes: Record<string, number>, r: DriveRates): number {
  const n = workloadReps(reps, sizes);
  const gen = dropSeconds(r) + n * (dropSeconds(r) + WORKLOAD_ENTRIES / (9 * Math.max(1, r.iops)));
  if ((r.entries ?? 0) < WORKLOAD_ENTRIES + OWN_DU_ENTRIES) return gen;
  const ownReps = Math.max(1, Math.min(reps, sizes['task.duOwnRepetitions'] ?? reps));
  const bound = sizes['task.duOwnSeconds'] ?? 30;
  const own = Math.min(bound, OWN_DU_ENTRIES / (4 * Math.max(1, r.iops)));
  return gen + ownReps * (dropSeconds(r) + own);
}

export interface DuTotals {
  kib: number;
  entries: number;
  errors: number;
  firstError?: string;
  /** The walk stopped at maxEntries or maxSeconds before the whole tree. */
  stopped?: boolean;
}

/** Used inodes of the filesystem holding dir: the denominator of du's progress. */
export function usedInodes(dir: string): number | null {
  try {
    const s = statfsSync(dir);
    const used = s.files - s.ffree;
    return used > 0 ? used : null;
  } catch {
    return null;
  }
}

interface DuWalkOptions {
  signal: AbortSignal;
  onEntries?: (entries: number) => void;
  batch?: number;
  /** Bounds (a time budget): stop after this many entries or seconds. */
  maxEntries?: number;
  maxSeconds?: number;
  /** A folder neither entered nor counted (the run's own work folder inside the tree). */
  skip?: string;
}

export async function duWalk(root: string, opts: DuWalkOptions): Promise<DuTotals> {
  const batch = Math.min(opts.batch ?? 2000, 500);
  const t0 = performance.now();
  const maxEntries = opts.maxEntries ?? Infinity;
  const maxMs = (opts.maxSeconds ?? Infinity) * 1000;
  const rootStat = lstatSync(root);
  const dev = rootStat.dev;
  const seen = new Set<string>();
  const totals: DuTotals = { kib: 0, entries: 1, errors: 0 };
  let blocks = rootStat.blocks;
  const top = root.length > 1 ? root.replace(/\/+$/, '') : root;
  const stack: string[] = rootStat.isDirectory() ? [top] : [];
  let sinceYield = 0;
  const fail = (path: string, err: unknown): void => {
    totals.errors += 1;
    totals.firstError ??= `${path}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`;
  };
  walk: while (stack.length > 0) {
    const dir = stack.pop()!;
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch (err) {
      fail(dir, err);
      continue;
    }
    for (const name of names) {
      // Plain concatenation: path.join's normalisation costs as much as the lstat on a warm cache.
      const path = dir === '/' ? `/${name}` : `${dir}/${name}`;
      if (path === opts.skip) continue;
      let st;
      try {
        st = lstatSync(path, { throwIfNoEntry: false });
      } catch (err) {
        fail(path, err);
        continue;
      }
      // Vanished between readdir and lstat (a busy /tmp): du skips it too.
      if (!st) continue;
      totals.entries += 1;
      // -x: a mount point of another filesystem is neither counted nor entered, as du -x does.
      if (st.dev !== dev) continue;
      if (st.isDirectory()) stack.push(path);
      else if (st.nlink > 1) {
        const key = `${st.ino}`;
        if (seen.has(key)) continue;
        seen.add(key);
      }
      blocks += st.blocks;
      if (totals.entries >= maxEntries) {
        totals.stopped = true;
        break walk;
      }
      if (++sinceYield >= batch) {
        sinceYield = 0;
        if (performance.now() - t0 >= maxMs) {
          totals.stopped = true;
          break walk;
        }
        opts.onEntries?.(totals.entries);
        await new Promise((r) => setImmediate(r));
        opts.signal.throwIfAborted();
      }
    }
  }
  opts.onEntries?.(totals.entries);
  totals.kib = Math.ceil(blocks / 2);
  return totals;
}

/** `du -sk` prints "<KiB>\t<dir>". */
export function parseDuOutput(text: string): number | null {
  const m = /^(\d+)\s/.exec(text.trim());
  return m ? Number(m[1]) : null;
}
