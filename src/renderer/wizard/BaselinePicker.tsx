import { useState } from 'react';
import type { ResolveResult } from '../../shared/contract/drives';
import type { RunDocument } from '../../shared/schemas/run';
import { useAfterDir, useBaselineRuns } from './baseline/use-baseline-picker';
import { useWizard } from './wizard-store';
import { BrowseButton } from '../components/chooser/BrowseButton';

/** Same physical drive as the baseline? Then the "after" numbers would measure the old drive again. */
export function sameDrive(a: RunDocument['drive'], b: ResolveResult['drive']): boolean {
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
export function sameDriveWarning(baseline: RunDocument | null, r: ResolveResult | null) {
  if (!baseline || !r) return null;
  if (sameDrive(baseline.drive, r.drive))
    return 'This folder is on the baseline’s drive: measuring here would measure the old drive twice. Pick a folder on the new drive.';
  if (baseline.targetDir && r.path === baseline.targetDir.replace(/\/+$/, ''))
    return 'This is the folder the baseline was measured in. Make sure it is on the new drive now.';
  return null;
}

type OnError = (message: string | null) => void;

/** Which before-run to compare with: one from history, or a saved file imported. */
function BaselineChoice(props: ReturnType<typeof useBaselineRuns>) {
  const w = useWizard();
  const { runs, beforeId, baseline, importFile, choose } = props;
  const [file, setFile] = useState(w.baselineFile ?? '');
  return (
    <>
      <div className="row">
        <label htmlFor="baseline-select">Baseline from history</label>
        <select
          id="baseline-select"
          value={beforeId ?? ''}
          onChange={(e) => choose(e.target.value || null)}
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
        <BrowseButton
          kind="file"
          title="A saved baseline file"
          current={file}
          extensions={['json']}
          onChosen={(path) => {
            setFile(path);
            importFile(path);
          }}
        />
        <button type="button" onClick={() => importFile(file.trim())} disabled={!file.trim()}>
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
    </>
  );
}

/** The new drive's folder, and why it might measure the baseline's drive again. */
function AfterDirChoice({ baseline, onError }: { baseline: RunDocument | null; onError: OnError }) {
  const { dir, resolved, type, useDir: check } = useAfterDir(onError);
  const warning = sameDriveWarning(baseline, resolved);
  return (
    <>
      <div className="row">
        <label htmlFor="after-dir">Directory on the new drive</label>
        <input
          id="after-dir"
          type="text"
          value={dir}
          placeholder="a folder on the new drive, e.g. /home/you"
          onChange={(e) => type(e.target.value)}
        />
        <BrowseButton
          kind="folder"
          title="A folder on the new drive"
          current={dir}
          onChosen={(path) => {
            type(path);
            check(path);
          }}
        />
        <button type="button" onClick={() => check()} disabled={!dir.trim()}>
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
    </>
  );
}

/** After the swap: which before-run to compare with (history or a saved file), and where to measure now. */
export function BaselinePicker() {
  const [error, setError] = useState<string | null>(null);
  const runs = useBaselineRuns(setError);
  return (
    <div className="baseline-picker">
      <h3>Compare with</h3>
      <BaselineChoice {...runs} />
      <AfterDirChoice baseline={runs.baseline} onError={setError} />
      {error && (
        <p role="alert" className="error-text">
          {error}
        </p>
      )}
    </div>
  );
}
