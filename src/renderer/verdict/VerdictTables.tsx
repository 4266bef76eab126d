// The verdict's two tables, task by task and figure by figure: each name from shared/labels, each
// ratio and outcome in shared/format's one wording, rows with no figure named once below.
import type { MetricComparison, TaskSaving } from '../../shared/verdict';
import {
  fmtHours,
  fmtNum,
  fmtSavedEachTime,
  fmtShare,
  fmtSpeedup,
  fmtSpeedupRange,
  fmtSpread,
  formatSeconds,
  outcomeWord,
  outcomeWords,
  splitUntimed,
  untimedLine,
} from '../../shared/format';
import { figureLabel, testLabel } from '../../shared/labels';
import { forDisplay } from './verdict-format';
import { RepeatTaskTable } from './RepeatTaskTable';

/** `repeat`: one drive timed twice, so how far each task varied and nothing saved. */
export function TaskTable({ tasks, repeat = false }: { tasks: TaskSaving[]; repeat?: boolean }) {
  if (!tasks.length) return null;
  if (repeat) return <RepeatTaskTable tasks={tasks} />;
  return (
    <section aria-labelledby="vd-tasks-title">
      <h3 id="vd-tasks-title">Real-world tasks</h3>
      <div className="vd-scroll" tabIndex={0}>
        <table className="vd-table" data-testid="verdict-tasks">
          <thead>
            <tr>
              <th scope="col">Task</th>
              <th scope="col">How</th>
              <th scope="col">Before, s</th>
              <th scope="col">After, s</th>
              <th scope="col">Speed-up</th>
              <th scope="col">Saved each time</th>
              <th scope="col">Times a day</th>
              <th scope="col">Saved a day / a year</th>
              <th scope="col">Waiting for disk (before)</th>
            </tr>
          </thead>
          <tbody>
            {tasks.map((t) => (
              <tr key={t.key} data-basis={t.basis} data-key={t.key}>
                <th scope="row">
                  {t.title} <TaskTag testId={t.testId} />
                </th>
                <td title={t.note || undefined}>
                  {t.basis === 'measured' ? (
                    'measured'
                  ) : (
                    <span className="badge vd-badge-est">
                      {`${t.savedPerDay === null ? 'not estimated' : 'estimated'} (${t.side === 'before-only' ? 'timed before only' : 'timed after only'})`}
                    </span>
                  )}
                </td>
                <td>{fmtSpread(t.beforeSeconds)}</td>
                <td>{fmtSpread(t.afterSeconds)}</td>
                <td data-outcome={outcomeWord(t.outcome, t.excluded)}>
                  {outcomeWords(t.outcome, t.speedup, t.excluded)}
                </td>
                <td>{fmtSavedEachTime(t)}</td>
                <td>{fmtNum(t.occurrencesPerDay)}</td>
                <td>
                  {t.savedPerDay === null ? '—' : formatSeconds(t.savedPerDay)} /{' '}
                  {t.savedPerYearHours === null ? '—' : fmtHours(t.savedPerYearHours)}
                </td>
                <td>{fmtShare(t.ioWaitShareBefore)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** A task's tool, shown small beside its name as on the PDF's ("du", "tar"). */
function TaskTag({ testId }: { testId: string }) {
  const tag = testId === 'task.stopwatch' ? null : testLabel(testId).tag;
  return tag ? <span className="dw-tag">{tag}</span> : null;
}

export function MetricTable({ comparisons: all }: { comparisons: MetricComparison[] }) {
  const { shown: comparisons, untimed } = splitUntimed(all, (c) => [c.before, c.after]);
  if (!all.length) return null;
  return (
    <section aria-labelledby="vd-metrics-title">
      <h3 id="vd-metrics-title">Every measurement</h3>
      <p className="muted">
        Median of the repetitions with min–max in brackets; speed-up with the range the spreads
        allow.
      </p>
      <div className="vd-scroll" tabIndex={0}>
        <table className="vd-table" data-testid="verdict-metrics">
          <thead>
            <tr>
              <th scope="col">Measurement</th>
              <th scope="col">Unit</th>
              <th scope="col">Before</th>
              <th scope="col">After</th>
              <th scope="col">Speed-up</th>
              <th scope="col">Outcome</th>
            </tr>
          </thead>
          <tbody>
            {comparisons.map(forDisplay).map((c) => (
              <tr key={c.key} className={`vd-out-${c.outcome}`} data-key={c.key}>
                <th scope="row">
                  {figureLabel(c.testId, c).label}{' '}
                  <span className="dw-tag">{figureLabel(c.testId, c).tag}</span>
                  <div className="muted vd-test">{testLabel(c.testId, c.testTitle).label}</div>
                </th>
                <td>{c.unit}</td>
                <td>{fmtSpread(c.before)}</td>
                <td>{fmtSpread(c.after)}</td>
                <td>
                  {fmtSpeedup(c.speedup, c.outcome)}
                  {c.speedupRange && (
                    <span className="muted vd-range">
                      {fmtSpeedupRange(c.speedupRange, c.outcome)}
                    </span>
                  )}
                </td>
                <td title={c.why} data-outcome={outcomeWord(c.outcome, c.excluded)}>
                  {outcomeWord(c.outcome, c.excluded)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {untimed.length > 0 && (
        <p className="muted" data-testid="verdict-untimed">
          {untimedLine(untimed.map((c) => figureLabel(c.testId, c).label))}
        </p>
      )}
    </section>
  );
}
