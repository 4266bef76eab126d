// Presentational pieces of the verdict: each takes the Verdict object as props, so the Verdict
// step and the PDF report print the same thing.
import type { ReactNode } from 'react';
import type { Finding, MetricComparison, TaskSaving, Verdict } from '../../shared/verdict';
import {
  fmtHours,
  fmtNum,
  fmtRange,
  fmtRatio,
  fmtShare,
  fmtSpread,
  formatSeconds,
  LEVEL_WORDS,
  outcomeWord,
} from '../../shared/format';
import { figureLabel } from '../../shared/labels';
import { forDisplay } from './verdict-format';
import { timeAndMoney } from '../view-model/time-money';
import { RepeatTaskTable } from './RepeatTaskTable';
import { ThemeHeadlines } from './ThemeHeadlines';
import { VerdictChart } from './VerdictChart';
import type { ChartSpec } from './verdict-charts';

export function VerdictHeadline({ verdict }: { verdict: Verdict }) {
  const r = verdict.recommendation;
  return (
    <section
      className={`vd-headline vd-${r.level}`}
      aria-labelledby="vd-headline-title"
      data-level={LEVEL_WORDS[r.level]}
    >
      <h2 id="vd-headline-title" data-testid="verdict-headline">
        {r.headline}
      </h2>
      <p className="muted">
        {verdict.beforeName} → {verdict.afterName}
      </p>
      {/* The same drive says so in its reasons; other pairs name the facts that identified them. */}
      {r.level !== 'same-drive' && (
        <p className="muted small" data-testid="verdict-identity">
          {verdict.identity.facts}
        </p>
      )}
      {r.reasons.length > 0 && (
        <ul className="vd-reasons">
          {r.reasons.map((x) => (
            <li key={x}>{x}</li>
          ))}
        </ul>
      )}
      <p className="muted small" data-testid="verdict-noise">
        {verdict.text.noise}
        {verdict.text.tasks ? ` ${verdict.text.tasks}.` : ''}
      </p>
    </section>
  );
}

const BASIS_WORDS: Record<Verdict['totals']['basis'], string> = {
  measured: 'measured: tasks timed on both drives',
  estimated: 'estimated from the drive figures (tasks timed on one drive only)',
  mixed: 'part measured, part estimated',
  none: 'no task you wait for was timed',
};

export function TimeAndMoney({ verdict }: { verdict: Verdict }) {
  const { totals, money } = verdict;
  const f = timeAndMoney(totals, money);
  return (
    <section className="vd-cards" aria-label="Time and money">
      <div className="vd-card" data-testid="verdict-time-day" data-basis={totals.basis}>
        <span className="vd-card-label">Time saved per day</span>
        <strong className="vd-card-value">
          {f.perDay ?? 'Not known'}
          {totals.basis === 'estimated' && <span className="badge vd-badge-est">estimated</span>}
        </strong>
        <span className="muted">{verdict.text.timeSaved}</span>
      </div>
      <div className="vd-card">
        <span className="vd-card-label">Time saved per year</span>
        <strong className="vd-card-value">{f.perYear}</strong>
        <span className="muted">{BASIS_WORDS[totals.basis]}</span>
      </div>
      <div className="vd-card">
        <span className="vd-card-label">Price per GB, old → new</span>
        <strong className="vd-card-value">{f.perGB}</strong>
      </div>
      <div className="vd-card">
        <span className="vd-card-label">Price per hour saved (first year)</span>
        <strong className="vd-card-value">{f.perHourSaved}</strong>
        <span className="muted">{money.note}</span>
      </div>
    </section>
  );
}

const SEVERITY_WORDS: Record<Finding['severity'], string> = {
  bad: 'Problem',
  warn: 'Check',
  good: 'Win',
  info: 'Note',
};

export function FindingsList({ findings }: { findings: Finding[] }) {
  if (!findings.length) return null;
  return (
    <section aria-labelledby="vd-findings-title">
      <h3 id="vd-findings-title">Findings</h3>
      <ol className="vd-findings" data-testid="verdict-findings">
        {findings.map((f, i) => (
          <li key={`${f.kind}-${i}`} className={`vd-finding vd-sev-${f.severity}`}>
            <span className={`badge vd-badge-${f.severity}`}>{SEVERITY_WORDS[f.severity]}</span>
            <div>
              <strong>{f.title}</strong>
              <p>{f.detail}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

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
              <tr key={t.key} data-basis={t.basis}>
                <th scope="row">{t.title}</th>
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
                <td>
                  {t.outcome === 'no-difference' ? outcomeWord(t.outcome) : fmtRatio(t.speedup)}
                </td>
                <td>{t.savedPerOccurrence === null ? '—' : formatSeconds(t.savedPerOccurrence)}</td>
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

export function MetricTable({ comparisons }: { comparisons: MetricComparison[] }) {
  if (!comparisons.length) return null;
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
                  <div className="muted vd-test">{c.testTitle}</div>
                </th>
                <td>{c.unit}</td>
                <td>{fmtSpread(c.before)}</td>
                <td>{fmtSpread(c.after)}</td>
                <td>
                  {fmtRatio(c.speedup)}
                  {c.speedupRange && (
                    <span className="muted vd-range">{fmtRange(c.speedupRange)}</span>
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
    </section>
  );
}

export function ChartList({ charts, controls }: { charts: ChartSpec[]; controls?: ReactNode }) {
  if (!charts.length) return null;
  return (
    <section aria-labelledby="vd-charts-title">
      <h3 id="vd-charts-title">Before and after</h3>
      {controls}
      <div className="vd-charts">
        {charts.map((spec) => (
          <VerdictChart key={spec.id} spec={spec} />
        ))}
      </div>
    </section>
  );
}

/** The whole verdict, in reading order: answer, time and money, why, the figures. */
export function VerdictReport({
  verdict,
  charts,
  chartControls,
}: {
  verdict: Verdict;
  charts: ChartSpec[];
  /** Interactive extras above the charts (the reference picker); the PDF leaves them out. */
  chartControls?: ReactNode;
}) {
  // One drive measured twice saves no time and costs nothing: no time-and-money cards.
  const repeat = verdict.recommendation.level === 'same-drive';
  return (
    <div className="vd-report">
      <VerdictHeadline verdict={verdict} />
      {!repeat && <TimeAndMoney verdict={verdict} />}
      <ThemeHeadlines verdict={verdict} />
      <FindingsList findings={verdict.findings} />
      <TaskTable tasks={verdict.tasks} repeat={repeat} />
      <ChartList charts={charts} controls={chartControls} />
      <MetricTable comparisons={verdict.comparisons} />
    </div>
  );
}
