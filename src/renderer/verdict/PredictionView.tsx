// Prediction before buying: pick a target drive class (or type its rated figures) and see each
// task's predicted time from the before-run; after the swap, predicted and measured side by side.
import { useEffect, useState } from 'react';
import type { Prediction, PredictionTarget, TargetPreset } from '../../shared/prediction';
import { formatSeconds } from '../../shared/verdict';
import { api } from '../api/transport';
import { errorText, fmtNum, fmtShare } from '../../shared/format';

const PRESET_NAMES: Record<TargetPreset, string> = {
  'hdd-7200': '7200 rpm hard disk',
  'sata-ssd': 'SATA SSD',
  'nvme-gen3': 'NVMe SSD, PCIe 3.0',
  'nvme-gen4': 'NVMe SSD, PCIe 4.0',
  custom: 'My drive’s rated figures',
};

export function PredictionTable({ prediction }: { prediction: Prediction }) {
  const p = prediction;
  const measured = p.afterId !== null;
  return (
    <div className="vd-prediction" data-testid="prediction">
      <p>
        <strong>{p.target.name}</strong>: sequential reads {fmtNum(p.target.effectiveSeqReadMBps)}{' '}
        MB/s ({fmtNum(p.speedups.sequential)}× your drive), random access{' '}
        {fmtNum(p.target.randomAccessMs)} ms ({fmtNum(p.speedups.random)}× faster).
      </p>
      {p.tasks.length > 0 && (
        <div className="vd-scroll">
          <table className="vd-table">
            <thead>
              <tr>
                <th scope="col">Task</th>
                <th scope="col">Now</th>
                <th scope="col">Waiting for disk</th>
                <th scope="col">Predicted</th>
                <th scope="col">Best possible (CPU only)</th>
                {measured && <th scope="col">Measured after</th>}
                {measured && <th scope="col">Prediction off by</th>}
              </tr>
            </thead>
            <tbody>
              {p.tasks.map((t) => (
                <tr key={t.key}>
                  <th scope="row">{t.title}</th>
                  <td>{formatSeconds(t.beforeSeconds.median ?? 0)}</td>
                  <td>
                    {fmtShare(t.ioWaitShare)}
                    {t.ioShareAssumed ? ' (assumed)' : ''}
                  </td>
                  <td>{formatSeconds(t.predictedSeconds)}</td>
                  <td>{formatSeconds(t.floorSeconds)}</td>
                  {measured && (
                    <td>{t.measuredSeconds === null ? '—' : formatSeconds(t.measuredSeconds)}</td>
                  )}
                  {measured && <td>{t.error === null ? '—' : fmtShare(Math.abs(t.error))}</td>}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="vd-scroll">
        <table className="vd-table">
          <thead>
            <tr>
              <th scope="col">Drive figure</th>
              <th scope="col">Now</th>
              <th scope="col">Predicted</th>
              {measured && <th scope="col">Measured after</th>}
            </tr>
          </thead>
          <tbody>
            {p.synthetic.map((s) => (
              <tr key={s.what}>
                <th scope="row">
                  {s.what} ({s.unit})
                </th>
                <td>{fmtNum(s.before)}</td>
                <td>{fmtNum(s.predicted)}</td>
                {measured && <td>{fmtNum(s.measured)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h4>Assumptions</h4>
      <ul className="vd-assumptions">
        {p.assumptions.map((a) => (
          <li key={a}>{a}</li>
        ))}
      </ul>
    </div>
  );
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
