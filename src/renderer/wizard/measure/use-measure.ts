// The Measure step's data: the plan for the chosen folder, the job that runs it and the run it
// saved (or the one saved earlier, when the person comes back to this step).
import { useEffect, useState } from 'react';
import type { BenchPlan } from '../../../shared/contract/bench';
import type { RunDocument } from '../../../shared/schemas/run';
import { errorText } from '../../../shared/format';
import { api } from '../../api/transport';
import { useSetup } from '../../setup-store';
import { useBenchJob } from '../use-bench-job';
import { planRequest, taskOptions, useWizard } from '../wizard-store';

export function useMeasure(label: 'before' | 'after') {
  const setupDir = useSetup((s) => s.targetDir);
  const w = useWizard();
  // After the swap the folder must be chosen anew: the before folder is on the old drive.
  const dir = label === 'after' ? w.afterDir : setupDir;
  const job = useBenchJob();
  const { state } = job;
  const [plan, setPlan] = useState<BenchPlan | null>(null);
  const [run, setRun] = useState<RunDocument | null>(null);
  const [error, setError] = useState<string | null>(null);
  const existingId = label === 'before' ? w.beforeRunId : w.afterRunId;
  const setRunId = label === 'before' ? w.setBeforeRun : w.setAfterRun;

  const { profile, tests, repetitions, sizes } = w;
  useEffect(() => {
    if (!dir) return;
    api()
      .benchPlan({ ...planRequest({ profile, tests, repetitions, sizes }), targetDir: dir })
      .then(setPlan)
      .catch((e: unknown) => setError(errorText(e)));
  }, [dir, profile, tests, repetitions, sizes]);

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
      ...planRequest({ profile, tests, repetitions, sizes }),
      label,
      usage: w.usage,
      options: taskOptions(w),
      ...(label === 'after' && w.beforeRunId ? { baselineId: w.beforeRunId } : {}),
    });
  };
  return { dir, plan, run, error, job, canStart, start, reload, done: !!run && !state.running };
}
