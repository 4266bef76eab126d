// Appendix, first page: the new drive's set-up check (`drivewise health --run` or the wizard step),
// as stored in the after-run. One page: status, finding and fix per check; evidence stays in the app.
import type { HealthStatus } from '../../../shared/contract/health';
import type { RunDocument } from '../../../shared/schemas/run';
import { fmtDate } from '../../../shared/format';
import './SetupCheck.css';

const WORD: Record<HealthStatus, string> = {
  ok: 'OK',
  warn: 'Warning',
  fail: 'Fix',
  unknown: 'Unknown',
};
const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

export function SetupCheck({ run }: { run: RunDocument | null }) {
  const h = run?.health;
  if (!h) return null;
  const count = (s: HealthStatus) => h.checks.filter((c) => c.status === s).length;
  return (
    <section
      className="rp-appendix rp-setup"
      aria-labelledby="rp-setup-h"
      data-testid="report-setup-check"
    >
      <h2 id="rp-setup-h">Appendix: set-up check of the new drive</h2>
      <p className="rp-muted">
        {h.drive
          ? `${h.drive.model ?? h.drive.path} (${h.drive.path}, ${h.drive.kind})`
          : h.disks.join(', ')}{' '}
        — {h.path} on {h.device ?? '?'}, checked {fmtDate(h.checkedAt)}. {count('fail')} to fix,{' '}
        {count('warn')} warnings, {count('ok')} OK, {count('unknown')} unknown. Drivewise applies no
        fix itself; each fix below is for the reader to run.
      </p>
      <table className="rp-table rp-fixed rp-setup-table">
        <colgroup>
          <col style={{ width: '13%' }} />
          <col style={{ width: '24%' }} />
          <col style={{ width: '63%' }} />
        </colgroup>
        <thead>
          <tr>
            <th scope="col">Status</th>
            <th scope="col">Check</th>
            <th scope="col">Finding and fix</th>
          </tr>
        </thead>
        <tbody>
          {h.checks.map((c) => (
            <tr key={c.id} className={`rp-setup-${c.status}`}>
              <td>
                <span className={`rp-setup-badge rp-setup-badge-${c.status}`}>
                  {WORD[c.status]}
                </span>
              </td>
              <td>{c.title}</td>
              <td>
                {clip(c.summary, 260)}
                {c.fix && c.status !== 'ok' && (
                  <code className="rp-setup-fix">{clip(c.fix.text.split('\n')[0]!, 110)}</code>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
