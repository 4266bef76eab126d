// Where the fleet's runs come from: a folder the Ansible playbook fetched to (typed, or chosen with
// Browse…), or runs already in this app's history, ticked in a list.
import { useEffect, useState } from 'react';
import type { RunSummary } from '../../shared/contract/runs';
import { errorText } from '../../shared/format';
import { api } from '../api/transport';
import { BrowseButton } from '../components/chooser/BrowseButton';
import { useFleet } from './fleet-store';

/** One folder field of the form: typed, or chosen with Browse…, into the same form key. */
function FolderField(props: {
  field: 'dir' | 'afterDir';
  id: string;
  label: string;
  title: string;
  placeholder: string;
}) {
  const value = useFleet((s) => s.form[props.field]);
  const setForm = useFleet((s) => s.setForm);
  const set = (v: string) => setForm({ [props.field]: v });
  return (
    <div className="field wide">
      <label htmlFor={props.id}>{props.label}</label>
      <div className="dw-fleet-path">
        <input
          id={props.id}
          type="text"
          value={value}
          placeholder={props.placeholder}
          spellCheck={false}
          onChange={(e) => set(e.target.value)}
        />
        <BrowseButton kind="folder" title={props.title} current={value} onChosen={set} />
      </div>
    </div>
  );
}

function FolderFields() {
  return (
    <>
      <FolderField
        field="dir"
        id="dw-fleet-dir"
        label="Folder of run files (before the swap)"
        title="Folder of run files (before the swap)"
        placeholder="/home/you/fleet/before"
      />
      <FolderField
        field="afterDir"
        id="dw-fleet-after"
        label="Folder of after-runs (optional)"
        title="Folder of after-runs"
        placeholder="/home/you/fleet/after"
      />
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
