// History: stored runs and the built-in reference drives, with open / compare / delete / export
// (run file or CSV). Damaged files reported by the store are shown, not hidden.
import { useCallback, useEffect, useState } from 'react';
import type { RunSummaryDto } from '../../shared/contract/runs';
import type { Comparison } from '../../shared/reference/compare';
import type { RunDocument } from '../../shared/schemas/run';
import { api } from '../api/transport';
import { SaveReportButton } from '../report/SaveReport';
import { CompareTable } from './CompareTable';
import { ImportPanel } from './ImportPanel';
import { download, errorText } from './download';
import { RunDetails } from './RunDetails';
import './history.css';

type Row = Pick<
  RunSummaryDto,
  'id' | 'label' | 'name' | 'createdAt' | 'drive' | 'tests' | 'source'
>;

const refRow = (r: RunDocument): Row => ({
  id: r.id,
  label: r.label,
  ...(r.name ? { name: r.name } : {}),
  createdAt: r.createdAt,
  drive: null,
  tests: r.tests.length,
  source: r.source.kind,
});

/** `refreshKey` changes (e.g. after an import) reload the list. */
export function HistoryPanel({ refreshKey = 0 }: { refreshKey?: number }) {
  const [runs, setRuns] = useState<Row[]>([]);
  const [refs, setRefs] = useState<Row[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [selected, setSelected] = useState<string[]>([]);
  const [open, setOpen] = useState<RunDocument | null>(null);
  const [comparison, setComparison] = useState<Comparison | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(false);

  const reload = useCallback(async () => {
    try {
      const [list, references] = await Promise.all([api().runsList({}), api().referencesList({})]);
      setRuns(list.runs);
      // Quarantined files are reported once by the store; keep showing them this session.
      setProblems((p) => [...new Set([...p, ...list.problems])]);
      setRefs(references.map(refRow));
      setLoaded(true);
    } catch (e) {
      setError(errorText(e));
    }
  }, []);
  useEffect(() => {
    void reload();
  }, [reload, refreshKey]);

  const act = async (f: () => Promise<void>) => {
    setError(null);
    try {
      await f();
    } catch (e) {
      setError(errorText(e));
    }
  };
  const toggle = (id: string) =>
    setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));

  const actions = {
    open: (id: string) => act(async () => setOpen(await api().runsGet({ id }))),
    export: (id: string) =>
      act(async () => {
        const doc = await api().runsGet({ id });
        download(`drivewise-${id}.json`, JSON.stringify(doc, null, 2) + '\n', 'application/json');
      }),
    remove: (r: Row) =>
      act(async () => {
        if (
          !window.confirm(
            `Delete “${r.name ?? r.id}” from history? Export it first to keep a copy.`,
          )
        )
          return;
        await api().runsDelete({ id: r.id });
        setSelected((s) => s.filter((x) => x !== r.id));
        if (open?.id === r.id) setOpen(null);
        await reload();
      }),
  };
  // A report needs stored runs: reference drives are compared on screen only.
  const ownIds = new Set(runs.map((r) => r.id));
  const ownPair =
    comparison && ownIds.has(comparison.a.id) && ownIds.has(comparison.b.id)
      ? ([comparison.a.id, comparison.b.id] as const)
      : null;
  const compare = () =>
    act(async () => setComparison(await api().runsCompare({ a: selected[0]!, b: selected[1]! })));
  const csv = () =>
    act(async () => {
      const { csv: text } = await api().runsCsv({ ids: selected });
      download(`drivewise-${selected.length}-runs.csv`, text, 'text/csv');
    });

  const table = (rows: Row[], own: boolean, caption: string) => (
    <table className="dw-table dw-runs">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Select</th>
          <th scope="col">Run</th>
          <th scope="col">Kind</th>
          <th scope="col">Date</th>
          <th scope="col">Tests</th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.id} data-run-id={r.id}>
            <td>
              <input
                type="checkbox"
                aria-label={`Select ${r.name ?? r.id}`}
                checked={selected.includes(r.id)}
                onChange={() => toggle(r.id)}
              />
            </td>
            <td>
              {r.name ?? r.id}
              {r.drive && <div className="muted">{r.drive}</div>}
            </td>
            <td>
              <span className={`badge dw-label-${r.label}`}>{r.label}</span>
              {r.source === 'imported' && <span className="muted"> imported</span>}
            </td>
            <td>{r.createdAt ? r.createdAt.slice(0, 10) : '—'}</td>
            <td className="num">{r.tests}</td>
            <td className="dw-row-actions">
              <button type="button" onClick={() => void actions.open(r.id)}>
                Open
              </button>
              <button type="button" onClick={() => void actions.export(r.id)}>
                Export
              </button>
              {own && (
                <button type="button" onClick={() => void actions.remove(r)}>
                  Delete
                </button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );

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
        table(runs, true, 'Your runs')
      )}
      <div className="actions">
        <button type="button" disabled={selected.length !== 2} onClick={() => void compare()}>
          Compare the two selected
        </button>
        <button type="button" disabled={selected.length === 0} onClick={() => void csv()}>
          Export selected as CSV
        </button>
        <span className="muted">{selected.length} selected</span>
      </div>
      {comparison && <CompareTable c={comparison} />}
      {comparison && ownPair && (
        <SaveReportButton beforeId={ownPair[0]} afterId={ownPair[1]} menu={false} />
      )}
      {open && <RunDetails run={open} onClose={() => setOpen(null)} />}
      <details className="dw-refs">
        <summary>Reference drives from published reviews ({refs.length})</summary>
        {table(refs, false, 'Reference drives')}
      </details>
    </section>
  );
}

/** History and import together, the import refreshing the list. */
export function ResultsPanel() {
  const [key, setKey] = useState(0);
  return (
    <div className="dw-results">
      <ImportPanel onImported={() => setKey((k) => k + 1)} />
      <HistoryPanel refreshKey={key} />
    </div>
  );
}
