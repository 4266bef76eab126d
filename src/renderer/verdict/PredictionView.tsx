// Prediction before buying: pick a target drive class (or type its rated figures) and see each
// task's predicted time from the before-run; after the swap, predicted and measured side by side.
// The data lives in usePrediction; PredictionPanel only draws it, so each stays small.
import type { TargetPreset } from '../../shared/prediction';
import { OLD_DRIVE_KINDS, type OldDrive } from '../../shared/prediction/presets';
import { PredictionTable } from './PredictionTable';
import { usePrediction, type PredictionState, type TargetChoice } from './use-prediction';

const PRESET_NAMES: Record<TargetPreset, string> = {
  'hdd-5400': '5400 rpm hard disk',
  'hdd-7200': '7200 rpm hard disk',
  'sata-ssd': 'SATA SSD',
  'nvme-gen3': 'NVMe SSD, PCIe 3.0',
  'nvme-gen4': 'NVMe SSD, PCIe 4.0',
  custom: 'My drive’s rated figures',
};

/** The old drive's kind in drive detection's names (the CLI's --old-drive), in words first. */
const OLD_DRIVE_NAMES: Partial<Record<OldDrive, string>> = {
  hdd: 'Hard disk, speed not known (hdd)',
  'hdd-5400': '5400 rpm hard disk (hdd-5400)',
  'hdd-7200': '7200 rpm hard disk (hdd-7200)',
  'sata-ssd': 'SATA SSD (sata-ssd)',
  'nvme-ssd': 'NVMe SSD (nvme-ssd)',
};

export function PredictionView({
  beforeId,
  afterId,
  unchecked = null,
}: {
  beforeId: string;
  afterId?: string | null;
  /** Why the after-run does not check the prediction (the PDF says the same). */
  unchecked?: string | null;
}) {
  return (
    <PredictionPanel
      afterId={afterId}
      unchecked={unchecked}
      {...usePrediction(beforeId, afterId)}
    />
  );
}

function PredictionPanel(
  props: PredictionState & { afterId?: string | null | undefined; unchecked: string | null },
) {
  const { afterId, preset, setPreset, seqRead, setSeqRead, iops, setIops, ceiling, setCeiling } =
    props;
  const { detected, oldDrive, setChosenOld, result } = props;
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
            onChange={(e) => setChosenOld(e.target.value as OldDrive | '')}
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
        <TargetSelect preset={preset} setPreset={setPreset} afterRun={!!afterId} />
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
      <Hints detected={detected} unchecked={props.unchecked} />
      {result.error && (
        <p className="vd-error" role="alert">
          {result.error}
        </p>
      )}
      {result.prediction && <PredictionTable prediction={result.prediction} />}
    </section>
  );
}

/** The target: a preset, the person's figures, or after the swap the new drive as measured. */
function TargetSelect(props: {
  preset: TargetChoice;
  setPreset: (p: TargetChoice) => void;
  afterRun: boolean;
}) {
  return (
    <label>
      Target drive
      <select
        value={props.preset}
        onChange={(e) => props.setPreset(e.target.value as TargetChoice)}
      >
        {props.afterRun && (
          <option value="measured">The new drive, as the after-run measured it</option>
        )}
        {(Object.keys(PRESET_NAMES) as TargetPreset[]).map((k) => (
          <option key={k} value={k}>
            {PRESET_NAMES[k]}
          </option>
        ))}
      </select>
    </label>
  );
}

/** What the old drive is taken to be, and why an after-run does not check the prediction. */
function Hints({ detected, unchecked }: { detected: OldDrive | ''; unchecked: string | null }) {
  return (
    <>
      <p id="vd-old-drive-hint" className="vd-hint">
        {detected
          ? `Detected when the run was made: ${OLD_DRIVE_NAMES[detected] ?? detected}.`
          : 'The run does not say what the current drive is (stopwatch timings, an import or a loop device): choose its kind.'}{' '}
        Typical figures of that kind stand in only where the run measured none of its own.
      </p>
      {unchecked && (
        <p className="vd-hint" data-testid="prediction-unchecked">
          {unchecked}
        </p>
      )}
    </>
  );
}
