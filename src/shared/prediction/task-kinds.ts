// What kind of wait a task is: how often it happens by default, and how much of it a faster drive
// can remove. Used by the prediction before buying and by the verdict's estimated savings.
import type { TaskKind } from '../verdict/schema';

export interface TaskKindFacts {
  /** Words for a person. */
  label: string;
  /** Default occurrences per day (the usage profile overrides). */
  perDay: number;
  /**
   * Share of the task's wall time spent waiting for the disk on a hard disk, used when no CPU time
   * was recorded (stopwatch timings, imported figures).
   */
  ioShare: number;
  /**
   * Seconds of CPU and firmware work the task needs whatever the disk, when that is the better
   * model for the kind (chosen by leave-one-out on the fitting half, see published.test.ts): a
   * timing without CPU time then waits for the disk for the rest (assumedIoShare), so a slower old
   * disk means a larger disk share rather than a larger CPU part. Unset: ioShare is used.
   */
  cpuSeconds?: number;
  /** Time-weighted share of that I/O that is random access (the rest streams). */
  randomShare: number;
  /** Where ioShare and randomShare come from. */
  source: string;
}

/**
 * ioShare for boot and app start is FITTED on the fitting half of the published HDD→SSD cases in
 * test/fixtures/published/ (the scoring half is never used; test/unit/shared/prediction/
 * published.test.ts refits and checks these constants). randomShare is never fitted: it is the
 * documented prior below (fitting both to 4-5 cases is underdetermined). The rest are priors.
 */
export const TASK_KINDS: Record<TaskKind, TaskKindFacts> = {
  boot: {
    label: 'Boot',
    perDay: 1,
    ioShare: 0.85,
    cpuSeconds: 8.5,
    randomShare: 0.8,
    source:
      'about 8.5 s of CPU and firmware work whatever the disk, fitted on the fitting half of test/fixtures/published (4 boot cases: windowscult, computerinfobits, feein, tech-informant; it predicts an unseen case better than a fixed share: leave-one-out log error 0.16 against 0.32); randomShare 0.8 is a prior, not fitted: boot reads thousands of small files scattered over the disk (Ubuntu sreadahead notes, Ars Technica 2009)',
  },
  login: {
    label: 'Login to desktop',
    perDay: 1,
    ioShare: 0.85,
    randomShare: 0.7,
    source:
      'no published login-only case in the fitting half: same disk-wait share as boot (a desktop session start reads the same kind of small files)',
  },
  'app-start': {
    label: 'App or game start',
    perDay: 4,
    ioShare: 0.53,
    randomShare: 0.9,
    source:
      "ioShare 0.53 fitted on the fitting half of test/fixtures/published (6 game/app load cases: RDR2, Warzone, FF XIV ×2, and Digital Foundry's Xbox One Just Cause 3 and Witcher 3); randomShare 0.9 is not fitted but computed from Tom's Hardware's traces (tomshardware.com/reviews/ssd-gaming-performance,2991-5.html and -6.html): Crysis 2's launch is 22,520 reads, 21 % of them random, over 309 MB, and a level load 9,493 reads, 25 % random, over 755 MB; at 12.5 ms a random read and 160 MB/s streaming, random access is 97 % and 86 % of a hard disk's busy time",
  },
  copy: {
    label: 'File copy',
    perDay: 1,
    ioShare: 0.95,
    randomShare: 0.05,
    source: 'a copy of large files streams: nearly all of it is disk time (AS SSD copy benchmark)',
  },
  search: {
    label: 'Disk search',
    perDay: 1,
    ioShare: 0.9,
    randomShare: 0.95,
    source: 'du/find walk inodes and directories: random metadata reads (seed write-ups: du -ck /)',
  },
  unpack: {
    label: 'Unpack an archive',
    perDay: 0.2,
    ioShare: 0.4,
    randomShare: 0.5,
    source: 'gzip decompression is CPU work; the engine records CPU time, this is only a fallback',
  },
  hibernate: {
    label: 'Hibernate and resume',
    perDay: 0,
    ioShare: 0.9,
    randomShare: 0.05,
    source:
      'the kernel writes and reads the image in large sequential chunks (PM: hibernation lines)',
  },
  other: {
    label: 'Other timing',
    perDay: 1,
    ioShare: 0.5,
    randomShare: 0.5,
    source: 'no knowledge of the task: half disk, half CPU, half random',
  },
};

/** Highest disk share assumed from a fixed CPU part (some CPU work is always left). */
const MAX_ASSUMED_IO_SHARE = 0.98;

/**
 * Disk share of a timing recorded without CPU time: from the kind's fixed CPU seconds where it has
 * them (a task shorter than that is taken as all CPU), else the kind's ioShare.
 */
export function assumedIoShare(kind: TaskKind, beforeSeconds: number | null): number {
  const f = TASK_KINDS[kind];
  if (f.cpuSeconds === undefined || beforeSeconds === null || !(beforeSeconds > 0))
    return f.ioShare;
  return Math.min(MAX_ASSUMED_IO_SHARE, Math.max(0, 1 - f.cpuSeconds / beforeSeconds));
}

const BY_TEST: Record<string, TaskKind> = {
  'task.boot': 'boot',
  'task.login': 'login',
  'task.app-start': 'app-start',
  'task.du': 'search',
  'task.unpack': 'unpack',
  'task.hibernate': 'hibernate',
};

/** Kinds a person picks for a stopwatch timing (CLI --kind, wizard). */
export const STOPWATCH_KINDS: TaskKind[] = ['boot', 'login', 'app-start', 'copy', 'other'];

export function isTaskKind(v: unknown): v is TaskKind {
  return typeof v === 'string' && v in TASK_KINDS;
}

/** A task's kind: the engine task's own, or what the person said of a stopwatch timing. */
export function taskKindOf(testId: string, params?: Record<string, unknown>): TaskKind {
  if (isTaskKind(params?.kind)) return params.kind;
  return BY_TEST[testId] ?? 'other';
}
