import { useEffect, useId } from 'react';
import type { DriveInfo } from '../../shared/schemas/drive';
import { DriveCard } from '../components/drive/DriveCard';
import { driveTitle } from '../components/drive/format';
import { dirVerdict, useSetup } from '../setup-store';
import { useApp } from '../store';
import './DriveStep.css';

/** The folder for the test files on the chosen drive, checked as it is typed. */
function DirForm({ drive }: { drive: DriveInfo }) {
  const s = useSetup();
  const { dirInput, resolved, resolving } = s;
  const dirId = useId();
  const verdict = dirVerdict(drive, resolved);
  return (
    <form
      className="drive-dir"
      onSubmit={(e) => {
        e.preventDefault();
        void s.checkDir();
      }}
    >
      <label htmlFor={dirId}>
        Folder for the test files on <strong>{driveTitle(drive)}</strong> (a temporary sub-folder is
        created there and removed afterwards)
      </label>
      <div className="row-inline">
        <input
          id={dirId}
          type="text"
          value={dirInput}
          placeholder="/path/to/a/folder/on/this/drive"
          spellCheck={false}
          onChange={(e) => s.setDirInput(e.target.value)}
          onBlur={() => void (dirInput.trim() && !resolved && s.checkDir())}
        />
        <button type="submit" disabled={!dirInput.trim() || resolving}>
          Check
        </button>
      </div>
      <p className="drive-dir-status" role="status" aria-live="polite">
        {resolving && 'Checking…'}
        {!resolving && s.resolveError && <span className="error-text">{s.resolveError}</span>}
        {!resolving && verdict && (
          <span className={`${verdict.tone}-text`} data-testid="dir-verdict">
            {verdict.message}
          </span>
        )}
      </p>
      {drive.testability && !drive.testability.fileTests && (
        <p className="warn-text">
          Only read tests of the raw device can run on this drive, and only with admin rights:{' '}
          {drive.testability.reason}.
        </p>
      )}
    </form>
  );
}

/** Step 2: pick the drive being replaced and a writable directory on it for the test files. */
export function DriveStep() {
  const next = useApp((s) => s.next);
  const back = useApp((s) => s.back);
  const s = useSetup();
  const { drives, loading, loadError, drive, dirInput, resolved, resolving, targetDir } = s;

  useEffect(() => {
    if (!useSetup.getState().drives) void useSetup.getState().loadDrives();
  }, []);

  // Check the directory shortly after typing stops; blur and Enter check at once.
  useEffect(() => {
    if (!drive || !dirInput.trim() || resolved || useSetup.getState().resolving) return;
    const t = setTimeout(() => void useSetup.getState().checkDir(), 500);
    return () => clearTimeout(t);
  }, [drive, dirInput, resolved]);

  const verdict = dirVerdict(drive, resolved);
  const canNext = !!drive && !!targetDir && !!verdict?.ok && !resolving;

  return (
    <section aria-labelledby="drive-title" className="step drive-step">
      <h2 id="drive-title">Which drive are you replacing?</h2>
      <p className="lead">
        Pick the drive you want to evaluate. The system drive (the one holding <code>/</code>) is
        marked; the link line shows the fastest a drive can ever be on this port.
      </p>

      {loading && !drives && <p role="status">Looking for drives…</p>}
      {loadError && (
        <p className="error-text" role="alert">
          Could not list the drives: {loadError}
        </p>
      )}
      {drives && drives.length === 0 && <p>No disks found.</p>}

      {drives && drives.length > 0 && (
        <div className="drive-cards" role="group" aria-label="Drives">
          {drives.map((d) => (
            <DriveCard
              key={d.path}
              drive={d}
              selected={drive?.path === d.path}
              onSelect={() => s.selectDrive(d.path)}
            />
          ))}
        </div>
      )}

      {drive && <DirForm drive={drive} />}

      {s.machine && (
        <p className="muted drive-machine">
          This machine: {s.machine.cpuModel ?? 'unknown CPU'} ({s.machine.cpuCores} threads),{' '}
          {(s.machine.ramBytes / 2 ** 30).toFixed(1)} GiB RAM, {s.machine.distro ?? 'Linux'}, kernel{' '}
          {s.machine.kernel ?? '?'}.
        </p>
      )}

      <div className="actions">
        <button type="button" onClick={back}>
          Back
        </button>
        <button type="button" onClick={() => void s.loadDrives()} disabled={loading}>
          Refresh drives
        </button>
        <button type="button" className="primary" onClick={next} disabled={!canNext}>
          Next
        </button>
      </div>
    </section>
  );
}
