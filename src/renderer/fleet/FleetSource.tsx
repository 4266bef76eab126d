// Where the fleet's runs come from: a folder the Ansible playbook fetched to (typed: the app has
// no folder chooser yet), or runs already in this app's history, ticked in a list.
import { useEffect, useState } from 'react';
import type { RunSummary } from '../../shared/contract/runs';
import { errorText } from '../../shared/format';
import { api } from '../api/transport';
import { useFleet } from './fleet-store';

function FolderFields() {
  const form = useFleet((s) => s.form);
  const setForm = useFleet((s) => s.setForm);
  return (
    <>
      <div className="field wide">
        <label htmlFor="dw-fleet-dir">Folder of run files (before the swap)</label>
        <input
          id="dw-fleet-dir"
          type="text"
          value={form.dir}
          placeholder="/home/you/fleet/before"
          spellCheck={false}
          onChange={(e) => setForm({ dir: e.target.value })}
        />
      </div>
      <div className="field wide">
        <label htmlFor="dw-fleet-after">Folder of after-runs (optional)</label>
        <input
          id="dw-fleet-after"
          type="text"
          value={form.afterDir}
          placeholder="/home/you/fleet/after"
          spellCheck={false}
          onChange={(e) => setForm({ afterDir: e.target.value })}
        />
      </div>
    </>
  );
}

/** The history's runs a fleet can be ranked from: the before-runs and the person's own. */
const rankable = (r: RunSummary) => r.label === 'before' || r.label === 'custom';

function HistoryRuns() {
  const ids = useFleet((s) => s.form.runIds);
  const setForm = useFleet((s) => s.setForm);
  const [runs, setRuns] = useState<RunSummary[] | string | null>(null);
  useEffect(() => {
    api()
      .runsList({})
      .then((r) => setRuns(r.runs.filter(rankable)))
      .catch((e: unknown) => setRuns(errorText(e)));
  }, []);
  if (runs === null) return <p className="muted field full">Reading the history…</p>;
  if (typeof runs === 'string') return <p className="error-text field full">{runs}</p>;
  if (!runs.length)
    return <p className="muted field full">The history has no before-run to rank yet.</p>;
  const toggle = (id: string, on: boolean) =>
    setForm({ runIds: on ? [...ids, id] : ids.filter((x) => x !== id) });
  return (
    <fieldset className="dw-fleet-runs field full">
      <legend>
        Runs in history ({ids.length} of {runs.length} ticked){' '}
        <button
          type="button"
          className="link"
          onClick={() => setForm({ runIds: ids.length ? [] : runs.map((r) => r.id) })}
        >
          {ids.length ? 'Untick all' : 'Tick all'}
        </button>
      </legend>
      <ul>
        {runs.map((r) => (
          <li key={r.id}>
            <label>
              <input
                type="checkbox"
                checked={ids.includes(r.id)}
                onChange={(e) => toggle(r.id, e.target.checked)}
              />{' '}
              {r.name ?? r.id}{' '}
              <span className="muted">{r.createdAt.slice(0, 16).replace('T', ' ')}</span>
              {r.drive && <span className="muted"> · {r.drive}</span>}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

export function FleetSource() {
  const source = useFleet((s) => s.form.source);
  const setForm = useFleet((s) => s.setForm);
  return (
    <>
      <div className="dw-fleet-source field full" role="radiogroup" aria-label="Runs to rank">
        {(
          [
            ['folder', 'A folder the playbook fetched to'],
            ['history', 'Runs in this app’s history'],
          ] as const
        ).map(([id, text]) => (
          <label key={id}>
            <input
              type="radio"
              name="dw-fleet-source"
              checked={source === id}
              onChange={() => setForm({ source: id })}
            />{' '}
            {text}
          </label>
        ))}
      </div>
      {source === 'folder' ? <FolderFields /> : <HistoryRuns />}
    </>
  );
}
