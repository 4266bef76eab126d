// Saving the before-run to a file off the drive being replaced: a proposed location (a mounted
// removable drive when there is one), where a typed location lands, and the export itself.
import { useEffect, useState } from 'react';
import type { ResolveResult } from '../../../shared/contract/drives';
import { errorText } from '../../../shared/format';
import { api } from '../../api/transport';
import { useSetup } from '../../setup-store';
import { useWizard } from '../wizard-store';
import { useApp } from '../../store';
import { safeBaselineDir } from './safe-place';

const parentOf = (p: string): string => p.replace(/\/+[^/]*$/, '') || '/';

export function useBaselineFile() {
  const drive = useSetup((s) => s.drive);
  const targetDir = useSetup((s) => s.targetDir);
  const beforeRunId = useWizard((s) => s.beforeRunId);
  const setBaselineFile = useWizard((s) => s.setBaselineFile);
  const [path, setPath] = useState('');
  const [resolvedFor, setWhere] = useState<{ path: string; r: ResolveResult } | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const [noSafePlace, setNoSafePlace] = useState(false);
  const home = useApp((s) => s.info?.home ?? null);
  // Propose the last removable medium, else the home folder when it is off the old drive.
  useEffect(() => {
    const stamp = new Date().toISOString().slice(0, 10);
    const homeSafe = (): Promise<{ path: string; safe: boolean } | null> =>
      home
        ? api()
            .drivesResolve({ path: home })
            .then((r) => ({ path: r.path, safe: !!drive && !r.disks.includes(drive.path) }))
            .catch(() => null)
        : Promise.resolve(null);
    Promise.all([api().drivesList({}), homeSafe()])
      .then(([{ drives }, h]) => {
        const dir = safeBaselineDir(drives, drive, h);
        setNoSafePlace(dir === null);
        if (dir) setPath((p) => p || `${dir.replace(/\/+$/, '')}/drivewise-baseline-${stamp}.json`);
      })
      .catch(() => setNoSafePlace(true));
  }, [drive, targetDir, home]);

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
  return {
    drive,
    beforeRunId,
    path,
    setPath,
    where,
    onReplacedDrive,
    noSafePlace,
    saved,
    error,
    save,
  };
}
