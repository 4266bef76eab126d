import { useApp } from '../store';
import { AdminUses, WithoutAdmin } from './admin/AdminText';
import { ADMIN_BADGES } from './admin/badges';
import { usePrivileged } from './admin/use-privileged';
import './AdminStep.css';

/** Step 4: ask once for admin rights, say exactly what they are for, and let people go on without. */
export function AdminStep() {
  const next = useApp((s) => s.next);
  const back = useApp((s) => s.back);
  const { status, error, request, release } = usePrivileged();
  const state = status?.state ?? 'not-asked';
  const granted = state === 'granted';
  const asking = state === 'asking';
  const badge = ADMIN_BADGES[state];
  const askedBefore = state === 'declined' || state === 'failed';

  return (
    <section aria-labelledby="admin-title" className="step admin-step">
      <h2 id="admin-title">Admin rights for this session</h2>
      <p className="lead">
        A few measurements need administrator (root) rights. Drivewise asks once, with your
        system&rsquo;s own password dialog, and only for as long as the app is open.
      </p>

      <AdminUses />

      <div className={`admin-status ${badge.tone}`} role="status" aria-live="polite">
        <span className={`badge ${badge.tone}`}>{badge.text}</span>
        {status && <span className="admin-reason">{status.reason}</span>}
      </div>
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}

      {status && !granted && state !== 'not-asked' && !asking && <WithoutAdmin />}

      <div className="actions">
        <button type="button" onClick={back}>
          Back
        </button>
        {granted ? (
          <button type="button" onClick={release}>
            Give admin rights back
          </button>
        ) : (
          <button
            type="button"
            className={askedBefore ? undefined : 'primary'}
            disabled={asking || !status || !status.canAsk}
            onClick={() => request(askedBefore)}
          >
            {askedBefore ? 'Ask again' : 'Grant admin rights'}
          </button>
        )}
        <button
          type="button"
          className={granted || askedBefore || state === 'unavailable' ? 'primary' : undefined}
          disabled={asking}
          onClick={next}
        >
          {granted ? 'Continue' : 'Continue without'}
        </button>
      </div>
    </section>
  );
}
