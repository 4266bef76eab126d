import { useEffect, useState } from 'react';
import type { BenchPlan } from '../../shared/contract/bench';
import type { Measurement, RunDocument, TestResult } from '../../shared/schemas/run';
import { api } from '../api/transport';
import { formatDuration, fmtNum, errorText } from '../../shared/format';
import { useSetup } from '../setup-store';
import { useApp } from '../store';
import { useVerdict } from '../verdict/verdict-store';
import { BaselinePicker } from './BaselinePicker';
import { ManualTimings } from './ManualTimings';
import { useBenchJob, type TestRow } from './use-bench-job';
import { planRequest, taskOptions, useWizard } from './wizard-store';
import './MeasureStep.css';

/** The one figure per test a person reads first: the drive's headline, not the first metric. */
const HEADLINE: Record<string, (m: Measurement) => boolean> = {
  bonnie: (m) => m.metric === 'random_seeks',
  iozone: (m) => m.metric === 'random_read' && m.params?.record_kb === 4,
  'qd-profile': (m) => m.metric === 'read_iops' && m.params?.pattern === 'rnd' && m.params.qd === 1,
  'dd-write': (m) => m.metric === 'throughput',
  seeker: (m) => m.metric === 'random_access_ms',
};

function headline(t: TestResult): string {
  if (t.status !== 'ok') return t.error ?? t.status;
  const pick = HEADLINE[t.testId];
  const m =
    t.measurements.find((x) => x.median !== null && (pick?.(x) ?? false)) ??
    t.measurements.find((x) => x.median !== null);
  if (!m) return 'no figures';
  const spread =
    m.min !== null && m.max !== null && m.min !== m.max
      ? ` (${fmtNum(m.min)}–${fmtNum(m.max)})`
      : '';
  return `${m.label ?? m.metric}: ${fmtNum(m.median)} ${m.unit}${spread}`;
}

function Row({
  title,
  row,
  result,
  running,
}: {
  title: string;
  row?: TestRow;
  result?: TestResult;
  running: boolean;
}) {
  const fraction = result ? 1 : (row?.fraction ?? 0);
  const status = result
    ? result.status
    : row
      ? row.fraction >= 1
        ? 'done'
        : 'running'
      : running
        ? 'waiting'
        : 'planned';
  return (
    <tr data-testid={`measure-row`} data-status={status}>
      <th scope="row">{title}</th>
      <td className="bar-cell">
        <progress max={1} value={fraction} aria-label={`${title} progress`} />
      </td>
      <td className="num">
        {result ? '' : row && row.fraction < 1 ? formatDuration(row.etaSeconds) : ''}
      </td>
      <td
        className={
          result?.status === 'failed' ? 'error-text' : result?.status === 'skipped' ? 'muted' : ''
        }
      >
        {result ? headline(result) : liveText(row, status)}
        {result?.caveats.length ? (
          <div className="muted small">{result.caveats.join(' · ')}</div>
        ) : null}
      </td>
    </tr>
  );
}

/**
 * What a running row says: its live value and what it is doing ("before sync (page cache)",
 * "creating 1×1024 files"), so no number is shown without saying what it is.
 */
function liveText(row: TestRow | undefined, status: string): string {
  if (!row) return status === 'waiting' ? 'waiting…' : '';
  const value = row.live ? `${fmtNum(row.live.value)} ${row.live.unit}` : null;
  const text = [value, row.message].filter(Boolean).join(' · ');
  return text || (status === 'running' ? 'working…' : '');
}

