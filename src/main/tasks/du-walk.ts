// A traversal equivalent to `du -skx DIR`: lstat every entry, sum st_blocks (512-byte units) once
// per inode, never cross into another filesystem. Synchronous syscalls in batches (the thread pool
// costs ~40 µs per async call, more than the lstat itself), yielding between batches so progress
// and cancel still flow. `ordered` walks each folder's names sorted, so a walk stopped at a count
// covers the same entries on any drive that holds the same tree, and names them by a digest of
// their paths relative to the root (a clone made with cp -a walks to the same digest).
import { createHash, type Hash } from 'node:crypto';
import { lstatSync, readdirSync, statfsSync, type Stats } from 'node:fs';
import { dropSeconds, type DriveRates } from '../../shared/bench/estimates';
import {
  WORKLOAD_DIRS,
  WORKLOAD_FILES,
  workloadReps,
  type WorkloadManifest,
} from '../../shared/bench/workload';

/** Entries a walk of the generated workload visits. */
const WORKLOAD_ENTRIES = WORKLOAD_FILES + WORKLOAD_DIRS + 1;

/** The own tree is walked over exactly this many entries on every drive, so two runs compare. */
export const OWN_ENTRIES = 20_000;

/**
 * A walk of the own tree slower than this is given up (no row): on a drive that reads 4 entries a
 * request, 20,000 entries are 33 s at 150 IOPS and 120 s only below 42 IOPS.
 */
export const OWN_GIVE_UP_SECONDS = 120;

/**
 * The disk search's time (du-task.ts): cold walks of the generated workload (a cache drop each,
 * two the first time; ~13 entries a metadata read: 1,560-1,670 requests for its 21,242 entries
 * on the HDD-like device, 8.4-10.6 s, in bench:quick and bench:predict of 2026-12-07, where the
 * 9 this once used overstated the walk by 5 s), then, where the drive's filesystem holds at
 * least 20,000 entries of the person's own, a walk of the first 20,000 in name order (~4 a
 * read: 18,513 in 30 s at 150 IOPS).
 */
export function duSeconds(reps: number, sizes: Record<string, number>, r: DriveRates): number {
  const n = workloadReps(reps, sizes);
  const gen = dropSeconds(r) + n * (dropSeconds(r) + WORKLOAD_ENTRIES / (13 * Math.max(1, r.iops)));
  if ((r.entries ?? 0) < WORKLOAD_ENTRIES + OWN_ENTRIES) return gen;
  const ownReps = Math.max(1, Math.min(reps, sizes['task.duOwnRepetitions'] ?? reps));
  const own = Math.min(OWN_GIVE_UP_SECONDS, OWN_ENTRIES / (4 * Math.max(1, r.iops)));
  return gen + ownReps * (dropSeconds(r) + own);
}

export interface DuTotals {
  kib: number;
  entries: number;
  errors: number;
  firstError?: string;
  /** The walk stopped at maxEntries or maxSeconds before the whole tree. */
  stopped?: boolean;
  /** Ordered walks: sha256 of each entry's kind and path relative to the root, in walk order. */
  digest?: string;
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
  /**
   * Each folder's names in sorted order (not the filesystem's hash order), Drivewise's own work
   * folders (`.drivewise-*`, any run's) left out, and a digest of what was walked.
   */
  ordered?: boolean;
}

/** A work folder of any Drivewise run (engine/worker/work-dir.ts WORK_PREFIX). */
const isWorkFolder = (name: string): boolean => name.startsWith('.drivewise-');

const kindOf = (st: Stats): string =>
  st.isDirectory() ? 'd' : st.isFile() ? 'f' : st.isSymbolicLink() ? 'l' : 'o';

/** The names of one folder as the walk visits them. */
function namesOf(dir: string, ordered: boolean): string[] {
  const names = readdirSync(dir);
  return ordered ? names.filter((n) => !isWorkFolder(n)).sort() : names;
}

export async function duWalk(root: string, opts: DuWalkOptions): Promise<DuTotals> {
  const batch = Math.min(opts.batch ?? 2000, 500);
  const t0 = performance.now();
  const maxEntries = opts.maxEntries ?? Infinity;
  const maxMs = (opts.maxSeconds ?? Infinity) * 1000;
  const ordered = opts.ordered ?? false;
  const rootStat = lstatSync(root);
  const dev = rootStat.dev;
  const seen = new Set<string>();
  const totals: DuTotals = { kib: 0, entries: 1, errors: 0 };
  const hash: Hash | null = ordered ? createHash('sha256') : null;
  let blocks = rootStat.blocks;
  const top = root.length > 1 ? root.replace(/\/+$/, '') : root;
  const rel = (path: string): string => path.slice(top === '/' ? 1 : top.length + 1);
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
      names = namesOf(dir, ordered);
    } catch (err) {
      fail(dir, err);
      continue;
    }
    // Sorted walks enter a folder's subfolders in name order (the stack pops the last pushed).
    const subdirs: string[] = [];
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
      hash?.update(`${kindOf(st)} ${rel(path)}\0`);
      // -x: a mount point of another filesystem is neither counted nor entered, as du -x does.
      if (st.dev !== dev) continue;
      if (st.isDirectory()) subdirs.push(path);
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
    stack.push(...(ordered ? subdirs.reverse() : subdirs));
  }
  opts.onEntries?.(totals.entries);
  totals.kib = Math.ceil(blocks / 2);
  if (hash) totals.digest = hash.digest('hex');
  return totals;
}

interface OwnWalk {
  entries: number | null;
  stopped: boolean;
  kib: number;
  digest?: string;
}

const count = (n: number): string => n.toLocaleString('en-US');

/** Why the person's tree gets no row of its own (too small, too slow to walk), or null. */
export function ownTreeRefused(root: string, w: OwnWalk, bound: number): string | null {
  const n = w.entries;
  if (n === null) return null; // the system du: the whole tree, no count
  if (n < OWN_ENTRIES && !w.stopped)
    return `your own files in ${root} are ${n} entries, fewer than ${count(OWN_ENTRIES)}: only the generated workload was timed`;
  if (w.stopped && n < bound)
    return `your own files in ${root}: ${count(n)} entries in ${OWN_GIVE_UP_SECONDS} s, too slow to walk ${count(bound)}: only the generated workload was timed`;
  return null;
}

/**
 * What names the person's tree: its entries' paths relative to the walked folder in name order
 * (the folder it is mounted at differs between drives: a clone walks to the same digest), and how
 * much of its filesystem the walk covered. A whole tree is named by its bytes too.
 */
export function ownManifest(root: string, w: OwnWalk, notOwn = 0): WorkloadManifest {
  const used = w.stopped ? usedInodes(root) : null;
  const inUse = used && used - notOwn > (w.entries ?? 0) ? used - notOwn : null;
  return {
    kind: 'own',
    name: root,
    files: w.entries ?? 0,
    ...(w.digest ? { digest: w.digest } : {}),
    ...(w.stopped ? {} : { bytes: w.kib * 1024 }),
    ...(inUse ? { of: inUse } : {}),
  };
}

/** `du -sk` prints "<KiB>\t<dir>". */
export function parseDuOutput(text: string): number | null {
  const m = /^(\d+)\s/.exec(text.trim());
  return m ? Number(m[1]) : null;
}
