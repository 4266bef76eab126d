// On a fresh system after the swap the history is empty: the baseline comes from the file the
// person saved off the old drive, and the wizard goes straight to "Measure again".
import { useState } from 'react';
import { errorText } from '../../../shared/format';
import { api } from '../../api/transport';
import { useApp } from '../../store';
import { adoptBaseline, useWizard } from '../wizard-store';
import { BrowseButton } from '../../components/chooser/BrowseButton';

export function ContinueFromFile({ open }: { open: boolean }) {
  const goTo = useApp((s) => s.goTo);
  const [file, setFile] = useState(useWizard.getState().baselineFile ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const go = (chosen?: string) => {
    const path = (chosen ?? file).trim();
    setError(null);
    setBusy(true);
    api()
      .runsImportFile({ path })
      .then((doc) => {
        if (doc.label !== 'before')
          throw new Error(
            `${path} holds a "${doc.label}" run, not a baseline: pick the file saved on the "Save baseline" step`,
          );
        adoptBaseline(doc, path);
        goTo('measure-after');
      })
      .catch((e: unknown) => setError(errorText(e)))
      .finally(() => setBusy(false));
  };
  return (
    <details className="continue-from-file" open={open} data-testid="continue-from-file">
      <summary>I have a baseline file from my old drive</summary>
      <p className="muted">
        Already measured the old drive and swapped it? Give the file you saved on the &ldquo;Save
        baseline&rdquo; step and continue with &ldquo;Measure again&rdquo;: the new drive is
        measured with the baseline&apos;s plan.
      </p>
      <div className="row-inline">
        <label htmlFor="welcome-baseline-file">Baseline file</label>
        <input
          id="welcome-baseline-file"
          type="text"
          value={file}
          size={50}
          placeholder="/media/usb/drivewise-baseline.json"
          onChange={(e) => setFile(e.target.value)}
        />
        <BrowseButton
          kind="file"
          title="Your baseline file"
          current={file}
          extensions={['json']}
          onChosen={(path) => {
            setFile(path);
            go(path);
          }}
        />
        <button type="button" onClick={() => go()} disabled={!file.trim() || busy}>
          Continue from this baseline
        </button>
      </div>
      {error && (
        <p role="alert" className="error-text">
          {error}
        </p>
      )}
    </details>
  );
}
