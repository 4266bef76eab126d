// Durations and disk space per test, for the Plan step and the runner's ETA. Durations come from
// the drive's rates, probed before the run (engine/worker/probe.ts: sequential O_DIRECT writes, random
// 4 KiB reads at queue depth 1, how busy the CPU is); without a probe (dry run, Plan step before a
// folder is chosen) from middle-of-the-road rates. Most phases are bounded by time (phaseSeconds,
// as fio's runtime), so the rates mostly decide which bound applies and the overheads around them.
import type { ProfileSizes, SyntheticTestId } from './catalogue';
import { WORKLOAD_DIRS, WORKLOAD_FILES, workloadReps } from './workload';

/** Entries a walk of the generated workload visits, and of the person's own tree at most. */
const WORKLOAD_ENTRIES = WORKLOAD_FILES + WORKLOAD_DIRS + 1;
const OWN_DU_ENTRIES = 20_000;

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
const ioSeconds = (r: DriveRates, bytes: number, ops: number): number =>
  Math.max(bytes / r.seqBps, ops / Math.max(1, r.iops));

export const IOZONE_RECORDS = [4 * 1024, 64 * 1024, 512 * 1024] as const;

/**
 * Sync + drop_caches before a raw read or a cold task: small on an idle disk; the writes of the
 * test before it make it longer on a slow one.
 */
const dropSeconds = (r: DriveRates): number => 0.15 + 16 / Math.max(1, r.iops);

export function estimateSeconds(
  id: SyntheticTestId,
  reps: number,
  s: ProfileSizes,
  r: DriveRates = DEFAULT_RATES,
): number {
  const cap = s.phaseSeconds ?? 8;
  const drop = dropSeconds(r);
  // The shared test file: written once, bounded to 4 phases of time.
  const file = Math.min(ioSeconds(r, s.file, s.file / MiB), 4 * cap) + 0.3;
  const fileBytes = Math.min(s.file, r.seqBps * 4 * cap);
  switch (id) {
    case 'cached-read':
      return 0.2 + reps * (1.95 + 0.05 * r.cpu);
    case 'buffered-read':
      // hdparm -t reads for 3 s after a cache drop: the raw device, or the test file to its end
      // (written to its time bound: on a fast drive it reads back in well under 3 s).
      return r.rawReads
        ? 0.3 + reps * (3 + drop)
        : file + reps * (Math.min(3, ioSeconds(r, fileBytes, fileBytes / (2 * MiB)) / 2) + drop);
    case 'dd-write': {
      // Page-cache writing (CPU), bounded to 3 phases, then the sync: the kernel's writeback
      // merges and queues deeper than the probe's one-at-a-time writes (measured ~2× their rate)
      // until the dirty limits hold the writer back; beyond ~256 MiB it runs at the drive's rate.
      const early = Math.min(s.dd, 256 * MiB);
      const sync = early / (2 * r.seqBps) + (s.dd - early) / r.seqBps;
      return reps * (0.3 + Math.min(3 * cap, (s.dd / 1.2e9) * r.cpu) + sync);
    }
    case 'bonnie': {
      const c = Math.max(0.5, cap);
      const block = Math.min(c, Math.max(0.5, ioSeconds(r, s.bonnie, s.bonnie / 8192)));
      // per-char out/in (0.5 s minimum each), 4 bounded block phases and the bounded seeks, the
      // file phases (create/stat/delete, sequential and random: CPU, then a syncfs each).
      const files = s.bonnieFiles * 1024;
      return (
        reps *
        (0.8 + 0.2 * r.cpu + 5 * block + ((files * 6) / 20_000) * Math.sqrt(r.cpu) + 2 * drop)
      );
    }
    case 'iozone': {
      // 54 passes, each bounded; opening, allocating and removing the file add a little a pass.
      const passCap = Math.max(0.2, cap / 4);
      const pass = (rec: number) =>
        Math.min(passCap, ioSeconds(r, s.iozone, s.iozone / rec)) + 0.005 * r.cpu;
      return reps * IOZONE_RECORDS.reduce((t, rec) => t + 6 * pass(rec), 0) + 0.5;
    }
    case 'seeker':
      return reps * (s.seekerSeconds + drop) + 0.3;
    case 'qd-profile': {
      // 8 time-based phases, each after a warm-up (qdRampSeconds); each of the 16 queue runs sets
      // up (CPU) and drains its queue at the end (32 random or 8 large requests at the drive's rate).
      const ramp = qdRampSeconds(s);
      const drain = ioSeconds(r, 32 * 4096, 32) + ioSeconds(r, 8 * MiB, 8);
      return (
        (r.rawReads ? file : 0) +
        reps * (8 * (s.qdSeconds + ramp) + 16 * 0.015 * r.cpu + 2 * drain) +
        0.5
      );
    }
  }
}

/**
 * Warm-up before each queue-depth phase, not measured (fio's ramp_time): a throttled or cached
 * drive answers the first requests of a phase from burst credit, which made short phases swing
 * 0.6–1.0× between two runs of the same drive. A fifth of the phase, at least 0.2 s.
 */
