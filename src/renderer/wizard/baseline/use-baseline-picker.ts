// The data behind "Compare with" after the swap: the before-runs in history, the chosen baseline
// (from history or a saved file) and the new drive's folder, checked before anything runs.
import { useEffect, useState } from 'react';
import type { ResolveResult } from '../../../shared/contract/drives';
import { summarize, type RunSummary } from '../../../shared/contract/runs';
import type { RunDocument } from '../../../shared/schemas/run';
import { errorText } from '../../../shared/format';
import { api } from '../../api/transport';
import { adoptBaseline, useWizard } from '../wizard-store';

type OnError = (message: string | null) => void;

/** The before-runs to pick from, the chosen one loaded, and importing one from a file. */
export function useBaselineRuns(onError: OnError) {
  const w = useWizard();
  const [runs, setRuns] = useState<RunSummary[]>([]);
  const [loaded, setBaseline] = useState<RunDocument | null>(null);
  useEffect(() => {
    api()
      .runsList({})
      .then((r) => setRuns(r.runs.filter((x) => x.label === 'before')))
      .catch((e: unknown) => onError(errorText(e)));
  }, [onError]);

  const beforeId = w.beforeRunId;
  useEffect(() => {
    if (!beforeId) return;
    api()
      .runsGet({ id: beforeId })
      .then(setBaseline)
      .catch((e: unknown) => onError(errorText(e)));
  }, [beforeId, onError]);

  const importFile = (file: string) => {
    onError(null);
    api()
      .runsImportFile({ path: file })
      .then((doc) => {
        adoptBaseline(doc, file);
        setRuns((r) => (r.some((x) => x.id === doc.id) ? r : [summarize(doc), ...r]));
      })
      .catch((e: unknown) => onError(errorText(e)));
  };
  const baseline = loaded && loaded.id === beforeId ? loaded : null;
  return { runs, beforeId, baseline, importFile, choose: w.setBeforeRun };
}

/** The new drive's folder: typed, then checked ("Use this directory") before Start. */
export function useAfterDir(onError: OnError) {
  const w = useWizard();
  // Empty until the person picks the new drive's folder: the before folder is the old drive's.
  const [dir, setDir] = useState(w.afterDir ?? '');
  const [resolved, setResolved] = useState<ResolveResult | null>(null);
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

  const type = (value: string) => {
    setDir(value);
    // A typed path is not the chosen one until it is checked again.
    if (w.afterDir) w.setAfterDir(null);
    setResolved(null);
  };
  /** Checks the typed folder, or one just chosen with Browse… (not in `dir` until re-render). */
  const useDir = (path = dir) => {
    onError(null);
    api()
      .drivesResolve({ path: path.trim() })
      .then((r) => {
        setResolved(r);
        if (r.writable) w.setAfterDir(r.path);
      })
      .catch((e: unknown) => onError(errorText(e)));
  };
  return { dir, resolved, type, useDir };
}
