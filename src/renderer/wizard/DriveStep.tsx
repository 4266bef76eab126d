import { useEffect, useId, useState } from 'react';
import type { DriveInfo, MachineProfile } from '../../shared/schemas/drive';
import { hiddenReason } from '../../shared/drive-visibility';
import { fmtRam } from '../../shared/format';
import { BrowseButton } from '../components/chooser/BrowseButton';
import { DriveCard } from '../components/drive/DriveCard';
import { driveTitle } from '../components/drive/format';
import { dirVerdict, useSetup } from '../setup-store';
import { READ_TESTS } from '../../shared/bench/plan';
import { api } from '../api/transport';
import { useApp } from '../store';
import { usePrivileged } from './admin/use-privileged';
import { useWizard } from './wizard-store';
import './DriveStep.css';

/** The folder for the test files on the chosen drive, checked as it is typed. */
function DirForm({ drive }: { drive: DriveInfo }) {
  const s = useSetup();
  const { dirInput, resolved, resolving } = s;
  const dirId = useId();
  const verdict = dirVerdict(drive, resolved, s.need, s.admin);
  const rights = usePrivileged();
  const canGrant = !!verdict && !verdict.ok && verdict.readTestsOnly && rights.status?.canAsk;
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
        <BrowseButton
          kind="folder"
          title="Folder for the test files"
          current={dirInput}
          onChosen={(path) => {
            s.setDirInput(path);
            void s.checkDir();
          }}
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
      {canGrant && (
        <p className="row-inline">
          <button type="button" onClick={() => rights.request(rights.status?.state === 'declined')}>
            Grant admin rights
          </button>
          {rights.error && <span className="error-text">{rights.error}</span>}
        </p>
      )}
      {drive.testability && !drive.testability.fileTests && (
        <p className="warn-text">
          Only read tests of the raw device can run on this drive, and only with admin rights:{' '}
          {drive.testability.reason}.
        </p>
      )}
    </form>
  );
}

function MachineLine({ m }: { m: MachineProfile }) {
  return (
    <p className="muted drive-machine">
      This machine: {m.cpuModel ?? 'unknown CPU'} ({m.cpuCores} threads), {fmtRam(m.ramBytes)} RAM,{' '}
      {m.distro ?? 'Linux'}, kernel {m.kernel ?? '?'}.
    </p>
  );
}

/** Loads the drives, checks the folder once typing stops, follows admin rights as they change. */
function useSetupEffects(drive: DriveInfo | null, dirInput: string, resolved: unknown) {
  useEffect(() => {
    if (!useSetup.getState().drives) void useSetup.getState().loadDrives();
  }, []);
  // Check the directory shortly after typing stops; blur and Enter check at once.
  useEffect(() => {
    if (!drive || !dirInput.trim() || resolved || useSetup.getState().resolving) return;
    const t = setTimeout(() => void useSetup.getState().checkDir(), 500);
    return () => clearTimeout(t);
  }, [drive, dirInput, resolved]);
  // Admin rights granted here or on another step: the read tests on a folder that cannot be written.
  useEffect(
    () =>
      api().on('privileged.changed', (st) => useSetup.getState().setAdmin(st.state === 'granted')),
    [],
  );
}

/**
 * Off: snap packages' read-only loop devices (a dozen on a stock Ubuntu) are left out. The chosen
 * drive stays listed either way, so switching off never hides the selection.
 */
function ShowAllSwitch({
  hidden,
  on,
  set,
}: {
  hidden: number;
  on: boolean;
  set: (v: boolean) => void;
}) {
  const id = useId();
  if (hidden === 0 && !on) return null;
  return (
    <p className="row-inline drive-show-all">
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={on}
        onChange={(e) => set(e.target.checked)}
      />
      <label htmlFor={id}>
        Show all devices{' '}
        <span className="muted">
          ({hidden} read-only loop device{hidden === 1 ? '' : 's'} of snap packages)
        </span>
      </label>
    </p>
  );
}

/** Step 2: pick the drive being replaced and a writable directory on it for the test files. */
export function DriveStep() {
  const next = useApp((s) => s.next);
  const back = useApp((s) => s.back);
  const s = useSetup();
  const { drives, loading, loadError, drive, dirInput, resolved, resolving, targetDir } = s;

  useSetupEffects(drive, dirInput, resolved);
  const [showAll, setShowAll] = useState(false);
  const hidden = (drives ?? []).filter((d) => hiddenReason(d) !== null);
  const listed = (drives ?? []).filter(
    (d) => showAll || hiddenReason(d) === null || d.path === drive?.path,
  );

  const verdict = dirVerdict(drive, resolved, s.need, s.admin);
  const canNext = !!drive && !!targetDir && !!verdict?.ok && !resolving;
  const w = useWizard();
  const onNext = () => {
    // Only the read tests can run there: the plan starts with exactly those.
    if (verdict?.readTestsOnly) {
      w.setProfile('custom');
      w.setTests([...READ_TESTS]);
    }
    next();
  };

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

      {drives && <ShowAllSwitch hidden={hidden.length} on={showAll} set={setShowAll} />}
      {listed.length > 0 && (
        <div className="drive-cards" role="group" aria-label="Drives">
          {listed.map((d) => (
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

      {s.machine && <MachineLine m={s.machine} />}

      <div className="actions">
        <button type="button" onClick={back}>
          Back
        </button>
        <button type="button" onClick={() => void s.loadDrives()} disabled={loading}>
          Refresh drives
        </button>
        <button type="button" className="primary" onClick={onNext} disabled={!canNext}>
          Next
        </button>
      </div>
    </section>
  );
}
