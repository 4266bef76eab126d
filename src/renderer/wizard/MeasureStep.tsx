// The Measure step, before and after the swap: runs the plan on the chosen folder (useMeasure)
// and shows one row per test.
import { useState } from 'react';
import { formatDuration } from '../../shared/format';
import { useApp } from '../store';
import { compareInVerdict } from '../verdict/verdict-store';
import { BaselinePicker } from './BaselinePicker';
import { ManualTimings } from './ManualTimings';
import { MeasureTable } from './measure/MeasureTable';
import { RepeatBusy } from './measure/RepeatBusy';
import { useMeasure } from './measure/use-measure';
import type { BenchJobState } from './use-bench-job';
import { useWizard } from './wizard-store';
import './MeasureStep.css';

function MeasureStatus({ state, savedAs }: { state: BenchJobState; savedAs: string | null }) {
  return (
    <div aria-live="polite" className="measure-status" data-testid="measure-status">
      {state.running &&
        `Running… ${Math.round(state.overall * 100)}% · about ${formatDuration(state.overallEta)} left`}
      {state.finished?.status === 'cancelled' &&
        'Cancelled. Nothing was kept and the test files were removed.'}
      {state.finished?.status === 'failed' && (
        <span className="error-text">Run failed: {state.finished.error}</span>
      )}
      {/* A later run that is running, cancelled or failed is the news: an earlier run's "Done"
          line beside it read "Cancelled. … Done: saved to history as …" as one sentence. */}
      {savedAs &&
        !state.running &&
        (!state.finished || state.finished.status === 'done') &&
        `Done: saved to history as ${savedAs}.`}
    </div>
  );
}

/** Runs the plan on the chosen directory and shows one row per test; used before and after the swap. */
export function MeasureStep({ label }: { label: 'before' | 'after' }) {
  const next = useApp((s) => s.next);
  const back = useApp((s) => s.back);
  const w = useWizard();
  const { dir, plan, run, error, job, canStart, start, reload, done, ask } = useMeasure(label);
  const { state } = job;
  // The tests a repeat of the busy phases runs again: their rows follow its progress.
  const [repeating, setRepeating] = useState<string[]>([]);
  const repeatBusy = (ids: string[]) => {
    if (!run) return;
    setRepeating(ids);
    void job.repeat(run.id);
  };
  const onNext = () => {
    job.reset();
    // The verdict compares this after-run with the baseline, for this person's usage.
    if (label === 'after' && w.beforeRunId && run) compareInVerdict(w.beforeRunId, run.id, w.usage);
    next();
  };

  return (
    <section className="step measure" aria-labelledby="measure-title">
      <h2 id="measure-title">
        {label === 'before' ? 'Measure your current drive' : 'Measure the new drive'}
      </h2>
      {label === 'after' && <BaselinePicker ask={ask} />}
      <p className="muted">
        Directory: <code>{dir ?? 'none chosen'}</code> · profile {w.profile}
        {done && run?.timing
          ? ` · took ${formatDuration(run.timing.actualSeconds)} (estimated ${formatDuration(run.timing.estimateSeconds)})`
          : plan
            ? ` · about ${formatDuration(plan.totalSeconds)}`
            : ''}
      </p>
      {(error ?? state.error) && (
        <p role="alert" className="error-text">
          {error ?? state.error}
        </p>
      )}
      <MeasureTable
        plan={plan}
        run={run}
        state={state}
        repeating={state.running ? repeating : []}
      />
      <MeasureStatus state={state} savedAs={done && run ? run.id : null} />
      {done && run && <RepeatBusy run={run} disabled={state.running} onRepeat={repeatBusy} />}
      {done && run && <ManualTimings runId={run.id} onAdded={() => void reload(run.id)} />}
      <div className="actions">
        <button type="button" onClick={back} disabled={state.running}>
          Back
        </button>
        {state.running ? (
          <button type="button" onClick={() => void job.cancel()}>
            Cancel
          </button>
        ) : (
          <button
            type="button"
            onClick={() => {
              setRepeating([]);
              start();
            }}
            disabled={!canStart}
            className={done ? '' : 'primary'}
          >
            {done || state.finished ? 'Run again' : 'Start measuring'}
          </button>
        )}
        <button type="button" className={done ? 'primary' : ''} disabled={!done} onClick={onNext}>
          Next
        </button>
      </div>
    </section>
  );
}

export const MeasureBeforeStep = () => <MeasureStep label="before" />;
export const MeasureAfterStep = () => <MeasureStep label="after" />;
