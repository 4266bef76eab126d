// History: stored runs and the built-in reference drives, with open / compare / delete / export
// (run file or CSV). Damaged files reported by the store are shown, not hidden.
import { useState } from 'react';
import { SaveReportButton } from '../report/SaveReport';
import { CompareTable } from './CompareTable';
import { ImportPanel } from './ImportPanel';
import { RunDetails } from './RunDetails';
import { RunsTable } from './RunsTable';
import { useHistory } from './use-history';
import { useApp } from '../store';
import './history.css';

/** `refreshKey` changes (e.g. after an import) reload the list. */
export function HistoryPanel({ refreshKey = 0 }: { refreshKey?: number }) {
  const { runs, refs, problems, selected, open, comparison, error, loaded, actions } =
    useHistory(refreshKey);
  // A report needs stored runs: reference drives are compared on screen only.
  const ownIds = new Set(runs.map((r) => r.id));
  const ownPair =
    comparison && ownIds.has(comparison.a.id) && ownIds.has(comparison.b.id)
      ? ([comparison.a.id, comparison.b.id] as const)
      : null;
  const table = { selected, actions };

  return (
    <section className="dw-history" aria-labelledby="dw-history-h">
      <h3 id="dw-history-h">History</h3>
      {problems.length > 0 && (
        <div role="alert" className="dw-problems">
          <p>Some files in your history could not be read and were set aside:</p>
          <ul>
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      )}
      {error && (
        <p role="alert" className="dw-error">
          {error}
        </p>
      )}
      {loaded && runs.length === 0 ? (
        <p className="muted">No runs yet. Measure a drive or import results to start a history.</p>
      ) : (
        <RunsTable rows={runs} own caption="Your runs" {...table} />
      )}
      <div className="actions">
        <button
          type="button"
          disabled={selected.length !== 2}
          onClick={() => void actions.compare()}
        >
          Compare the two selected
        </button>
        <button type="button" disabled={selected.length === 0} onClick={() => void actions.csv()}>
          Export selected as CSV
        </button>
        <span className="muted">{selected.length} selected</span>
      </div>
      <p className="muted">
        Run files fetched from many machines?{' '}
        <button type="button" onClick={() => useApp.getState().setView('fleet')}>
          Rank the fleet
        </button>
      </p>
      {comparison && <CompareTable c={comparison} />}
      {comparison && ownPair && (
        <SaveReportButton beforeId={ownPair[0]} afterId={ownPair[1]} menu={false} />
      )}
      {open && <RunDetails run={open} onClose={actions.close} />}
      <details className="dw-refs">
        <summary>Reference drives from published reviews ({refs.length})</summary>
        <RunsTable rows={refs} own={false} caption="Reference drives" {...table} />
      </details>
    </section>
  );
}

/**
 * History and import together, the import refreshing the list. The runs come first: with the
 * paste box above them the run list sat below the fold on a 1366×768 laptop.
 */
export function ResultsPanel() {
  const [key, setKey] = useState(0);
  return (
    <div className="dw-results">
      <HistoryPanel refreshKey={key} />
      <ImportPanel onImported={() => setKey((k) => k + 1)} />
    </div>
  );
}
