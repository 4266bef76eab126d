import { useEffect, useState } from 'react';
import type { ResolveResultDto } from '../../shared/contract/drives';
import { api } from '../api/transport';
import { useSetup } from '../setup-store';
import { useApp } from '../store';
import { PredictionView } from '../verdict/PredictionView';
import { useWizard } from './wizard-store';
import { errorText } from '../../shared/format';

const parentOf = (p: string): string => p.replace(/\/+[^/]*$/, '') || '/';

/** Step 6: the before-run must survive the swap, so it goes to a file off the drive being replaced. */
export function BaselineStep() {
  const next = useApp((s) => s.next);
  const back = useApp((s) => s.back);
  const drive = useSetup((s) => s.drive);
  const targetDir = useSetup((s) => s.targetDir);
  const beforeRunId = useWizard((s) => s.beforeRunId);
  const setBaselineFile = useWizard((s) => s.setBaselineFile);
  const [path, setPath] = useState('');
  const [resolvedFor, setWhere] = useState<{ path: string; r: ResolveResultDto } | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  // Propose a removable drive when one is mounted: that is where a baseline is safest.
  useEffect(() => {
    const stamp = new Date().toISOString().slice(0, 10);
    api()
      .drivesList({})
      .then(({ drives }) => {
        const other = drives.find(
          (d) =>
            d.path !== drive?.path &&
            (d.removable || d.kind === 'usb') &&
            d.partitions.some((p) => p.mountpoints.length > 0 && !p.readOnly),
        );
        const mount = other?.partitions.find((p) => p.mountpoints.length > 0)?.mountpoints[0];
        setPath((p) => p || `${mount ?? targetDir ?? '/tmp'}/drivewise-baseline-${stamp}.json`);
      })
      .catch(() => setPath((p) => p || `${targetDir ?? '/tmp'}/drivewise-baseline-${stamp}.json`));
  }, [drive, targetDir]);

  // Where would the file land? Warn when that is the drive about to be replaced.
  useEffect(() => {
    const p = path.trim();
    if (!p.startsWith('/')) return;
    const t = setTimeout(() => {
      api()
        .drivesResolve({ path: parentOf(p) })
        .then((r) => setWhere({ path: p, r }))
        .catch(() => setWhere(null));
    }, 250);
    return () => clearTimeout(t);
  }, [path]);

  const where = resolvedFor && resolvedFor.path === path.trim() ? resolvedFor.r : null;
  const onReplacedDrive =
    !!where && !!drive && (where.disks.includes(drive.path) || where.drive?.path === drive.path);

  const save = () => {
    if (!beforeRunId) return;
    setError(null);
    api()
      .runsExportFile({ id: beforeRunId, path: path.trim() })
      .then((r) => {
        setSaved(r.path);
        setBaselineFile(r.path);
      })
      .catch((e: unknown) => setError(errorText(e)));
  };

  return (
    <section className="step" aria-labelledby="baseline-title">
      <h2 id="baseline-title">Save the baseline</h2>
      {!beforeRunId ? (
        <p className="warn-text">
          There is no before-run yet: go back and measure your current drive first.
        </p>
      ) : (
        <>
          <p>
            Your measurement is in Drivewise&apos;s history (run <code>{beforeRunId}</code>). A
            clone keeps that history, but a fresh install does not: save a copy to a USB stick,
            another drive or a network share.
          </p>
          <label htmlFor="baseline-path">Save to</label>
          <div className="row-inline">
            <input
              id="baseline-path"
              type="text"
              value={path}
              onChange={(e) => setPath(e.target.value)}
              size={60}
            />
            <button
              type="button"
              className={saved ? '' : 'primary'}
              onClick={save}
              disabled={!path.trim()}
            >
              Save baseline
            </button>
          </div>
          {onReplacedDrive && (
            <p className="warn-text" role="status" data-testid="baseline-warning">
              This location is on the drive you are replacing ({drive?.model ?? drive?.path}). After
              a fresh install the file would be gone: pick a location on another drive.
            </p>
          )}
          {where?.warning && <p className="muted">{where.warning}</p>}
          {saved && (
            <p className="ok-text" role="status" data-testid="baseline-saved">
              Saved to <code>{saved}</code>. You can import it on the new system under
              &ldquo;Measure again&rdquo;.
            </p>
          )}
          {error && (
            <p role="alert" className="error-text">
              {error}
            </p>
          )}
          <details className="predict-before-buying">
            <summary>Not bought the new drive yet? Predict what it would change</summary>
            <PredictionView beforeId={beforeRunId} />
          </details>
        </>
      )}
      <div className="actions">
        <button type="button" onClick={back}>
          Back
        </button>
        <button
          type="button"
          className={saved ? 'primary' : ''}
          onClick={next}
          disabled={!beforeRunId}
        >
          {saved ? 'Next' : 'Skip (keep it in history only)'}
        </button>
      </div>
    </section>
  );
}
