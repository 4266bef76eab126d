// Prediction before buying: pick a target drive class (or type its rated figures) and see each
// task's predicted time from the before-run; after the swap, predicted and measured side by side.
import { useEffect, useState } from 'react';
import type { Prediction, PredictionTarget, TargetPreset } from '../../shared/prediction';
import { OLD_DRIVE_KINDS } from '../../shared/prediction/presets';
import type { DriveKind } from '../../shared/schemas/drive';
import { formatSeconds } from '../../shared/verdict';
import { api } from '../api/transport';
import { fmtNum, fmtShare } from './verdict-format';
import { errorText } from '../components/format';

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
