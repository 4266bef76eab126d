import { useState } from 'react';
import type { RunDocument } from '../../shared/schemas/run';
import { useAfterDir, useBaselineRuns } from './baseline/use-baseline-picker';
import { useWizard } from './wizard-store';
import { BrowseButton } from '../components/chooser/BrowseButton';
import type { PlanAsk } from '../setup-store';
import { sameFolderHint } from '../../shared/bench/same-drive';

type OnError = (message: string | null) => void;

/** Which before-run to compare with: one from history, or a saved file imported. */
function BaselineChoice(props: ReturnType<typeof useBaselineRuns>) {
  const w = useWizard();
  const { runs, beforeId, baseline, importFile, choose } = props;
  const [file, setFile] = useState(w.baselineFile ?? '');
  return (
    <>
      <div className="row">
        <label htmlFor="baseline-select">Baseline from history</label>
        <select
          id="baseline-select"
          value={beforeId ?? ''}
          onChange={(e) => choose(e.target.value || null)}
        >
          <option value="">— choose a before-run —</option>
          {runs.map((r) => (
            <option key={r.id} value={r.id}>
              {new Date(r.createdAt).toLocaleString()} · {r.drive ?? 'unknown drive'} ·{' '}
              {r.targetDir ?? ''}
            </option>
          ))}
        </select>
      </div>
      <div className="row">
        <label htmlFor="baseline-file">or import a saved baseline file</label>
        <input
          id="baseline-file"
          type="text"
          value={file}
          placeholder="/media/usb/drivewise-baseline.json"
          onChange={(e) => setFile(e.target.value)}
        />
        <BrowseButton
          kind="file"
          title="A saved baseline file"
          current={file}
          extensions={['json']}
          onChosen={(path) => {
            setFile(path);
            importFile(path);
          }}
        />
        <button type="button" onClick={() => importFile(file.trim())} disabled={!file.trim()}>
          Import
        </button>
      </div>
      {baseline && (
        <p className="muted" data-testid="baseline-chosen">
          Baseline: {baseline.drive?.model ?? baseline.drive?.path ?? 'unknown drive'} measured{' '}
          {new Date(baseline.createdAt).toLocaleString()} in <code>{baseline.targetDir}</code> (
          {baseline.tests.length} tests, profile {String(baseline.settings.profile)}).
        </p>
      )}
    </>
  );
}

/** The new drive's folder, judged when picked: the Drive step's one rule, and the baseline's drive. */
function AfterDirChoice(props: {
  baseline: RunDocument | null;
  ask: PlanAsk | null;
  onError: OnError;
}) {
  const w = useWizard();
  const { dir, judged, same, type, pick } = useAfterDir(props.onError, props.ask, props.baseline);
  const hint = props.baseline && judged ? sameFolderHint(props.baseline, judged.resolved) : null;
  const v = judged?.verdict;
  return (
    <>
      <div className="row">
        <label htmlFor="after-dir">Directory on the new drive</label>
        <input
          id="after-dir"
          type="text"
          value={dir}
          placeholder="a folder on the new drive, e.g. /home/you"
          onChange={(e) => type(e.target.value)}
        />
        <BrowseButton
          kind="folder"
          title="A folder on the new drive"
          current={dir}
          onChosen={(path) => {
            type(path);
            pick(path);
          }}
        />
        <button type="button" onClick={() => pick()} disabled={!dir.trim()}>
          Use this directory
        </button>
      </div>
      {judged && v && (
        <p className={`${v.tone}-text`} data-testid="after-dir-verdict">
          {judged.resolved.drive
            ? `On ${judged.resolved.drive.model ?? judged.resolved.drive.path} (${judged.resolved.drive.kind}). `
            : 'Drive not identified. '}
          <span data-testid="after-dir-line">{v.message}</span>
        </p>
      )}
      {same && (
        <div role="alert" className="warn-text" data-testid="same-drive-warning">
          <p data-testid="same-drive-line">{same}</p>
          <label>
            <input
              type="checkbox"
              checked={w.sameDrive}
              onChange={(e) => w.setSameDrive(e.target.checked)}
            />{' '}
            Measure the same drive again on purpose (a repeatability check)
          </label>
        </div>
      )}
      {!same && hint && <p className="warn-text">{hint}</p>}
    </>
  );
}

/** After the swap: which before-run to compare with (history or a saved file), and where to measure now. */
export function BaselinePicker({ ask }: { ask: PlanAsk | null }) {
  const [error, setError] = useState<string | null>(null);
  const runs = useBaselineRuns(setError);
  return (
    <div className="baseline-picker">
      <h3>Compare with</h3>
      <BaselineChoice {...runs} />
      <AfterDirChoice baseline={runs.baseline} ask={ask} onError={setError} />
      {error && (
        <p role="alert" className="error-text">
          {error}
        </p>
      )}
    </div>
  );
}
