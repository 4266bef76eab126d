// Presentational pieces of the verdict: each takes the Verdict object as props, so the Verdict
// step and the PDF report print the same thing.
import type { ReactNode } from 'react';
import type { Finding, Verdict } from '../../shared/verdict';
import { LEVEL_WORDS } from '../../shared/format';
import { timeAndMoney } from '../view-model/time-money';
import { notDrawnLine } from '../view-model/chart-groups';
import { ThemeHeadlines } from './ThemeHeadlines';
import { VerdictChart } from './VerdictChart';
import type { ChartSpec } from './verdict-charts';
import { MetricTable, TaskTable } from './VerdictTables';

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

export function ChartList({
  charts,
  controls,
  notDrawn = '',
}: {
  charts: ChartSpec[];
  controls?: ReactNode;
  /** The figures no chart draws (not compared), in one line. */
  notDrawn?: string;
}) {
  if (!charts.length) return null;
  return (
    <section aria-labelledby="vd-charts-title">
      <h3 id="vd-charts-title">Before and after</h3>
      {controls}
      {notDrawn && (
        <p className="muted" data-testid="verdict-not-drawn">
          {notDrawn}
        </p>
      )}
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
      <ChartList
        charts={charts}
        controls={chartControls}
        notDrawn={notDrawnLine(verdict.comparisons)}
      />
      <MetricTable comparisons={verdict.comparisons} />
    </div>
  );
}
