// The data behind "Compare with" after the swap: the before-runs in history, the chosen baseline
// (from history or a saved file) and the new drive's folder, checked before anything runs.
import { useEffect, useRef, useState } from 'react';
import { summarize, type RunSummary } from '../../../shared/contract/runs';
import type { RunDocument } from '../../../shared/schemas/run';
import { errorText } from '../../../shared/format';
import { api } from '../../api/transport';
import { adoptBaseline, useWizard } from '../wizard-store';
import { judgeFolder, type PlanAsk } from '../../setup-store';
import { sameDriveLine } from '../../../shared/bench/same-drive';

type Judged = Awaited<ReturnType<typeof judgeFolder>>;

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

/** The new drive's folder: typed, then judged ("Use this directory") before Start. */
export function useAfterDir(onError: OnError, ask: PlanAsk | null, baseline: RunDocument | null) {
  const w = useWizard();
  // Empty until the person picks the new drive's folder: the before folder is the old drive's.
  const [dir, setDir] = useState(w.afterDir ?? '');
  const [judged, setJudged] = useState<Judged | null>(null);
  // The folder last picked, kept or refused: judged again when the baseline's plan arrives.
  const picked = useRef<string | null>(null);
  const askKey = JSON.stringify(ask);
  const latest = useRef(0);
  const judge = (path: string) => {
    onError(null);
    picked.current = path;
    const mine = ++latest.current;
    // The baseline's plan there, as the run will ask: a nearly full new drive is refused now.
    judgeFolder(path, null, (JSON.parse(askKey) as PlanAsk | null) ?? undefined)
      .then((j) => mine === latest.current && setJudged(j))
      .catch((e: unknown) => onError(errorText(e)));
  };
  // A folder kept from an earlier visit is judged again, so its line shows before Start; one
  // picked before the baseline's plan was loaded is judged again by that plan (a refusal too:
  // it named the amount of the Plan step's plan, not the one the run repeats).
  const kept = w.afterDir;
  useEffect(() => {
    const again = picked.current ?? kept;
    if (again) judge(again);
    // Only on arrival and when the plan changes: later choices go through "Use".
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [askKey]);
  const same = judged && baseline ? sameDriveLine(baseline, judged.resolved) : null;
  const fine = !!judged?.verdict.ok && (!same || w.sameDrive);
  const chosen = fine ? judged.resolved.path : null;
  useEffect(() => {
    if (judged && w.afterDir !== chosen) w.setAfterDir(chosen);
  }, [judged, chosen, w]);

  const type = (value: string) => {
    setDir(value);
    // A typed path is not the chosen one until it is judged again.
    if (w.afterDir) w.setAfterDir(null);
    picked.current = null;
    latest.current++;
    setJudged(null);
  };
  // The typed folder, or one just chosen with Browse… (not in `dir` until re-render).
  return { dir, judged, same, type, pick: (path = dir) => judge(path.trim()) };
}
