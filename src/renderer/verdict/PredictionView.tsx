// Prediction before buying: pick a target drive class (or type its rated figures) and see each
// task's predicted time from the before-run; after the swap, predicted and measured side by side.
import { useEffect, useState } from 'react';
import type { Prediction, PredictionTarget, TargetPreset } from '../../shared/prediction';
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
      .verdictPredict({ beforeId, target, ...(afterId ? { afterId } : {}) })
      .then((prediction) => live && setResult({ prediction, error: null }))
      .catch((e: unknown) => live && setResult({ prediction: null, error: errorText(e) }));
    return () => {
      live = false;
    };
  }, [beforeId, afterId, preset, seqRead, iops, ceiling]);

  return (
    <section className="vd-predict" aria-labelledby="vd-predict-title">
      <h3 id="vd-predict-title">
        {afterId ? 'Predicted vs measured' : 'What would a new drive change?'}
      </h3>
      <div className="vd-form">
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
      {result.error && (
        <p className="vd-error" role="alert">
          {result.error}
        </p>
      )}
      {result.prediction && <PredictionTable prediction={result.prediction} />}
    </section>
  );
}
