import { useEffect, useState } from 'react';
import type { ResolveResultDto } from '../../shared/contract/drives';
import type { RunSummaryDto as RunSummary } from '../../shared/contract/runs';
import type { RunDocument } from '../../shared/schemas/run';
import { api } from '../api/transport';
import { useWizard } from './wizard-store';
import { errorText } from '../../shared/format';

/** Same physical drive as the baseline? Then the "after" numbers would measure the old drive again. */
export function sameDrive(a: RunDocument['drive'], b: ResolveResultDto['drive']): boolean {
  if (!a || !b) return false;
  if (a.serial && b.serial) return a.serial === b.serial;
  // Loop devices are re-numbered freely: /dev/loop0 then and now need not be the same file.
  if (a.kind === 'loop' || b.kind === 'loop')
    return !!a.backingFile && a.backingFile === b.backingFile;
  return a.model === b.model && a.sizeBytes === b.sizeBytes && a.path === b.path;
}

/**
 * Why the chosen folder would measure the baseline's drive again, or null. The baseline's own
 * folder counts too: after a clone it is on the new drive, but then the drive identity differs
 * and only the folder line is shown, as a softer hint.
 */
export function sameDriveWarning(baseline: RunDocument | null, r: ResolveResultDto | null) {
  if (!baseline || !r) return null;
  if (sameDrive(baseline.drive, r.drive))
    return 'This folder is on the baseline’s drive: measuring here would measure the old drive twice. Pick a folder on the new drive.';
  if (baseline.targetDir && r.path === baseline.targetDir.replace(/\/+$/, ''))
    return 'This is the folder the baseline was measured in. Make sure it is on the new drive now.';
  return null;
}

/** After the swap: which before-run to compare with (history or a saved file), and where to measure now. */
export function BaselinePicker() {
  const w = useWizard();
  const [runs, setRuns] = useState<RunSummary[]>([]);
  const [loaded, setBaseline] = useState<RunDocument | null>(null);
  const [file, setFile] = useState(w.baselineFile ?? '');
  // Empty until the person picks the new drive's folder: the before folder is the old drive's.
  const [dir, setDir] = useState(w.afterDir ?? '');
  const [resolved, setResolved] = useState<ResolveResultDto | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    api()
      .runsList({})
      .then((r) => setRuns(r.runs.filter((x) => x.label === 'before')))
      .catch((e: unknown) => setError(errorText(e)));
  }, []);

  // A folder kept from an earlier visit is checked again, so its warning shows before Start.
  const kept = w.afterDir;
  useEffect(() => {
    if (!kept) return;
    api()
      .drivesResolve({ path: kept })
      .then(setResolved)
      .catch(() => undefined);
    // Only on arrival: later choices go through "Use this directory".
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const beforeId = w.beforeRunId;
  useEffect(() => {
    if (!beforeId) return;
    api()
      .runsGet({ id: beforeId })
      .then(setBaseline)
      .catch((e: unknown) => setError(errorText(e)));
  }, [beforeId]);

  const baseline = loaded && loaded.id === beforeId ? loaded : null;
  const warning = sameDriveWarning(baseline, resolved);

  const importFile = () => {
    setError(null);
    api()
      .runsImportFile({ path: file.trim() })
      .then((doc) => {
        w.setBaselineFile(file.trim());
        w.setBeforeRun(doc.id);
        setRuns((r) =>
          r.some((x) => x.id === doc.id)
            ? r
            : [
                {
                  id: doc.id,
                  label: doc.label,
                  createdAt: doc.createdAt,
                  drive: doc.drive?.model ?? null,
                  targetDir: doc.targetDir,
                  tests: doc.tests.length,
                  source: doc.source.kind,
                },
                ...r,
              ],
        );
      })
      .catch((e: unknown) => setError(errorText(e)));
  };

  const useDir = () => {
    setError(null);
    api()
      .drivesResolve({ path: dir.trim() })
      .then((r) => {
        setResolved(r);
        if (r.writable) w.setAfterDir(r.path);
      })
      .catch((e: unknown) => setError(errorText(e)));
  };

  return (
    <div className="baseline-picker">
      <h3>Compare with</h3>
      <div className="row">
        <label htmlFor="baseline-select">Baseline from history</label>
        <select
          id="baseline-select"
          value={beforeId ?? ''}
          onChange={(e) => w.setBeforeRun(e.target.value || null)}
        >
          <option value="">— choose a before-run —</option>
          {runs.map((r) => (
            <option key={r.id} value={r.id}>
              {new Date(r.createdAt).toLocaleString()} · {r.drive ?? 'unknown drive'} ·{' '}
              {r.targetDir ?? ''}
            </option>
          ))}
        </select>
      </div>
      <div className="row">
        <label htmlFor="baseline-file">or import a saved baseline file</label>
        <input
          id="baseline-file"
          type="text"
          value={file}
          placeholder="/media/usb/drivewise-baseline.json"
          onChange={(e) => setFile(e.target.value)}
        />
        <button type="button" onClick={importFile} disabled={!file.trim()}>
          Import
        </button>
      </div>
      {baseline && (
        <p className="muted" data-testid="baseline-chosen">
          Baseline: {baseline.drive?.model ?? baseline.drive?.path ?? 'unknown drive'} measured{' '}
          {new Date(baseline.createdAt).toLocaleString()} in <code>{baseline.targetDir}</code> (
          {baseline.tests.length} tests, profile {String(baseline.settings.profile)}).
        </p>
      )}
      <div className="row">
        <label htmlFor="after-dir">Directory on the new drive</label>
        <input
          id="after-dir"
          type="text"
          value={dir}
          placeholder="a folder on the new drive, e.g. /home/you"
          onChange={(e) => {
            setDir(e.target.value);
            // A typed path is not the chosen one until it is checked again.
            if (w.afterDir) w.setAfterDir(null);
            setResolved(null);
          }}
        />
        <button type="button" onClick={useDir} disabled={!dir.trim()}>
          Use this directory
        </button>
      </div>
      {resolved && (
        <p className={resolved.warning || !resolved.writable ? 'warn-text' : 'muted'}>
          {resolved.drive
            ? `On ${resolved.drive.model ?? resolved.drive.path} (${resolved.drive.kind}).`
            : 'Drive not identified.'}{' '}
          {!resolved.writable && 'Not writable: file tests cannot run here. '}
          {resolved.warning}
        </p>
      )}
      {warning && (
        <p role="alert" className="warn-text" data-testid="same-drive-warning">
          {warning}
        </p>
      )}
      {error && (
        <p role="alert" className="error-text">
          {error}
        </p>
      )}
    </div>
  );
}
