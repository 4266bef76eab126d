// The Measure step's data: the plan for the chosen folder, the job that runs it and the run it
// saved (or the one saved earlier, when the person comes back to this step).
import { useEffect, useState } from 'react';
import type { BenchPlan } from '../../../shared/contract/bench';
import type { RunDocument } from '../../../shared/schemas/run';
import { errorText } from '../../../shared/format';
import { api } from '../../api/transport';
import { chosenRates, useSetup } from '../../setup-store';
import type { DriveRates } from '../../../shared/bench/estimates';
import { useBenchJob } from '../use-bench-job';
import { planRequest, taskOptions, useWizard } from '../wizard-store';
import { planOfRun, type RepeatedPlan } from '../../../shared/bench/repeat-plan';

/** The plan of a measured baseline (null until it is loaded, or when it has none to repeat). */
function useBaselinePlan(beforeId: string | null): RepeatedPlan | null {
  const [doc, setDoc] = useState<RunDocument | null>(null);
  useEffect(() => {
    if (!beforeId) return;
    api()
      .runsGet({ id: beforeId })
      .then(setDoc)
      .catch(() => setDoc(null));
  }, [beforeId]);
  return doc && doc.id === beforeId ? planOfRun(doc) : null;
}

/** bench.plan's answer for the run's plan in `dir` (at the probed rates when there are some). */
function usePlanIn(
  dir: string | null,
  ask: ReturnType<typeof planRequest>,
  rates: DriveRates | undefined,
  onError: (e: string) => void,
): BenchPlan | null {
  const [plan, setPlan] = useState<BenchPlan | null>(null);
  const key = JSON.stringify([ask, rates ?? null]);
  useEffect(() => {
    if (!dir) return;
    const [r, probed] = JSON.parse(key) as [typeof ask, DriveRates | null];
    api()
      .benchPlan({ ...r, targetDir: dir, ...(probed ? { rates: probed } : {}) })
      .then(setPlan)
      .catch((e: unknown) => onError(errorText(e)));
  }, [dir, key, onError]);
  return plan;
}

export function useMeasure(label: 'before' | 'after') {
  const setupDir = useSetup((s) => s.targetDir);
  const w = useWizard();
  // After the swap the folder must be chosen anew: the before folder is on the old drive.
  const dir = label === 'after' ? w.afterDir : setupDir;
  const job = useBenchJob();
  const { state } = job;
  const [run, setRun] = useState<RunDocument | null>(null);
  const [error, setError] = useState<string | null>(null);
  const existingId = label === 'before' ? w.beforeRunId : w.afterRunId;
  const setRunId = label === 'before' ? w.setBeforeRun : w.setAfterRun;

  const baseline = useBaselinePlan(label === 'after' ? w.beforeRunId : null);
  const { profile, tests, repetitions, sizes } = w;
  // After the swap the baseline's own plan runs again (its sizes and task choices), so the two
  // runs compare like with like whatever the Plan step shows now.
  const request = baseline ?? {
    plan: planRequest({ profile, tests, repetitions, sizes }),
    options: taskOptions(w),
  };
  // Before the swap the Drive step probed this folder: the same estimate as the Plan step's.
  const rates = useSetup((s) => (label === 'before' ? chosenRates(s) : undefined));
  const plan = usePlanIn(dir, request.plan, rates, setError);

  // A finished job names its run; load it to show each test's outcome in its row.
  const finished = state.finished;
  useEffect(() => {
    if (finished?.status !== 'done' || !finished.resultRef) return;
    api()
      .runsGet({ id: finished.resultRef })
      .then((doc) => {
        setRun(doc);
        setRunId(doc.id);
      })
      .catch((e: unknown) => setError(errorText(e)));
  }, [finished, setRunId]);

  useEffect(() => {
    if (!existingId || run || state.running) return;
    api()
      .runsGet({ id: existingId })
      .then(setRun)
      .catch(() => undefined);
  }, [existingId, run, state.running]);

  /** Reloads the run (stopwatch timings were added to it). */
  const reload = (id: string) =>
    api()
      .runsGet({ id })
      .then(setRun)
      .catch(() => undefined);

  const canStart = !!dir && !!plan && !state.running && (label === 'before' || !!w.beforeRunId);
  const start = () => {
    setRun(null);
    setError(null);
    if (!dir) return;
    void job.start({
      targetDir: dir,
      ...request.plan,
      label,
      usage: w.usage,
      options: request.options,
      ...(label === 'after' && w.beforeRunId ? { baselineId: w.beforeRunId } : {}),
      ...(label === 'after' && w.sameDrive ? { sameDrive: true } : {}),
    });
  };
  // The plan asked for the folder ("Measure again" judges the new drive's folder with it).
  const ask = { ...request.plan, options: request.options };
  const done = !!run && !state.running;
  return { dir, plan, run, error, job, canStart, start, reload, done, ask };
}
