// The arithmetic every test's estimate stands on: the drive's rates, probed before the run
// (engine/worker/probe.ts: sequential O_DIRECT writes, random 4 KiB reads at queue depth 1, how busy
// the CPU is), or middle-of-the-road ones without a probe (dry run, Plan step before a folder is
// chosen). Each test's own estimate lives in its module (engine/worker/benchmarks/, tasks/): most
// phases are bounded by time (phaseSeconds, as fio's runtime), so the rates mostly decide which
// bound applies and the overheads around them.

const MiB = 1024 * 1024;

/** What the probe measured (or a default). */
export interface DriveRates {
  /** Sequential O_DIRECT 1 MiB writes, bytes/s (fsync included). */
  seqBps: number;
  /** Random 4 KiB O_DIRECT reads at queue depth 1, per second. */
  iops: number;
  /** How much slower than one free core CPU work runs now (1 = idle machine). */
  cpu: number;
  /**
   * Buffered reads and seeker read the raw device (admin rights and a known device): the shared
   * test file is then first written by the queue-depth profile, not by buffered reads.
   */
  rawReads?: boolean;
  /** Used inodes of the target's filesystem (what a disk search there walks), when known. */
  entries?: number;
  /** Whether the probe's reads bypassed the cache (false: tmpfs and the like). */
  direct?: boolean;
  /** How long the probe took. */
  seconds?: number;
}

/** A SATA-SSD-ish drive on a quiet machine: used when nothing was probed. */
export const DEFAULT_RATES: DriveRates = { seqBps: 300 * MiB, iops: 3000, cpu: 1 };

/**
 * Seconds to move `bytes` in `ops` requests: limited by bandwidth or by requests per second
 * (a throttled or seeking drive pays per request; its sequential requests count like random ones,
 * which overestimates a real disk's sequential small requests only up to each phase's bound).
 */
export const ioSeconds = (r: DriveRates, bytes: number, ops: number): number =>
  Math.max(bytes / r.seqBps, ops / Math.max(1, r.iops));

/**
 * The folder's syncfs + drop_caches before a raw read or a cold task: small on an idle disk; the
 * writes of the test before it make it longer on a slow one.
 */
export const dropSeconds = (r: DriveRates): number => 0.1 + 16 / Math.max(1, r.iops);

/**
 * A task's size override: `task.<key>` (what the bench CLI accepts: --size task.unpack=50M)
 * or the bare key.
 */
export const taskSize = (sizes: Record<string, number>, key: string, fallback: number): number =>
  sizes[`task.${key}`] ?? sizes[key] ?? fallback;
