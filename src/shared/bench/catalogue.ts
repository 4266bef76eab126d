// The profiles that pick the tests, and their sizes. Pure data + arithmetic so the renderer's Plan
// step, the CLI and the engine agree on them. What each test is (title, tool, description, the
// sizes a person may set, estimates) is its module's, in src/main (engine/worker/registry.ts),
// and reaches the renderer through bench.catalogue and bench.plan.

/** The synthetic tests every profile runs, in the order they run. */
export const SYNTHETIC_TEST_IDS = [
  'cached-read',
  'buffered-read',
  'dd-write',
  'bonnie',
  'iozone',
  'seeker',
  'qd-profile',
] as const;

/** Sizes in bytes and durations in seconds that a profile (or the person) sets. */
export interface ProfileSizes {
  /** Shared O_DIRECT test file for buffered reads, seeker and the queue-depth profile. */
  file: number;
  dd: number;
  bonnie: number;
  bonnieChar: number;
  /** Number of files in the create/stat/delete phases, in units of 1024 (bonnie++ -n). */
  bonnieFiles: number;
  iozone: number;
  /** Seconds of random reads per seeker repetition (seeker itself runs 30 s). */
  seekerSeconds: number;
  /** Seconds per queue-depth phase (8 phases). */
  qdSeconds: number;
  /**
   * Time bound of one measured phase (fio's runtime): a phase stops after this long whatever its
   * byte count, so a profile stays within its time on a hard disk. Longer jobs take multiples of
   * it (the test file: 4×, dd: 3× per repetition, iozone's 54 passes: ¼ each).
   */
  phaseSeconds: number;
}

/** The profiles a plan names: the two fixed ones and the person's own sizes. */
export const PROFILE_IDS = ['quick', 'full', 'custom'] as const;
export type ProfileId = (typeof PROFILE_IDS)[number];

export interface Profile {
  id: ProfileId;
  title: string;
  /** Synthetic tests plus the real-world tasks that fit the profile's time budget. */
  tests: string[];
  repetitions: number;
  /** Plus per-task sizes ('task.unpack': bytes unpacked, 'task.duSeconds', ...). */
  sizes: ProfileSizes & { [task: `task.${string}`]: number };
}

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

export const PROFILES: Record<'quick' | 'full', Profile> = {
  quick: {
    id: 'quick',
    title: 'Quick', // its time is the plan's estimate for the drive, never a fixed label
    // Boot and hibernate are read from the journal in a second: every profile has them. Quick
    // also times bounded tasks a person waits for: a search of the drive (≥ 20,000 entries or
    // the whole tree), unpacking a kernel-like tarball (≥ 5,000 files, 55 MB) and app starts.
    tests: [
      ...SYNTHETIC_TEST_IDS,
      'task.boot',
      'task.hibernate',
      'task.du',
      'task.unpack',
      'task.app-start',
    ],
    repetitions: 3,
    sizes: {
      file: 1 * GiB,
      dd: 128 * MiB,
      bonnie: 16 * MiB,
      bonnieChar: 64 * 1024,
      bonnieFiles: 1,
      iozone: 8 * MiB,
      seekerSeconds: 1.5,
      qdSeconds: 0.5,
      phaseSeconds: 0.5,
      // ≈ 5,500 files and 55 MB unpacked (kernel-tree.ts: ~100 files per MB), once.
      'task.unpackRepetitions': 1,
      'task.unpack': 55e6,
      // The generated workload's search and application-like start once each (a cold walk of
      // its 21,000 entries is ~13 s on a hard disk), the person's own tree once.
      'task.workloadRepetitions': 1,
      'task.duOwnRepetitions': 1,
    },
  },
  full: {
    id: 'full',
    title: 'Full', // its time is the plan's estimate for the drive, never a fixed label
    // The full profile also times what a person waits for: search, unpack, work during a backup.
    tests: [
      ...SYNTHETIC_TEST_IDS,
      'task.boot',
      'task.hibernate',
      'task.du',
      'task.unpack',
      'task.backup-load',
    ],
    repetitions: 3,
    sizes: {
      file: 4 * GiB,
      dd: 2 * GiB,
      bonnie: 256 * MiB,
      bonnieChar: 256 * 1024,
      bonnieFiles: 16,
      iozone: 256 * MiB,
      seekerSeconds: 10,
      qdSeconds: 5,
      phaseSeconds: 8,
    },
  },
};

/** The dd method's default size: min(2 GiB, 10% of free space), as the issue asks. */
export function defaultDdSize(freeBytes: number, profileSize: number): number {
  return Math.max(8 * 1024 * 1024, Math.min(profileSize, 2 * GiB, Math.floor(freeBytes * 0.1)));
}

/**
 * Parses "1G", "256M", "64k", "4096" (binary units, like dd/fio) into bytes; throws on nonsense so
 * the CLI can show a one-line error.
 */
export function parseSize(text: string): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([kmgt]?)(i?b)?\s*$/i.exec(text);
  if (!m) throw new Error(`not a size: "${text}" (use e.g. 512M, 2G, 64k)`);
  const mult = { '': 1, k: 1024, m: MiB, g: GiB, t: 1024 * GiB }[m[2]!.toLowerCase()] ?? 1;
  const bytes = Math.round(Number(m[1]) * mult);
  if (!Number.isFinite(bytes) || bytes <= 0) throw new Error(`not a positive size: "${text}"`);
  return bytes;
}
