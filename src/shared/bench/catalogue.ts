// The synthetic tests Drivewise runs and the profiles that pick them. Pure data + arithmetic so
// the renderer's Plan step, the CLI and the engine agree on names, sizes and estimated durations.

export const SYNTHETIC_TEST_IDS = [
  'cached-read',
  'buffered-read',
  'dd-write',
  'bonnie',
  'iozone',
  'seeker',
  'qd-profile',
] as const;
export type SyntheticTestId = (typeof SYNTHETIC_TEST_IDS)[number];

export interface CatalogueEntry {
  id: SyntheticTestId;
  title: string;
  tool: string;
  /** One sentence for the person: what it measures and why it matters. */
  description: string;
  /** Size keys (ProfileSizes) this test reads. */
  sizeKeys: (keyof ProfileSizes)[];
}

export const CATALOGUE: readonly CatalogueEntry[] = [
  {
    id: 'cached-read',
    title: 'Cached reads',
    tool: 'hdparm -T',
    description:
      'Re-reads the same 2 MiB from memory for 2 s: memory/cache speed, not the drive. Shown so it is never mistaken for disk speed.',
    sizeKeys: [],
  },
  {
    id: 'buffered-read',
    title: 'Buffered disk reads',
    tool: 'hdparm -t',
    description:
      'Sequential 2 MiB reads from the start for 3 s, bypassing the cache: the sustained read speed the drive delivers.',
    sizeKeys: ['file'],
  },
  {
    id: 'dd-write',
    title: 'Sequential write with sync',
    tool: 'dd',
    description:
      'Writes a file in 8 KiB blocks and waits for sync, as "dd bs=8k && sync": sustained write speed including the flush.',
    sizeKeys: ['dd'],
  },
  {
    id: 'bonnie',
    title: 'bonnie++ method',
    tool: 'bonnie++',
    description:
      'Per-character and block write/rewrite/read, random seeks and small-file create/stat/delete: how the drive handles everyday file work.',
    sizeKeys: ['bonnie', 'bonnieChar', 'bonnieFiles'],
  },
  {
    id: 'iozone',
    title: 'iozone -I method',
    tool: 'iozone',
    description:
      'Write, rewrite, read, reread, random read and random write with 4 KiB, 64 KiB and 512 KiB records, bypassing the cache.',
    sizeKeys: ['iozone'],
  },
  {
    id: 'seeker',
    title: 'Random access (seeker)',
    tool: 'seeker',
    description:
      'Small reads at random places for a set time: seeks per second and access time, the thing you feel as snappiness.',
    sizeKeys: ['file'],
  },
  {
    id: 'qd-profile',
    title: 'Queue-depth profile',
    tool: 'fio',
    description:
      'SEQ 1 MiB Q8/Q1 and RND 4 KiB Q32/Q1, read and write, with latency percentiles: comparable with fio and CrystalDiskMark.',
    sizeKeys: ['file'],
  },
];

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

/** The custom profile's size fields in a person's words, with the unit each is typed in. */
export const SIZE_LABELS: Record<keyof ProfileSizes, { label: string; unit: string }> = {
  file: { label: 'Read test file', unit: 'MiB' },
  dd: { label: 'Sequential write (dd) size', unit: 'MiB' },
  bonnie: { label: 'Everyday file work (bonnie++) file size', unit: 'MiB' },
  bonnieChar: { label: 'Byte-at-a-time (bonnie++) size', unit: 'MiB' },
  bonnieFiles: { label: 'Small files to create (bonnie++)', unit: 'thousand files' },
  iozone: { label: 'Block size test (iozone) file size', unit: 'MiB' },
  seekerSeconds: { label: 'Random access test, per repetition', unit: 's' },
  qdSeconds: { label: 'Many-requests test, per phase (8 phases)', unit: 's' },
  phaseSeconds: { label: 'Time limit of one measured phase', unit: 's' },
};

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
  tests: [
    ...SYNTHETIC_TEST_IDS,
    'task.boot',
    'task.hibernate',
    'task.du',
    'task.app-start',
    // Last: removing its files keeps a throttled disk busy into the next test (an application
    // start after a 250 MB unpack took 23 s instead of 10.5 s, its timed reads unchanged).
    'task.unpack',
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

/** One sentence per real-world task for the Plan step (the task modules carry the method). */
export const TASK_DESCRIPTIONS: Record<string, string> = {
  'task.boot':
    "Reads this boot's times from systemd-analyze: firmware, loader, kernel, userspace, and the slowest units.",
  'task.hibernate': 'Reads the last hibernate and resume cycles from the system journal.',
  'task.du':
    'Walks 20,000 generated files (the same on every drive), and your own files on the drive when there are enough, like "du -skx", cold: how long searching the disk takes.',
  'task.unpack':
    'Unpacks a kernel-like source tarball (about 100 files per MB: some 12,000 files in the quick profile, 25,000 in the full one: a 2.6.22 kernel tree) and syncs: CPU time vs waiting for the disk.',
  'task.app-start':
    'Cold-reads an application-like set of a few hundred files from the generated workload (and any installed app and its libraries), as a first start after a reboot does.',
  'task.backup-load':
    'Times small reads and file opens while a backup-like copy runs, against the same with the disk idle.',
  'task.stopwatch': 'Timings you take yourself, stored with a note.',
};
