// Wizard step after the Verdict: "Check the new drive's set-up". The result goes into the after-run.
import { useEffect, useRef, useState } from 'react';
import { useApp } from '../store';
import { useVerdict } from '../verdict/verdict-store';
import { useWizard } from '../wizard/wizard-store';
import { HealthResults } from './HealthResults';
import { useHealthCheck } from './use-health-check';

export function HealthStep() {
  const back = useApp((s) => s.back);
  const afterId = useVerdict((s) => s.afterId);
  const afterRunId = useWizard((s) => s.afterRunId);
  const runId = afterId ?? afterRunId ?? undefined;
  const [path, setPath] = useState('');
  const { report, busy, error, savedTo, run } = useHealthCheck();
  const started = useRef(false);
  const check = () =>
    void run({ ...(path.trim() ? { path: path.trim() } : {}), ...(runId ? { runId } : {}) });

  // Reading /sys, /proc and fstab changes nothing: the check runs as soon as the step opens.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    check();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <section className="step hc-step" aria-labelledby="health-title">
      <h2 id="health-title">Check the new drive&apos;s set-up</h2>
      <p className="lead">
        After a swap the new drive is often set up worse than it could be: TRIM never runs, a cloned
        partition sits off its boundary, fstab still names the old disk. This reads what Linux knows
        about the drive and says how to fix each point.
      </p>
      <form
        className="hc-form"
        onSubmit={(e) => {
          e.preventDefault();
          check();
        }}
      >
        <label>
          Folder on the drive to check{' '}
          <input
            value={path}
            onChange={(e) => setPath(e.target.value)}
            placeholder={runId ? "the after-run's folder, else /" : '/'}
          />
        </label>
        <button type="submit" className="primary" disabled={busy}>
          {busy ? 'Checking…' : report ? 'Check again' : 'Check'}
        </button>
      </form>
      {error && (
        <p role="alert" className="hc-error">
          {error}
        </p>
      )}
      {savedTo && runId && <p className="muted">Saved with the after-run {runId}.</p>}
      {report && <HealthResults report={report} />}
      <div className="actions">
        <button type="button" onClick={back}>
          Back
        </button>
      </div>
    </section>
  );
}
