// One table of runs (yours, or the reference drives) with their per-row actions.
import type { HistoryActions, Row } from './use-history';

export function RunsTable(props: {
  rows: Row[];
  /** Your own runs can be deleted; reference drives cannot. */
  own: boolean;
  caption: string;
  selected: string[];
  actions: HistoryActions;
}) {
  const { rows, own, selected, actions } = props;
  return (
    <table className="dw-table dw-runs">
      <caption>{props.caption}</caption>
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
                onChange={() => actions.toggle(r.id)}
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
}
