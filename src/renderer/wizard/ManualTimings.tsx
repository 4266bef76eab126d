import { useState } from 'react';
import { LoginTiming } from './manual/LoginTiming';
import { StopwatchForm } from './manual/StopwatchForm';

/** Timings no benchmark can take: login-to-desktop across a re-login, and a stopwatch for the rest. */
export function ManualTimings({ runId, onAdded }: { runId: string; onAdded: () => void }) {
  const [error, setError] = useState<string | null>(null);
  return (
    <details className="manual-timings">
      <summary>
        Add timings you take yourself: boot, login to desktop, app start (type the seconds)
      </summary>
      <LoginTiming runId={runId} onError={setError} />
      <StopwatchForm runId={runId} onAdded={onAdded} onError={setError} />
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
    </details>
  );
}
