// Turning a profile + overrides into the concrete settings the engine runs with.
import { fmtCapacity } from '../format/bytes';
import { PROFILES, type ProfileId, type ProfileSizes } from './catalogue';

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;
/** The free space a run always leaves (1 GiB), in the decimal units every screen prints. */
const MARGIN = fmtCapacity(GiB);

export interface PlanInput {
  profile: ProfileId;
  tests?: string[] | undefined;
  repetitions?: number | undefined;
  sizes?: Record<string, number> | undefined;
}

export interface ResolvedSettings {
  profile: ProfileId;
  tests: string[];
  repetitions: number;
  /** ProfileSizes plus any task-specific size keys passed through. */
  sizes: ProfileSizes & Record<string, number>;
}

/** custom starts from the profile it names (quick); explicit tests/repetitions/sizes always win. */
export function resolveSettings(input: PlanInput): ResolvedSettings {
  const chosen = PROFILES[input.profile];
  const base = 'startsFrom' in chosen ? chosen.startsFrom : chosen;
  const tests = input.tests && input.tests.length > 0 ? [...input.tests] : [...base.tests];
  return {
    profile: input.profile,
    tests,
    repetitions: input.repetitions ?? base.repetitions,
    sizes: { ...base.sizes, ...(input.sizes ?? {}) },
  };
}

/** The free-space rule: test bytes + 10% + 1 GiB must be free before anything is written. */
export function requiredFreeBytes(testBytes: number, marginBytes = GiB): number {
  return Math.ceil((testBytes * 11) / 10) + marginBytes;
}

/**
 * What a plan needs of its folder, for the one bad-folder rule (folderFit): its tests and the bytes
 * that must be free. The Drive step, "Measure again", the Plan step, the CLI and the run's own
 * check before it writes all ask this, so a refusal names one amount everywhere.
 */
export function planNeed(
  plan: { tests: readonly { id: string }[]; bytesNeeded: number },
  marginBytes?: number,
): { tests: string[]; bytesRequired: number } {
  return {
    tests: plan.tests.map((t) => t.id),
    bytesRequired: requiredFreeBytes(plan.bytesNeeded, marginBytes),
  };
}

/** "firefox, libreoffice" → ['firefox', 'libreoffice']: trimmed, no empties, no repeats. */
export function parseApps(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean),
    ),
  ];
}

/** The sizes a plan may shrink to fit the free space, and the least each may shrink to. */
export const MIN_SIZES: Record<string, number> = {
  file: 64 * MiB,
  dd: 16 * MiB,
  bonnie: 8 * MiB,
  iozone: 4 * MiB,
  'task.unpack': 20e6,
};

/**
 * Scales the byte sizes the person did not set by one factor so `bytesNeeded` fits `budget`
 * bytes, each no lower than MIN_SIZES; returns null when nothing may shrink.
 */
export function scaleSizes(
  sizes: Record<string, number>,
  explicit: Record<string, number> | undefined,
  factor: number,
): Record<string, number> | null {
  const out = { ...sizes };
  let changed = false;
  for (const [k, min] of Object.entries(MIN_SIZES)) {
    if (explicit?.[k] !== undefined || out[k] === undefined) continue;
    const v = Math.max(min, Math.floor((out[k]! * factor) / MiB) * MiB);
    if (v < out[k]!) {
      out[k] = v;
      changed = true;
    }
  }
  return changed ? out : null;
}

/** One sentence: what the run writes vs what must be free, and why they differ. */
export function spaceSentence(bytesNeeded: number, bytesRequired: number): string {
  return `Writes at most ${fmtCapacity(bytesNeeded)} (removed afterwards) but needs ${fmtCapacity(bytesRequired)} free: that plus 10% and ${MARGIN} are kept free so the disk never runs full during the run.`;
}

/**
 * The tests that, with admin rights, read the raw device and write nothing: all a folder that
 * cannot be written (read-only mount, no permission) allows.
 */
export const READ_TESTS = ['buffered-read', 'seeker'] as const;
const READ_ONLY_OK = new Set<string>([...READ_TESTS, 'cached-read']);
const READ_NAMES = READ_TESTS.join(', ');

/** True when every test reads the raw device only (nothing is written with admin rights). */
export const onlyReadTests = (tests: readonly string[]): boolean =>
  tests.length > 0 && tests.every((t) => READ_ONLY_OK.has(t));

export interface FolderFacts {
  path: string;
  /** This process can create files there. */
  writable: boolean;
  /** Why not, when it is a read-only filesystem (else: no permission). */
  readOnly?: boolean;
  freeBytes: number | null;
}

export interface FolderFit {
  ok: boolean;
  /** Only the read tests can run here (the folder cannot be written). */
  readTestsOnly: boolean;
  /** One line; a refusal names what to do. */
  message: string;
}

/**
 * The one bad-folder rule of the Drive step, the Plan step, `bench.start` and the CLI: whether
 * `plan` can run in the folder. A folder that cannot be written runs the read tests only, and
 * those only with admin rights; otherwise the plan's free-space need must be free.
 */
export function folderFit(
  f: FolderFacts,
  plan: { tests: readonly string[]; bytesRequired: number },
  admin: boolean,
): FolderFit {
  if (!f.writable) {
    const readOnly = { readTestsOnly: true };
    const why = f.readOnly ? 'is on a read-only filesystem' : 'cannot be written by you';
    if (!admin)
      return {
        ...readOnly,
        ok: false,
        message: `${f.path} ${why}: choose a writable folder on the drive, or grant admin rights to run only the read tests (${READ_NAMES}) here`,
      };
    if (!onlyReadTests(plan.tests))
      return {
        ...readOnly,
        ok: false,
        message: `${f.path} ${why}: only the read tests (${READ_NAMES}) can run here; choose only those, or a writable folder on the drive`,
      };
    return {
      ...readOnly,
      ok: true,
      message: `${f.path} ${why}: only the read tests (${READ_NAMES}) run here, on the raw device with admin rights; nothing is written.`,
    };
  }
  if (f.freeBytes !== null && f.freeBytes < plan.bytesRequired)
    return {
      ok: false,
      readTestsOnly: false,
      // In the wizard's decimal units (GB, MB), as its Plan step prints the same need.
      message: `not enough free space in ${f.path}: the run needs ${fmtCapacity(plan.bytesRequired)} free (${MARGIN} of it kept free as a margin), ${fmtCapacity(f.freeBytes)} free — free ${fmtCapacity(plan.bytesRequired - f.freeBytes)} there or choose a folder on a larger filesystem of the drive`,
    };
  return { ok: true, readTestsOnly: false, message: '' };
}

/** A folder that is not there, in the words of every surface. */
export const missingFolder = (path: string): string =>
  `${path}: no such directory — create it first or choose an existing folder on the drive`;

/** A file (or anything else) where a folder is needed, in the words of every surface. */
export const notAFolder = (path: string): string =>
  `${path} is not a folder — choose a folder on the drive (the test files go in a new folder inside it)`;

/**
 * The system disk: every test can run, but what else the running system reads and writes meanwhile
 * lands in the figures ("All file tests can run here" said nothing of it).
 */
export const systemDiskWarning = (path: string, disk: string): string =>
  `${path} is on the system disk (${disk}): the results include the running system's own disk traffic; close other programs while it runs`;