/** Runs the plan on the chosen directory and shows one row per test; used before and after the swap. */
export function MeasureStep({ label }: { label: 'before' | 'after' }) {
  const next = useApp((s) => s.next);
  const back = useApp((s) => s.back);
  const setupDir = useSetup((s) => s.targetDir);
  const w = useWizard();
  // After the swap the folder must be chosen anew: the before folder is on the old drive.
  const dir = label === 'after' ? w.afterDir : setupDir;
  const { state, start, cancel, reset } = useBenchJob();
  const [plan, setPlan] = useState<BenchPlan | null>(null);
  const [run, setRun] = useState<RunDocument | null>(null);
  const [error, setError] = useState<string | null>(null);
  const existingId = label === 'before' ? w.beforeRunId : w.afterRunId;

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
    const id = finished.resultRef;
    api()
      .runsGet({ id })
      .then((doc) => {
        setRun(doc);
        if (label === 'before') useWizard.getState().setBeforeRun(doc.id);
        else useWizard.getState().setAfterRun(doc.id);
      })
      .catch((e: unknown) => setError(errorText(e)));
  }, [finished, label]);

  useEffect(() => {
    if (!existingId || run || state.running) return;
    api()
      .runsGet({ id: existingId })
      .then(setRun)
      .catch(() => undefined);
  }, [existingId, run, state.running]);

  const canStart = !!dir && !!plan && !state.running && (label === 'before' || !!w.beforeRunId);
  const onStart = () => {
    setRun(null);
    setError(null);
    if (!dir) return;
    void start({
      targetDir: dir,
      ...planRequest({ profile, tests, repetitions, sizes }),
      label,
      usage: w.usage,
      options: taskOptions(w),
      ...(label === 'after' && w.beforeRunId ? { baselineId: w.beforeRunId } : {}),
    });
  };

  const results = new Map((run?.tests ?? []).map((t) => [t.testId, t]));
  const rows = plan?.tests ?? [];
  const done = !!run && !state.running;

  return (
    <section className="step measure" aria-labelledby="measure-title">
      <h2 id="measure-title">
        {label === 'before' ? 'Measure your current drive' : 'Measure the new drive'}
      </h2>
      {label === 'after' && <BaselinePicker />}
      <p className="muted">
        Directory: <code>{dir ?? 'none chosen'}</code> · profile {profile}
        {done && run.timing
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
      <table className="measure-table">
        <thead>
          <tr>
            <th scope="col">Test</th>
            <th scope="col">Progress</th>
            <th scope="col" className="num">
              ETA
            </th>
            <th scope="col">Result</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((t) => (
            <Row
              key={t.id}
              title={t.title}
              row={state.rows[t.id]}
              result={results.get(t.id)}
              running={state.running}
            />
          ))}
        </tbody>
      </table>
      <div aria-live="polite" className="measure-status" data-testid="measure-status">
        {state.running &&
          `Running… ${Math.round(state.overall * 100)}% · about ${formatDuration(state.overallEta)} left`}
        {state.finished?.status === 'cancelled' &&
          'Cancelled. Nothing was kept and the test files were removed.'}
        {state.finished?.status === 'failed' && (
          <span className="error-text">Run failed: {state.finished.error}</span>
        )}
        {done && `Done: saved to history as ${run.id}.`}
      </div>
      {done && (
        <ManualTimings
          runId={run.id}
          onAdded={() => {
            api()
              .runsGet({ id: run.id })
              .then(setRun)
              .catch(() => undefined);
          }}
        />
      )}
      <div className="actions">
        <button type="button" onClick={back} disabled={state.running}>
          Back
        </button>
        {state.running ? (
          <button type="button" onClick={() => void cancel()}>
            Cancel
          </button>
        ) : (
          <button
            type="button"
            onClick={onStart}
            disabled={!canStart}
            className={done ? '' : 'primary'}
          >
            {done || state.finished ? 'Run again' : 'Start measuring'}
          </button>
        )}
        <button
          type="button"
          className={done ? 'primary' : ''}
          disabled={!done}
          onClick={() => {
            reset();
            // The verdict compares this after-run with the baseline, for this person's usage.
            if (label === 'after' && w.beforeRunId && run) {
              useVerdict.getState().setPair(w.beforeRunId, run.id);
              useVerdict.getState().setUsage(w.usage);
            }
            next();
          }}
        >
          Next
        </button>
      </div>
    </section>
  );
}

export const MeasureBeforeStep = () => <MeasureStep label="before" />;
export const MeasureAfterStep = () => <MeasureStep label="after" />;
