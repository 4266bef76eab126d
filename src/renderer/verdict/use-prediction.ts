// The prediction panel's data: the form's fields, the old run's detected drive kind and the
// prediction the main process works out from them. PredictionView draws what this returns.
import { useEffect, useState } from 'react';
import type { Prediction, PredictionTarget, TargetPreset } from '../../shared/prediction';
import { OLD_DRIVE_KINDS, type OldDrive } from '../../shared/prediction/presets';
import type { DriveKind } from '../../shared/schemas/drive';
import { api } from '../api/transport';
import { errorText } from '../../shared/format';

const usableKind = (k: DriveKind | null | undefined): OldDrive | '' =>
  k && OLD_DRIVE_KINDS.includes(k) ? k : '';

/** The old run's detected drive kind: null while loading or when the run has no drive. */
function useDetectedKind(runId: string): DriveKind | null {
  const [seen, setSeen] = useState<{ id: string; kind: DriveKind | null } | null>(null);
  useEffect(() => {
    let live = true;
    api()
      .runsGet({ id: runId })
      .then((doc) => live && setSeen({ id: runId, kind: doc.drive?.kind ?? null }))
      // The prediction below reports a missing run in its own words.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [runId]);
  return seen?.id === runId ? seen.kind : null;
}

const num = (s: string): number | undefined => {
  const x = Number(s);
  return s.trim() && Number.isFinite(x) && x > 0 ? x : undefined;
};

/** A preset, the person's figures, or (after the swap) the new drive as the after-run measured it. */
export type TargetChoice = TargetPreset | 'measured';

export function usePrediction(beforeId: string, afterId: string | null | undefined) {
  const [preset, setPreset] = useState<TargetChoice>('sata-ssd');
  const [seqRead, setSeqRead] = useState('');
  const [iops, setIops] = useState('');
  const [ceiling, setCeiling] = useState('');
  const detected = usableKind(useDetectedKind(beforeId));
  // null: not chosen, so the detected kind (when known) is what the select shows and sends.
  const [chosenOld, setChosenOld] = useState<OldDrive | '' | null>(null);
  const oldDrive = chosenOld ?? detected;
  const [result, setResult] = useState<{ prediction: Prediction | null; error: string | null }>({
    prediction: null,
    error: null,
  });

  useEffect(() => {
    let live = true;
    const measured = preset === 'measured' && afterId;
    const target: PredictionTarget = {
      preset: preset === 'measured' ? 'custom' : preset,
      ...(num(seqRead) ? { seqReadMBps: num(seqRead) } : {}),
      ...(num(iops) ? { random4kQ1Iops: num(iops) } : {}),
      ...(num(ceiling) ? { linkCeilingMBps: num(ceiling) } : {}),
    };
    api()
      .verdictPredict({
        beforeId,
        target,
        ...(afterId ? { afterId } : {}),
        ...(measured ? { targetRunId: afterId } : {}),
        ...(oldDrive ? { oldDrive } : {}),
      })
      .then((prediction) => live && setResult({ prediction, error: null }))
      .catch((e: unknown) => live && setResult({ prediction: null, error: errorText(e) }));
    return () => {
      live = false;
    };
  }, [beforeId, afterId, preset, seqRead, iops, ceiling, oldDrive]);

  return {
    preset,
    setPreset,
    seqRead,
    setSeqRead,
    iops,
    setIops,
    ceiling,
    setCeiling,
    detected,
    oldDrive,
    setChosenOld,
    result,
  };
}

export type PredictionState = ReturnType<typeof usePrediction>;
