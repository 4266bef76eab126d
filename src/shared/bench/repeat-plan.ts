// The after-run repeats its baseline's plan, so the two runs compare like with like: one function
// for the wizard's "Measure again" (its pick-time check and its Start) and `drivewise bench
// --baseline`. They planned the baseline at different sizes and so refused a nearly full new
// drive with different amounts ("needs 1.4 GiB" on screen, "2.1 GiB" in the CLI).
import { PROFILE_IDS, type ProfileId } from './catalogue';
import type { RunDocument } from '../schemas/run';

export interface RepeatedPlan {
  plan: {
    profile: ProfileId;
    tests: string[];
    repetitions: number;
    sizes?: Record<string, number>;
  };
  options: Record<string, Record<string, unknown>>;
}

/**
 * The plan a measured run was made with, as bench.plan / bench.start take it: its profile, tests,
 * repetitions, sizes and task choices; null for a run with none to repeat (imported, typed).
 */
export function planOfRun(doc: Pick<RunDocument, 'settings' | 'source'>): RepeatedPlan | null {
  const { settings } = doc;
  if (doc.source.kind !== 'measured' || !settings.tests.length) return null;
  const profile = PROFILE_IDS.find((p) => p === settings.profile) ?? 'custom';
  // What the engine derives (the apps it will start) is planned again where the run goes; runs
  // saved with 'task.appStarts: 0' are read as well (a plan's sizes are all positive).
  const sizes = Object.fromEntries(
    Object.entries(settings.sizes).filter(([k, v]) => k !== 'task.appStarts' && v > 0),
  );
  return {
    plan: {
      profile,
      tests: settings.tests,
      repetitions: settings.repetitions,
      ...(Object.keys(sizes).length ? { sizes } : {}),
    },
    options: settings.options ?? {},
  };
}

/** Task options given now (CLI flags) over the baseline's, test by test. */
export function overOptions(
  base: Record<string, Record<string, unknown>>,
  given: Record<string, Record<string, unknown>> | undefined,
): Record<string, Record<string, unknown>> {
  const out = { ...base };
  for (const [k, v] of Object.entries(given ?? {})) out[k] = { ...(out[k] ?? {}), ...v };
  return out;
}
