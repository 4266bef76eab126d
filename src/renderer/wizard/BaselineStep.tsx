// Step 6: the before-run must survive the swap, so it goes to a file off the drive being replaced.
import { useApp } from '../store';
import { PredictionView } from '../verdict/PredictionView';
import { useBaselineFile } from './baseline/use-baseline-file';
import { BrowseButton } from '../components/chooser/BrowseButton';

/** The location, where it lands and the saved line; shown once there is a before-run. */
function SaveBaseline(props: ReturnType<typeof useBaselineFile> & { beforeRunId: string }) {
  const { drive, beforeRunId, path, setPath, where, onReplacedDrive, saved, error, save } = props;
  const { noSafePlace } = props;
  return (
    <>
      <p>
        Your measurement is in Drivewise&apos;s history (run <code>{beforeRunId}</code>). A clone
        keeps that history, but a fresh install does not: save a copy to a USB stick, another drive
        or a network share.
      </p>
      <label htmlFor="baseline-path">Save to</label>
      <div className="row-inline">
        <input
          id="baseline-path"
          type="text"
          value={path}
          onChange={(e) => setPath(e.target.value)}
          placeholder="/media/you/USB-STICK/drivewise-baseline.json"
          size={60}
        />
        <BrowseButton
          kind="save"
          title="Save the baseline to"
          current={path}
          extensions={['json']}
          onChosen={setPath}
        />
        <button
          type="button"
          className={saved ? '' : 'primary'}
          onClick={save}
          disabled={!path.trim()}
        >
          {onReplacedDrive ? 'Save baseline on the old drive anyway' : 'Save baseline'}
        </button>
      </div>
      {noSafePlace && !path.trim() && (
        <p className="muted" role="status" data-testid="baseline-no-safe-place">
          No other drive is mounted. Plug in a USB stick or mount another drive or a network share,
          then type a path on it. Until then the baseline stays in Drivewise&apos;s history only.
        </p>
      )}
      {onReplacedDrive && (
        <p className="warn-text" role="status" data-testid="baseline-warning">
          This location is on the drive you are replacing ({drive?.model ?? drive?.path}). After a
          fresh install the file would be gone: pick a location on another drive.
        </p>
      )}
      {where?.warning && <p className="muted">{where.warning}</p>}
      {saved && (
        <p className="ok-text" role="status" data-testid="baseline-saved">
          Saved to <code>{saved}</code>. You can import it on the new system under &ldquo;Measure
          again&rdquo;.
        </p>
      )}
      {error && (
        <p role="alert" className="error-text">
          {error}
        </p>
      )}
      <details className="predict-before-buying">
        <summary>Not bought the new drive yet? Predict what it would change</summary>
        <PredictionView beforeId={beforeRunId} />
      </details>
    </>
  );
}

/** Step 6: the before-run must survive the swap, so it goes to a file off the drive being replaced. */
export function BaselineStep() {
  const next = useApp((s) => s.next);
  const back = useApp((s) => s.back);
  const file = useBaselineFile();
  const { beforeRunId, saved } = file;
  return (
    <section className="step" aria-labelledby="baseline-title">
      <h2 id="baseline-title">Save the baseline</h2>
      {!beforeRunId ? (
        <p className="warn-text">
          There is no before-run yet: go back and measure your current drive first.
        </p>
      ) : (
        <SaveBaseline {...file} beforeRunId={beforeRunId} />
      )}
      <div className="actions">
        <button type="button" onClick={back}>
          Back
        </button>
        <button
          type="button"
          className={saved ? 'primary' : ''}
          onClick={next}
          disabled={!beforeRunId}
        >
          {saved ? 'Next' : 'Skip (keep it in history only)'}
        </button>
      </div>
    </section>
  );
}
