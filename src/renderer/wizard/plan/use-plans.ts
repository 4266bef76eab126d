// The Plan step's data: the test catalogue, and bench.plan's answer for every profile with the
// person's choices. The chosen profile is asked with the task options, so a mistake in them (a
// missing tarball, an app that is not installed) shows on this step, before the run.
import { useEffect, useRef, useState } from 'react';
import type { BenchCatalogue, BenchPlan } from '../../../shared/contract/bench';
import { errorText } from '../../../shared/format';
import { api } from '../../api/transport';
import { PROFILE_IDS, type ProfileId } from '../../../shared/bench/catalogue';
import { planRequest, taskOptions, useWizard } from '../wizard-store';
import { chosenRates, useSetup } from '../../setup-store';
import type { DriveRates } from '../../../shared/bench/estimates';

export function useBenchCatalogue(): { catalogue: BenchCatalogue | null; error: string | null } {
  const [catalogue, setCatalogue] = useState<BenchCatalogue | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api()
      .benchCatalogue({})
      .then(setCatalogue)
      .catch((e: unknown) => setError(errorText(e)));
  }, []);
  return { catalogue, error };
}

interface Plans {
  plans: Partial<Record<ProfileId, BenchPlan>>;
  /** bench.plan's one line for the chosen profile (its options refused, say). */
  planError: string | null;
  /**
   * True while the answer for the current choices (tests, sizes, repetitions, options) has not
   * arrived. A new estimate for the same choices, the drive's probed rates arriving, does not
   * count: it changes the times shown, never what Next checks, and Next going grey for a moment
   * as the probe ended swallowed a click made just then (the wizard stayed on Plan).
   */
  pending: boolean;
}

export function usePlans(targetDir: string | null): Plans {
  const w = useWizard();
  // The plans for one request key.
  const [planned, setPlanned] = useState<{
    key: string;
    choices: string;
    plans: Partial<Record<ProfileId, BenchPlan>>;
    error: string | null;
  } | null>(null);
  const { profile, tests, repetitions, sizes } = w;
  const optionsKey = JSON.stringify(taskOptions(w));
  // The folder's drive as probed when it was chosen: every estimate below is then the drive's.
  const rates = useSetup(chosenRates);
  const ratesKey = JSON.stringify(rates ?? null);
  const choices = JSON.stringify([targetDir, profile, tests, repetitions, sizes, optionsKey]);
  const key = JSON.stringify([choices, ratesKey]);
  const typed = JSON.stringify([w.tarball, w.apps]);
  const lastTyped = useRef(typed);
  useEffect(() => {
    let live = true;
    const dir = targetDir ?? undefined;
    const options = JSON.parse(optionsKey) as Record<string, Record<string, unknown>>;
    const probed = JSON.parse(ratesKey) as DriveRates | null;
    // Typing a path asks once it pauses, not on every key; clicks ask at once.
    const delay = lastTyped.current === typed ? 0 : 300;
    lastTyped.current = typed;
    const timer = setTimeout(() => {
      const ask = (id: ProfileId, withOptions: boolean) =>
        api().benchPlan({
          ...planRequest({ profile: id, tests, repetitions, sizes }),
          ...(dir ? { targetDir: dir } : {}),
          ...(dir && probed ? { rates: probed } : {}),
          ...(withOptions ? { options } : {}),
        });
      // Only the chosen profile is checked with the options; the others just show their time.
      // When the options are refused, the plan without them still shows the tests and fields.
      const chosenPlan = ask(profile, true).then(
        (plan) => ({ plan, error: null }),
        (e: unknown) => ask(profile, false).then((plan) => ({ plan, error: errorText(e) })),
      );
      const others = PROFILE_IDS.filter((id) => id !== profile).map((id) =>
        ask(id, false).then((plan) => [id, plan] as const),
      );
      Promise.all([chosenPlan, Promise.all(others)])
        .then(([mine, rest]) => {
          if (!live) return;
          setPlanned({
            key,
            choices,
            plans: { ...Object.fromEntries(rest), [profile]: mine.plan },
            error: mine.error,
          });
        })
        .catch((e: unknown) => {
          if (!live) return;
          setPlanned({ key, choices, plans: {}, error: errorText(e) });
        });
    }, delay);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [key, choices, typed, targetDir, profile, tests, repetitions, sizes, optionsKey, ratesKey]);
  return {
    plans: planned?.plans ?? {},
    planError: planned?.error ?? null,
    pending: planned?.choices !== choices,
  };
}
