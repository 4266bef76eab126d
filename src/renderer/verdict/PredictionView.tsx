// Prediction before buying: pick a target drive class (or type its rated figures) and see each
// task's predicted time from the before-run; after the swap, predicted and measured side by side.
import { useEffect, useState } from 'react';
import type { Prediction, PredictionTarget, TargetPreset } from '../../shared/prediction';
import { OLD_DRIVE_KINDS } from '../../shared/prediction/presets';
import type { DriveKind } from '../../shared/schemas/drive';
import { api } from '../api/transport';
import { errorText } from '../../shared/format';
import { PredictionTable } from './PredictionTable';

const PRESET_NAMES: Record<TargetPreset, string> = {
  'hdd-7200': '7200 rpm hard disk',
  'sata-ssd': 'SATA SSD',
  'nvme-gen3': 'NVMe SSD, PCIe 3.0',
  'nvme-gen4': 'NVMe SSD, PCIe 4.0',
  custom: 'My drive’s rated figures',
};

/** The old drive's kind in drive detection's names (the CLI's --old-drive), in words first. */
const OLD_DRIVE_NAMES: Partial<Record<DriveKind, string>> = {
  hdd: 'Hard disk (hdd)',
  'sata-ssd': 'SATA SSD (sata-ssd)',
  'nvme-ssd': 'NVMe SSD (nvme-ssd)',
};

const usableKind = (k: DriveKind | null | undefined): DriveKind | '' =>
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

export function PredictionView({
  beforeId,
  afterId,
}: {
  beforeId: string;
  afterId?: string | null;
}) {
  const [preset, setPreset] = useState<TargetPreset>('sata-ssd');
  const [seqRead, setSeqRead] = useState('');
  const [iops, setIops] = useState('');
  const [ceiling, setCeiling] = useState('');
  const detected = usableKind(useDetectedKind(beforeId));
  // null: not chosen, so the detected kind (when known) is what the select shows and sends.
  const [chosenOld, setChosenOld] = useState<DriveKind | '' | null>(null);
  const oldDrive = chosenOld ?? detected;
  const [result, setResult] = useState<{ prediction: Prediction | null; error: string | null }>({
    prediction: null,
    error: null,
  });

  useEffect(() => {
    let live = true;
    const target: PredictionTarget = {
      preset,
      ...(num(seqRead) ? { seqReadMBps: num(seqRead) } : {}),
      ...(num(iops) ? { random4kQ1Iops: num(iops) } : {}),
      ...(num(ceiling) ? { linkCeilingMBps: num(ceiling) } : {}),
    };
    api()
      .verdictPredict({
        beforeId,
        target,
        ...(afterId ? { afterId } : {}),
        ...(oldDrive ? { oldDrive } : {}),
      })
      .then((prediction) => live && setResult({ prediction, error: null }))
      .catch((e: unknown) => live && setResult({ prediction: null, error: errorText(e) }));
    return () => {
      live = false;
    };
  }, [beforeId, afterId, preset, seqRead, iops, ceiling, oldDrive]);

  return (
    <section className="vd-predict" aria-labelledby="vd-predict-title">
      <h3 id="vd-predict-title">
        {afterId ? 'Predicted vs measured' : 'What would a new drive change?'}
      </h3>
      <div className="vd-form">
        <label>
          Your current drive
          <select
            value={oldDrive}
            onChange={(e) => setChosenOld(e.target.value as DriveKind | '')}
            aria-describedby="vd-old-drive-hint"
          >
            {!detected && <option value="">Not known: choose one</option>}
            {OLD_DRIVE_KINDS.map((k) => (
              <option key={k} value={k}>
                {OLD_DRIVE_NAMES[k] ?? k}
                {k === detected ? ', detected' : ''}
              </option>
            ))}
          </select>
        </label>
        <label>
          Target drive
          <select value={preset} onChange={(e) => setPreset(e.target.value as TargetPreset)}>
            {(Object.keys(PRESET_NAMES) as TargetPreset[]).map((k) => (
              <option key={k} value={k}>
                {PRESET_NAMES[k]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Rated sequential read, MB/s
          <input
            inputMode="decimal"
            value={seqRead}
            onChange={(e) => setSeqRead(e.target.value)}
            placeholder={preset === 'custom' ? 'required' : 'typical'}
          />
        </label>
        <label>
          4K random read IOPS at queue depth 1
          <input
            inputMode="decimal"
            value={iops}
            onChange={(e) => setIops(e.target.value)}
            placeholder={preset === 'custom' ? 'required' : 'typical'}
          />
        </label>
        <label>
          Link ceiling, MB/s (optional)
          <input
            inputMode="decimal"
            value={ceiling}
            onChange={(e) => setCeiling(e.target.value)}
            placeholder="from the port"
          />
        </label>
      </div>
      <p id="vd-old-drive-hint" className="vd-hint">
        {detected
          ? `Detected when the run was made: ${OLD_DRIVE_NAMES[detected] ?? detected}.`
          : 'The run does not say what the current drive is (stopwatch timings, an import or a loop device): choose its kind.'}{' '}
        Typical figures of that kind stand in only where the run measured none of its own.
      </p>
      {result.error && (
        <p className="vd-error" role="alert">
          {result.error}
        </p>
      )}
      {result.prediction && <PredictionTable prediction={result.prediction} />}
    </section>
  );
}
