// The generated workload both drives have: a fixed manifest (seed, file count, bytes, digest) so
// disk search and the application-like start time the same work on the old drive and the new one.
// A felt row compares only when both runs recorded the same manifest (tasks/workload/ writes it).
import type { TestResult } from '../schemas/run';
import type { DriveRates } from './estimates';

/** What a felt row walked or read, recorded with the result (TestResult.extra.workloads). */
export interface WorkloadManifest {
  /** 'generated': Drivewise's tree from a seed; 'own': the person's files on the drive. */
  kind: 'generated' | 'own';
  /** Generated: name and version of the recipe; own: the folder walked. */
  name: string;
  seed?: number;
  files: number;
  dirs?: number;
  bytes?: number;
  /**
   * Generated: sha256 of the recipe and every path and size. Own: sha256 of each entry walked
   * (kind and path relative to the walked folder, in name order), so a copy elsewhere matches.
   */
  digest?: string;
  /** Own, stopped at its count: the entries in use on that filesystem (how much was walked). */
  of?: number;
}

/** The recipe's defaults: ≥ 20,000 files (a source tree, a home folder and an application). */
export const WORKLOAD_SEED = 20231;
export const WORKLOAD_NAME = 'drivewise-workload-v1';

/** Bytes the default workload writes (tasks/workload/tree.ts; a unit test keeps them in step). */
export const WORKLOAD_BYTES = 218e6;
export const WORKLOAD_FILES = 20_000;
export const WORKLOAD_DIRS = 1241;
/** Files of the application part (the application-like cold start reads all of them). */
export const WORKLOAD_APP_FILES = 240;

/** Repetitions of the workload's timings: quick times each once ('task.workloadRepetitions'). */
export const workloadReps = (reps: number, sizes: Record<string, number>): number =>
  Math.max(1, Math.min(reps, sizes['task.workloadRepetitions'] ?? reps));

/** The tests that use the workload: it is written once per run however many use it. */
export const WORKLOAD_TESTS = new Set(['task.du', 'task.app-start']);

/** The manifest of one row of a task result ('generated', 'own'), when it recorded one. */
export function workloadOf(test: TestResult | undefined, row: string): WorkloadManifest | null {
  const all = test?.extra?.['workloads'];
  if (!all || typeof all !== 'object') return null;
  const m = (all as Record<string, unknown>)[row];
  if (!m || typeof m !== 'object') return null;
  const w = m as Partial<WorkloadManifest>;
  return typeof w.name === 'string' && typeof w.files === 'number' ? (w as WorkloadManifest) : null;
}

/**
 * The same work on both drives. The person's own tree walked in name order is named by its
 * relative entries, whatever folder it is mounted at (a clone on the new drive); older own
 * manifests (readdir order, no digest) by folder, count and bytes.
 */
export const sameWorkload = (a: WorkloadManifest, b: WorkloadManifest): boolean =>
  a.kind === 'own' && b.kind === 'own' && a.digest && b.digest
    ? a.files === b.files && a.digest === b.digest
    : sameRecorded(a, b);

const sameRecorded = (a: WorkloadManifest, b: WorkloadManifest): boolean =>
  a.kind === b.kind &&
  a.name === b.name &&
  a.files === b.files &&
  (a.seed ?? null) === (b.seed ?? null) &&
  (a.bytes ?? null) === (b.bytes ?? null) &&
  (a.digest ?? null) === (b.digest ?? null);

const count = (n: number): string => n.toLocaleString('en-US');

/**
 * How much of the person's tree a walk covered, as its row is titled on every surface:
 * "your files in /mnt/old: the first 20,000 entries by name, of 61,234 on that drive (33 %)".
 */
export function ownWalkWords(m: WorkloadManifest): string {
  const where = `your files in ${m.name}`;
  if (m.bytes !== undefined) return `${where}: all ${count(m.files)} entries`;
  const share = m.of
    ? `, of ${count(m.of)} on that drive (${Math.round((m.files / m.of) * 100)} %)`
    : '';
  return `${where}: the first ${count(m.files)} entries by name${share}`;
}

/** "generated drivewise-workload-v1 (seed 20231, 20,000 files, 218 MB, digest 1a2b3c4d)". */
export function describeWorkload(m: WorkloadManifest): string {
  const parts = [
    m.seed !== undefined ? `seed ${m.seed}` : null,
    `${m.files.toLocaleString('en-US')} ${m.kind === 'own' ? 'entries' : 'files'}`,
    m.bytes !== undefined ? `${Math.round(m.bytes / 1e6)} MB` : null,
    m.digest ? `digest ${m.digest.slice(0, 8)}` : null,
  ].filter(Boolean);
  return `${m.kind === 'own' ? 'your files in' : 'generated'} ${m.name} (${parts.join(', ')})`;
}

type Rates = Pick<DriveRates, 'seqBps' | 'iops' | 'cpu'>;

/**
 * Seconds to write the workload and sync it, the first user's part (CPU per file, the bytes at the
 * drive's sequential rate). Not the shuffled order: written in path order the workload made as many
 * write requests (1,368 against 1,331, 290 MiB). On the HDD-like device the write and its own
 * syncfs take 1.3-1.8 s: the blkio throttle lets the writeback's 2,598 bios through and charges
 * them to the group afterwards, and only a flush right behind it paid that charge (17 s without a
 * request on the device) until the cache drop stopped flushing a clean filesystem.
 */
export function workloadWriteSeconds(r: Rates): number {
  return 0.5 + WORKLOAD_FILES * 6e-5 * r.cpu + WORKLOAD_BYTES / r.seqBps;
}

/**
 * Seconds to remove it. The disk search removes it right after its walks when no later test uses
 * it (WORKLOAD_RELEASER), metadata still cached: no reads, its CPU, and a sync of its metadata
 * (0.4 s on the HDD-like device; 9.4-11.3 s removed cold at the end of the run, 1,610 metadata
 * reads).
 */
export function workloadRemoveSeconds(r: Rates): number {
  return WORKLOAD_FILES * 2e-5 * r.cpu + WORKLOAD_FILES / (500 * Math.max(1, r.iops));
}

/** The workload's user that removes it when it is the last one (tasks/du-task.ts). */
export const WORKLOAD_RELEASER = 'task.du';

/** A cache drop before a cold timing (as estimates.ts models it). */
const drop = (iops: number): number => 0.1 + 16 / Math.max(1, iops);

/**
 * The application-like start: each time a cache drop, then the application part's bytes at the
 * sequential rate and its requests at the drive's rate: about 6.5 a file, as the blkio-throttled
 * HDD-like device counts them (it counts requests before the block layer merges readahead pages;
 * 1,586 for these 240 files, measured), a real disk's merged requests are about a third of that.
 */
export function appLikeSeconds(
  reps: number,
  sizes: Record<string, number>,
  r: { seqBps: number; iops: number },
): number {
  const each = drop(r.iops) + 17e6 / r.seqBps + (WORKLOAD_APP_FILES * 6.5) / Math.max(1, r.iops);
  return workloadReps(reps, sizes) * each;
}