export const qdRampSeconds = (s: Pick<ProfileSizes, 'qdSeconds'>): number =>
  Math.max(0.2, s.qdSeconds / 5);

/**
 * A task's size override: `task.<key>` (what the bench CLI accepts: --size task.unpack=50M)
 * or the bare key.
 */
export const taskSize = (sizes: Record<string, number>, key: string, fallback: number): number =>
  sizes[`task.${key}`] ?? sizes[key] ?? fallback;

/** The backup-load task's sizes (tasks/backup-task.ts) unless a run overrides them. */
export const BACKUP_DEFAULTS = {
  backup: 512 * MiB,
  backupProbe: 256 * MiB,
  backupFiles: 2000,
  backupOps: 1000,
};

/** The real-world tasks whose time depends on the drive; null: the module's own estimate. */
export function taskEstimateSeconds(
  id: string,
  reps: number,
  sizes: Record<string, number>,
  r: DriveRates = DEFAULT_RATES,
): number | null {
  switch (id) {
    case 'task.unpack': {
      // Same defaults as tasks/unpack-task.ts: 250 MB, ~100 files per MB; quick unpacks once.
      const bytes = sizes['task.unpack'] ?? 250e6;
      const files = (bytes / 1e6) * 100;
      const n = Math.max(1, Math.min(reps, sizes['task.unpackRepetitions'] ?? reps));
      // Generating the tarball (gzip -1, CPU, ~3 s to set up), then each time: clearing the last
      // tree, a cache drop, tar (CPU per file) and the sync (bytes, and the drive's cost per file).
      // Fitted on quick (55 MB once) and full (250 MB × 3) runs on the HDD-like and fast devices;
      // the fixed parts refitted on quiet quick runs (2.0–2.6 s on loop devices, 3.9–5.3 s in a
      // folder on this machine's disk, where 2 + 0.6 s had been 3 + 1 s).
      const gen = 2 + (bytes / 100e6) * r.cpu;
      const each =
        0.6 +
        dropSeconds(r) +
        files * 3e-5 * r.cpu +
        bytes / (2 * r.seqBps) +
        files / (60 * Math.max(1, r.iops));
      // The last tree's removal (journal and inode writes at ~2,500 files/s, measured on the
      // HDD-like loop and this machine's disk alike: CPU-bound, not the drive's seeks).
      const clear = (files / 2500) * r.cpu;
      return gen + n * each + clear;
    }
    case 'task.du': {
      // Cold walks of the generated workload (a cache drop each, two the first time; ~9 entries
      // a metadata read: 2,400–2,600 requests for its 21,242 entries on the HDD-like device),
      // then, where the drive's filesystem holds at least 20,000 entries of the person's own, a
      // walk of the first 20,000 (~4 a read), bounded by duOwnSeconds.
      const n = workloadReps(reps, sizes);
      const gen =
        dropSeconds(r) + n * (dropSeconds(r) + WORKLOAD_ENTRIES / (9 * Math.max(1, r.iops)));
      if ((r.entries ?? 0) < WORKLOAD_ENTRIES + OWN_DU_ENTRIES) return gen;
      const ownReps = Math.max(1, Math.min(reps, sizes['task.duOwnRepetitions'] ?? reps));
      const bound = sizes['task.duOwnSeconds'] ?? 30;
      const own = Math.min(bound, OWN_DU_ENTRIES / (4 * Math.max(1, r.iops)));
      return gen + ownReps * (dropSeconds(r) + own);
    }
    case 'task.backup-load': {
      // Writing the copy's source and the probe file
      // (sequential) and 2,000 small files; then each time: two cache drops, 1 s for the copy to
      // get going, 1,000 small random reads (a file open each) on the idle disk, and the same
      // during the copy, which takes about half of a seeking drive's requests (bounded at 30 s).
      // The old fixed 25 s a time was 85 s against 10.6–12.1 s measured on fast drives.
      const size = (k: keyof typeof BACKUP_DEFAULTS): number =>
        taskSize(sizes, k, BACKUP_DEFAULTS[k]);
      const bytes = size('backup') + size('backupProbe');
      const ops = size('backupOps');
      const read = ops / Math.max(1, r.iops) + ops * 3e-5 * r.cpu;
      const each = 2 * dropSeconds(r) + 1 + read + Math.min(30, 2 * read + 0.5);
      return 0.5 + bytes / r.seqBps + size('backupFiles') * 1e-4 * r.cpu + reps * each;
    }
    default:
      return null;
  }
}

/** Bytes the test writes into the work folder at most. */
export function estimateBytes(id: SyntheticTestId, s: ProfileSizes): number {
  switch (id) {
    case 'cached-read':
      return 2 * MiB;
    case 'buffered-read':
    case 'seeker':
    case 'qd-profile':
      return s.file;
    case 'dd-write':
      return s.dd;
    case 'bonnie':
      // Files are zero-byte but each costs an inode and a directory entry.
      return s.bonnie + s.bonnieChar + s.bonnieFiles * 1024 * 256;
    case 'iozone':
      return s.iozone;
  }
}
