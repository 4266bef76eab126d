// History: a run's stored set-up check, and a button to check its drive (again) and store it.
import type { RunDocument } from '../../shared/schemas/run';
import { HealthResults } from './HealthResults';
import { useHealthCheck } from './use-health-check';

export function RunHealth({ run }: { run: RunDocument }) {
  const { report, busy, error, run: check } = useHealthCheck(run.health ?? null);
  if (run.source.kind === 'reference') return null;
  return (
    <section className="hc-run" aria-label="Set-up check">
      <div className="hc-run-head">
        <h4>Set-up check of this run&apos;s drive</h4>
        <button type="button" disabled={busy} onClick={() => void check({ runId: run.id })}>
          {busy ? 'Checking…' : report ? 'Check again' : "Check the drive's set-up"}
        </button>
      </div>
      {error && (
        <p role="alert" className="hc-error">
          {error}
        </p>
      )}
      {report ? <HealthResults report={report} /> : <p className="muted">Not checked yet.</p>}
    </section>
  );
}
