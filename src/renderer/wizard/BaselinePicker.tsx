import { useEffect, useState } from 'react';
import type { ResolveResultDto } from '../../shared/contract/drives';
import type { RunSummaryDto as RunSummary } from '../../shared/contract/runs';
import type { RunDocument } from '../../shared/schemas/run';
import { api } from '../api/transport';
import { useSetup } from '../setup-store';
import { useWizard } from './wizard-store';
import { errorText } from '../components/format';

/** Same physical drive as the baseline? Then the "after" numbers would measure the old drive again. */
function sameDrive(a: RunDocument['drive'], b: ResolveResultDto['drive']): boolean {
  if (!a || !b) return false;
  if (a.serial && b.serial) return a.serial === b.serial;
  return (
    a.model === b.model &&
    a.sizeBytes === b.sizeBytes &&
    a.path === b.path &&
    a.kind !== 'virtual' &&
    a.kind !== 'loop'
  );
}

/** After the swap: which before-run to compare with (history or a saved file), and where to measure now. */
export function BaselinePicker() {
  const w = useWizard();
  const setupDir = useSetup((s) => s.targetDir);
  const [runs, setRuns] = useState<RunSummary[]>([]);
  const [loaded, setBaseline] = useState<RunDocument | null>(null);
  const [file, setFile] = useState(w.baselineFile ?? '');
  const [dir, setDir] = useState(w.afterDir ?? setupDir ?? '');
  const [resolved, setResolved] = useState<ResolveResultDto | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    api()
      .runsList({})
      .then((r) => setRuns(r.runs.filter((x) => x.label === 'before')))
      .catch((e: unknown) => setError(errorText(e)));
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
        <input id="after-dir" type="text" value={dir} onChange={(e) => setDir(e.target.value)} />
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
          {baseline &&
            sameDrive(baseline.drive, resolved.drive) &&
            ' This looks like the same drive as the baseline: the comparison would measure the old drive twice.'}
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
