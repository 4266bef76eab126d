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
