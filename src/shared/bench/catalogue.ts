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

/**
 * The end of buffered-read's method when it read the raw device through its buffer cache (with
 * admin rights; else O_DIRECT on a file): the prediction reads the page cache's rate from it.
 */
export const RAW_BUFFERED_NOTE = '(cache flushed)';

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

/**
 * The profiles a plan names, in the order the Plan step offers them: the two fixed ones and the
 * person's own. Every profile type (the contract's enum, the CLI's --profile choices, the
 * wizard's choice) derives from this one list.
 */
export const PROFILE_IDS = ['quick', 'full', 'custom'] as const;
export type ProfileId = (typeof PROFILE_IDS)[number];

interface ProfileText {
  id: ProfileId;
  title: string;
  /** The Plan step's line under the title. */
  blurb: string;
}

/** A profile with tests and sizes of its own. */
export interface Profile extends ProfileText {
  /** Synthetic tests plus the real-world tasks that fit the profile's time budget. */
  tests: string[];
  repetitions: number;
  /** Plus per-task sizes ('task.unpack': bytes unpacked, 'task.duSeconds', ...). */
  sizes: ProfileSizes & { [task: `task.${string}`]: number };
}

/** The person's own choices, on top of another profile's tests and sizes. */
export interface CustomProfile extends ProfileText {
  startsFrom: Profile;
}

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

const quick: Profile = {
  id: 'quick',
  title: 'Quick', // its time is the plan's estimate for the drive, never a fixed label
  blurb: 'The key figures and the tasks you wait for; time from the estimate.',
  // Boot and hibernate are read from the journal in a second: every profile has them. Quick
  // also times bounded tasks a person waits for: a search of the drive (≥ 20,000 entries or
  // the whole tree), unpacking half a kernel tree (12,000 files, 120 MB) and app starts.
  // Cached reads measure memory, not the drive (never judged): the full profile keeps them,
  // quick spends their 6 s on the drive.
  tests: [
    ...SYNTHETIC_TEST_IDS.filter((id) => id !== 'cached-read'),
    'task.boot',
    'task.hibernate',
    // The search after the starts: its warm walk leaves the workload's metadata cached, and it
    // removes the workload then (1,610 metadata reads, ~10 s on a hard disk, removed cold later).
    'task.app-start',
    'task.du',
    // Last: removing its files keeps a throttled disk busy into the next test (an application
    // start after a 250 MB unpack took 23 s instead of 10.5 s, its timed reads unchanged).
    'task.unpack',
  ],
  repetitions: 3,
  sizes: {
    file: 1 * GiB,
    dd: 128 * MiB,
    bonnie: 16 * MiB,
    // bonnie++ -f: its per-character phases time one syscall per byte, the CPU (seed 000: 99 %CP
    // on both drives); 3.7 s of quick on either loop. The full profile keeps them.
    bonnieChar: 0,
    // bonnie++ -n 0: 1,024 files timed +++++ on every drive (no figure); the unpack times files.
    bonnieFiles: 0,
    iozone: 8 * MiB,
    seekerSeconds: 1.5,
    qdSeconds: 0.5,
    phaseSeconds: 0.5,
    // Half the seeds' archive (a 2.6.22 kernel is about 240 MB in 22,000 files; the full profile
    // unpacks 250 MB): 55 MB was 0.9 s, mostly CPU. Removing 25,000 files kept the HDD-like
    // device busy for 10-13 s after the task, which quick's 150 s budget could not carry.
    'task.unpackRepetitions': 1,
    'task.unpack': 120e6,
    // The generated workload's search and application-like start once each (a cold walk of
    // its 21,000 entries is ~13 s on a hard disk), the person's own tree once.
    'task.workloadRepetitions': 1,
    'task.duOwnRepetitions': 1,
  },
};

const full: Profile = {
  id: 'full',
  title: 'Full', // its time is the plan's estimate for the drive, never a fixed label
  blurb: 'Every test with larger files; time from the estimate.',
  // The full profile also times what a person waits for: search, unpack, work during a backup.
  // The surface scan reads across the whole drive (admin rights; skipped without them).
  tests: [
    ...SYNTHETIC_TEST_IDS,
    'surface-scan',
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
};

/** The one profile table: the Plan step's picker, the CLI, bench.catalogue and resolveSettings. */
export const PROFILES = {
  quick,
  full,
  custom: {
    id: 'custom',
    title: 'Custom',
    blurb: 'Pick the tests and repetitions yourself.',
    startsFrom: quick,
  },
} satisfies Record<ProfileId, Profile | CustomProfile>;

/** The profiles with tests and sizes of their own, in PROFILE_IDS order. */
export const PRESET_PROFILES: Profile[] = PROFILE_IDS.map((id) => PROFILES[id]).filter(
  (p): p is Profile => !('startsFrom' in p),
);

/** The dd method's default size: min(2 GiB, 10% of free space), as the issue asks. */
export function defaultDdSize(freeBytes: number, profileSize: number): number {
  return Math.max(8 * 1024 * 1024, Math.min(profileSize, 2 * GiB, Math.floor(freeBytes * 0.1)));
}

/**
 * Parses "1G", "256M", "64k", "4096" (binary units, like dd/fio) into bytes; throws on nonsense so
 * the CLI can show a one-line error. A bare number counts in `bareUnit` bytes: the CLI's help names
 * MiB, and `file=1024` read as 1024 bytes once measured a host with a 128-byte file.
 */
export function parseSize(text: string, bareUnit = 1): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([kmgt]?)(i?b)?\s*$/i.exec(text);
  if (!m) throw new Error(`not a size: "${text}" (use e.g. 512M, 2G, 64k)`);
  const mult =
    { '': m[3] ? 1 : bareUnit, k: 1024, m: MiB, g: GiB, t: 1024 * GiB }[m[2]!.toLowerCase()] ?? 1;
  const bytes = Math.round(Number(m[1]) * mult);
  if (!Number.isFinite(bytes) || bytes <= 0) throw new Error(`not a positive size: "${text}"`);
  return bytes;
}
