// One set-up check: the checks grouped by area, each with its status, what was read, and the fix.
import {
  HEALTH_AREA_TITLES,
  type HealthArea,
  type HealthCheck,
  type HealthReport,
  type HealthStatus,
} from '../../shared/contract/health';
import { CopyButton } from './CopyButton';
import './health.css';

const WORD: Record<HealthStatus, string> = {
  ok: 'OK',
  warn: 'Warning',
  fail: 'Fix this',
  unknown: 'Unknown',
};

export function StatusBadge({ status }: { status: HealthStatus }) {
  return <span className={`hc-badge hc-${status}`}>{WORD[status]}</span>;
}

function Check({ c }: { c: HealthCheck }) {
  return (
    <li className={`hc-check hc-check-${c.status}`} data-check={c.id} data-status={c.status}>
      <div className="hc-head">
        <StatusBadge status={c.status} />
        <strong>{c.title}</strong>
      </div>
      <p className="hc-summary">{c.summary}</p>
      {c.evidence.length > 0 && (
        <details className="hc-evidence" open={c.status !== 'ok'}>
          <summary>What was read ({c.evidence.length})</summary>
          <ul>
            {c.evidence.map((e, i) => (
              <li key={i}>
                <code>{e.source}</code>: <span>{e.value}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
      {c.fix && (
        <div className="hc-fix">
          <div className="hc-fix-head">
            <span>{c.fix.kind === 'command' ? 'Command to run' : 'Edit'}</span>
            <CopyButton text={c.fix.text} label={`Copy the fix for: ${c.title}`} />
          </div>
          <pre>
            <code>{c.fix.text}</code>
          </pre>
          {c.fix.note && <p className="muted">{c.fix.note}</p>}
        </div>
      )}
    </li>
  );
}

export function HealthResults({ report }: { report: HealthReport }) {
  const areas = [...new Set(report.checks.map((c) => c.area))] as HealthArea[];
  const count = (s: HealthStatus) => report.checks.filter((c) => c.status === s).length;
  return (
    <div className="hc-results" data-testid="health-results">
      <p className="hc-target">
        {report.drive ? (
          <>
            <strong>{report.drive.model ?? report.drive.path}</strong> ({report.drive.path},{' '}
            {report.drive.kind})
          </>
        ) : (
          <strong>{report.disks.join(', ') || 'unknown disk'}</strong>
        )}{' '}
        — {report.path} on {report.device ?? '?'} · checked{' '}
        {new Date(report.checkedAt).toLocaleString()}
      </p>
      <p className="hc-counts" aria-live="polite">
        {count('fail')} to fix · {count('warn')} warnings · {count('ok')} OK · {count('unknown')}{' '}
        unknown. Drivewise never applies a fix itself: copy it, read it, run it yourself.
      </p>
      {report.notes.map((n) => (
        <p key={n} className="muted">
          {n}
        </p>
      ))}
      {areas.map((a) => (
        <section key={a} className="hc-area" aria-label={HEALTH_AREA_TITLES[a]}>
          <h3>{HEALTH_AREA_TITLES[a]}</h3>
          <ul className="hc-list">
            {report.checks
              .filter((c) => c.area === a)
              .map((c) => (
                <Check key={c.id} c={c} />
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
