// Page one: the recommendation and its reasons, time and money, the ranked findings.
import { formatSeconds, type Verdict } from '../../../shared/verdict';
import { fmtMoney } from '../format';

const LEVEL_WORDS = {
  'worth-it': 'Worth it',
  marginal: 'Marginal',
  'not-worth-it': 'Not worth it',
  undecided: 'Undecided',
} as const;

export function Headline({ verdict }: { verdict: Verdict }) {
  const r = verdict.recommendation;
  return (
    <section className={`rp-verdict rp-level-${r.level}`} aria-labelledby="rp-verdict-h">
      <p className="rp-kicker">Recommendation: {LEVEL_WORDS[r.level]}</p>
      <h2 id="rp-verdict-h" data-testid="report-headline">
        {r.headline}
      </h2>
      {r.reasons.length > 0 && (
        <ul className="rp-reasons">
          {r.reasons.map((x) => (
            <li key={x}>{x}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function TimeAndMoney({ verdict }: { verdict: Verdict }) {
  const { totals, money } = verdict;
  const perDay = totals.savedPerDaySeconds;
  return (
    <section className="rp-keep" aria-labelledby="rp-time-h">
      <h2 id="rp-time-h">Time and money</h2>
      <div className="rp-figures">
        <div className="rp-figure">
          <span className="rp-figure-value">{perDay > 0 ? formatSeconds(perDay) : '—'}</span>
          <span className="rp-figure-label">saved per day</span>
        </div>
        <div className="rp-figure">
          <span className="rp-figure-value">
            {totals.savedPerYearHours > 0 ? `${totals.savedPerYearHours.toFixed(1)} h` : '—'}
          </span>
          <span className="rp-figure-label">saved per year</span>
        </div>
        <div className="rp-figure">
          <span className="rp-figure-value">
            {fmtMoney(money.oldPerGB, money.currency)} → {fmtMoney(money.newPerGB, money.currency)}
          </span>
          <span className="rp-figure-label">price per GB, old → new</span>
        </div>
        <div className="rp-figure">
          <span className="rp-figure-value">
            {fmtMoney(money.pricePerHourSaved, money.currency)}
          </span>
          <span className="rp-figure-label">per hour saved (first year)</span>
        </div>
      </div>
      <p className="rp-muted">
        {perDay > 0
          ? 'From the real-world tasks below and how often they happen in your usage profile. '
          : 'No real-world task got measurably faster, so no time saved is claimed. '}
        {money.note}
      </p>
    </section>
  );
}

export function Findings({ verdict }: { verdict: Verdict }) {
  if (!verdict.findings.length) return null;
  return (
    <section aria-labelledby="rp-findings-h">
      <h2 id="rp-findings-h">Findings</h2>
      <ol className="rp-findings">
        {verdict.findings.map((f, i) => (
          <li key={`${f.kind}-${i}`} className={`rp-finding rp-sev-${f.severity}`}>
            <strong>{f.title}</strong>
            {f.detail && <span className="rp-finding-detail"> {f.detail}</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}
