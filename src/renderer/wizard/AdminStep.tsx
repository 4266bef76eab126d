import { useEffect, useState } from 'react';
import type { PrivilegedStatus } from '../../shared/contract/privileged';
import { api } from '../api/transport';
import { useApp } from '../store';
import './AdminStep.css';
import { errorText } from '../../shared/format';

const BADGES: Record<PrivilegedStatus['state'], { text: string; tone: string }> = {
  'not-asked': { text: 'Not asked yet', tone: '' },
  asking: { text: 'Waiting for the password dialog…', tone: 'warn' },
  granted: { text: 'Granted for this session', tone: 'ok' },
  declined: { text: 'Declined', tone: 'warn' },
  unavailable: { text: 'Not available on this system', tone: 'bad' },
  failed: { text: 'Stopped', tone: 'bad' },
};

/** Step 4: ask once for admin rights, say exactly what they are for, and let people go on without. */
export function AdminStep() {
  const next = useApp((s) => s.next);
  const back = useApp((s) => s.back);
  const [status, setStatus] = useState<PrivilegedStatus | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const off = api().on('privileged.changed', setStatus);
    api()
      .privilegedStatus({})
      .then(setStatus)
      .catch((e: unknown) => setError(errorText(e)));
    return off;
  }, []);

  const run = (p: Promise<PrivilegedStatus>) => {
    setError(null);
    p.then(setStatus).catch((e: unknown) => setError(errorText(e)));
  };
  const state = status?.state ?? 'not-asked';
  const granted = state === 'granted';
  const asking = state === 'asking';
  const badge = BADGES[state];
  const askedBefore = state === 'declined' || state === 'failed';

  return (
    <section aria-labelledby="admin-title" className="step admin-step">
      <h2 id="admin-title">Admin rights for this session</h2>
      <p className="lead">
        A few measurements need administrator (root) rights. Drivewise asks once, with your
        system&rsquo;s own password dialog, and only for as long as the app is open.
      </p>

      <h3>What they are used for — nothing else</h3>
      <ul className="admin-uses">
        <li>
          <strong>Empty the file cache</strong> before timed tasks, so a result shows your drive and
          not your memory.
        </li>
        <li>
          <strong>Read the drive directly</strong> for the classic <code>hdparm</code> and{' '}
          <code>seeker</code> tests. Read only: nothing is ever written to a drive.
        </li>
        <li>
          <strong>Identify the drive</strong>: model, rotation speed, the link it supports and its
          health (<code>smartctl</code>, <code>hdparm -I</code>).
        </li>
        <li>
          <strong>Read the system journal</strong> for boot, sleep and hibernation timings.
        </li>
      </ul>
      <p className="muted small">
        A small helper does these four things and cannot do anything else. It talks only to this
        window, and stops when you close Drivewise or after 30 minutes without use.
      </p>

      <div className={`admin-status ${badge.tone}`} role="status" aria-live="polite">
        <span className={`badge ${badge.tone}`}>{badge.text}</span>
        {status && <span className="admin-reason">{status.reason}</span>}
      </div>
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}

      {status && !granted && state !== 'not-asked' && !asking && (
        <div className="admin-without">
          <p>
            <strong>Without admin rights</strong> the measurement still runs:
          </p>
          <ul>
            <li>the raw-drive tests read a test file instead (marked on each result);</li>
            <li>timed tasks run with a warm cache and are marked as such;</li>
            <li>drive facts come from the system only (no rotation speed or health).</li>
          </ul>
        </div>
      )}

      <div className="actions">
        <button type="button" onClick={back}>
          Back
        </button>
        {granted ? (
          <button type="button" onClick={() => run(api().privilegedRelease({}))}>
            Give admin rights back
          </button>
        ) : (
          <button
            type="button"
            className={askedBefore ? undefined : 'primary'}
            disabled={asking || !status || !status.canAsk}
            onClick={() => run(api().privilegedRequest(askedBefore ? { again: true } : {}))}
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
