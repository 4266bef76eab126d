// What kind of wait a task is: how often it happens by default, and how much of it a faster drive
// can remove. Used by the prediction before buying and by the verdict's estimated savings.
import type { TaskKind } from '../verdict/schema';
import {
  FITTED,
  FITTED_CONSOLE,
  fittedOf,
  POOLED_INTERVAL,
  type KindFit,
  type KindInterval,
  type Platform,
} from './fitted';
import { cpuPartOf, type ModelForm } from './model-form';

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
  /** The fixed floor of the kind's model form (model), when it has one. */
  cpuSeconds?: number;
  /** Time-weighted share of that I/O that is random access (the rest streams). */
  randomShare: number;
  /** Where ioShare and randomShare come from. */
  source: string;
  /**
   * The CPU part of a timing recorded without CPU time, by the form chosen on the published cases
   * (fitted.ts); kinds without published cases use their ioShare as a share.
   */
  model: ModelForm;
  /** The 10th-90th percentile range a prediction of this kind carries (fitted.ts). */
  interval: KindInterval;
}

type Prior = Omit<TaskKindFacts, 'model' | 'interval'>;

/** A kind with published fitting cases takes their form and range; the others their prior. */
function facts(prior: Prior, fit: KindFit | undefined): TaskKindFacts {
  const model: ModelForm = fit?.model ?? { form: 'share', cpuShare: 1 - prior.ioShare };
  // ioShare stays the share a 60 s timing gets, for readers that want one number.
  const ioShare = fit ? Math.round((1 - cpuPartOf(model, 60) / 60) * 100) / 100 : prior.ioShare;
  return {
    ...prior,
    ioShare,
    ...(model.form === 'floor' || model.form === 'floor+share'
      ? { cpuSeconds: model.cpuSeconds }
      : {}),
    source: fit ? `${fit.source}; ${prior.source}` : prior.source,
    model,
    interval: fit?.interval ?? POOLED_INTERVAL,
  };
}

/**
 * The model of boot, app start and build is FITTED on the fitting half of the published HDD→SSD
 * cases in test/fixtures/published/ (fitted.ts; the scoring half is never used;
 * test/unit/shared/prediction/published.test.ts refits and checks it). randomShare is never
 * fitted: it is the documented prior below (fitting both to a few cases is underdetermined). The
 * rest are priors.
 */
const PRIORS: Record<TaskKind, Prior> = {
  boot: {
    label: 'Boot',
    perDay: 1,
    ioShare: 0.85,
    randomShare: 0.8,
    source:
      'randomShare 0.8 is a prior, not fitted: boot reads thousands of small files scattered over the disk (Ubuntu sreadahead notes, Ars Technica 2009)',
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
      "randomShare 0.9 is not fitted but computed from Tom's Hardware's traces (tomshardware.com/reviews/ssd-gaming-performance,2991-5.html and -6.html): Crysis 2's launch is 22,520 reads, 21 % of them random, over 309 MB, and a level load 9,493 reads, 25 % random, over 755 MB; at 12.5 ms a random read and 160 MB/s streaming, random access is 97 % and 86 % of a hard disk's busy time",
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
  build: {
    label: 'Build or compile',
    perDay: 2,
    ioShare: 0.3,
    randomShare: 0.7,
    source:
      'randomShare 0.7 is a prior: a build reads many small sources and headers and writes many small objects, with some streaming of large outputs (linking reads and writes whole files)',
  },
  other: {
    label: 'Other timing',
    perDay: 1,
    ioShare: 0.5,
    randomShare: 0.5,
    source: 'no knowledge of the task: half disk, half CPU, half random',
  },
};

const factsBy = (fitted: typeof FITTED) =>
  Object.fromEntries(
    Object.entries(PRIORS).map(([k, prior]) => [k, facts(prior, fitted[k as TaskKind])]),
  ) as Record<TaskKind, TaskKindFacts>;

/** A PC's tasks, what the app times. */
export const TASK_KINDS = factsBy(FITTED);

/** A game console's: its own fit where the fitting half has console cases, else the PC's. */
const CONSOLE_KINDS = factsBy(
  Object.fromEntries(
    Object.keys(PRIORS).map((k) => [k, FITTED_CONSOLE[k as TaskKind] ?? FITTED[k as TaskKind]]),
  ),
);

export const kindFacts = (kind: TaskKind, platform: Platform = 'pc'): TaskKindFacts =>
  (platform === 'console' ? CONSOLE_KINDS : TASK_KINDS)[kind];

/**
 * Disk share of a timing recorded without CPU time, by the kind's model form (a fixed floor of
 * CPU seconds makes a slower old disk a larger disk share rather than a larger CPU part; at most
 * 98 %: some CPU work is always left).
 */
export function assumedIoShare(
  kind: TaskKind,
  beforeSeconds: number | null,
  platform: Platform = 'pc',
): number {
  const f = kindFacts(kind, platform);
  if (beforeSeconds === null || !(beforeSeconds > 0)) return f.ioShare;
  // Beyond the before-times its form was fitted on, the form is not carried: a floor of CPU
  // seconds fitted on 25-300 s starts made a 5 s start all CPU work (predicted unchanged). There
  // the disk share is the form's at the nearest fitted end.
  const fit = fittedOf(kind, platform);
  const at = fit
    ? Math.min(fit.fittedSeconds.longest, Math.max(fit.fittedSeconds.shortest, beforeSeconds))
    : beforeSeconds;
  return 1 - cpuPartOf(f.model, at) / at;
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
export const STOPWATCH_KINDS: TaskKind[] = ['boot', 'login', 'app-start', 'copy', 'build', 'other'];

export function isTaskKind(v: unknown): v is TaskKind {
  return typeof v === 'string' && v in TASK_KINDS;
}

/** A task's kind: the engine task's own, or what the person said of a stopwatch timing. */
export function taskKindOf(testId: string, params?: Record<string, unknown>): TaskKind {
  if (isTaskKind(params?.kind)) return params.kind;
  return BY_TEST[testId] ?? 'other';
}
