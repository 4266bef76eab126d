// One row per planned test: progress and ETA while it runs, its headline figure once done.
import { busyLine } from '../../../shared/verdict/conditions';
import type { BenchPlan } from '../../../shared/contract/bench';
import type { Measurement, RunDocument, TestResult } from '../../../shared/schemas/run';
import { fmtFigure, fmtFigureSpread, formatDuration } from '../../../shared/format';
import { measurementLabel } from '../../../shared/labels';
import type { BenchJobState, TestRow } from '../use-bench-job';

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
  // The person's words for the figure (never the metric key) and the one unit rule.
  return `${measurementLabel(t, m).label}: ${fmtFigureSpread(m, m.unit)}`;
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
  const busy = result?.conditions ? busyLine(result.conditions) : null;
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
        {/* Only while the run goes: a cancel left one row's ETA standing. */}
        {result || !running ? '' : row && row.fraction < 1 ? formatDuration(row.etaSeconds) : ''}
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
        {busy && (
          <div className="warn-text small" data-testid="measure-busy">
            {busy}: not compared in the verdict; run it again on a quiet machine
          </div>
        )}
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
  const value = row.live ? fmtFigure(row.live.value, row.live.unit) : null;
  const text = [value, row.message].filter(Boolean).join(' · ');
  return text || (status === 'running' ? 'working…' : '');
}

export function MeasureTable({
  plan,
  run,
  state,
  repeating = [],
}: {
  plan: BenchPlan | null;
  run: RunDocument | null;
  state: BenchJobState;
  /** Tests being run again (their busy phases): their rows follow the new progress. */
  repeating?: string[];
}) {
  const results = new Map(
    (run?.tests ?? []).filter((t) => !repeating.includes(t.testId)).map((t) => [t.testId, t]),
  );
  return (
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
        {(plan?.tests ?? []).map((t) => (
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
  );
}
