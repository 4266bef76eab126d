// Turning a profile + overrides into the concrete settings the engine runs with.
import { PROFILES, type ProfileId, type ProfileSizes } from './catalogue';

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

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

/** custom starts from quick's sizes; explicit tests/repetitions/sizes always win. */
export function resolveSettings(input: PlanInput): ResolvedSettings {
  const base = input.profile === 'full' ? PROFILES.full : PROFILES.quick;
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

export const FILE_TESTS = new Set(['buffered-read', 'seeker', 'qd-profile']);

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
  return `Writes at most ${fmtSize(bytesNeeded)} (removed afterwards) but needs ${fmtSize(bytesRequired)} free: that plus 10% and 1 GiB are kept free so the disk never runs full during the run.`;
}

export function fmtSize(n: number): string {
  return n >= GiB ? `${(n / GiB).toFixed(1)} GiB` : `${Math.round(n / MiB)} MiB`;
}
