// Choosing the two runs to compare when the wizard has not set them (opened from a fresh start).
import { useEffect, useState } from 'react';
import { requests } from '../../shared/contract';
import { api } from '../api/transport';
import { useVerdict } from './verdict-store';
import { errorText } from '../../shared/format';

interface RunRow {
  id: string;
  label: string;
  name?: string;
  createdAt: string;
  drive: string | null;
}
type ListRuns = (req: object) => Promise<{ runs: RunRow[] }>;

/** History arrives with the store's `runs.list` channel; until then the ids are typed in. */
export const hasChannel = (name: string): boolean => Object.hasOwn(requests, name);

const describe = (r: RunRow) =>
  `${r.name ?? r.drive ?? r.id} — ${r.label}, ${new Date(r.createdAt).toLocaleString()}`;

export function RunPicker() {
  const setPair = useVerdict((s) => s.setPair);
  const [runs, setRuns] = useState<RunRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [before, setBefore] = useState('');
  const [after, setAfter] = useState('');
  const history = hasChannel('runs.list');

  useEffect(() => {
    if (!history) return;
    const list = (api() as unknown as { runsList: ListRuns }).runsList;
    list({})
      .then(({ runs: rs }) => {
        setRuns(rs);
        setBefore(rs.find((r) => r.label === 'before')?.id ?? rs[1]?.id ?? '');
        setAfter(rs.find((r) => r.label === 'after')?.id ?? rs[0]?.id ?? '');
      })
      .catch((e: unknown) => setError(errorText(e)));
  }, [history]);

  const ok = before && after && before !== after;
  return (
    <form
      className="vd-picker"
      onSubmit={(e) => {
        e.preventDefault();
        if (ok) setPair(before.trim(), after.trim());
      }}
    >
      <p>
        The verdict compares a run on the old drive with a run on the new one.{' '}
        {history
          ? 'Pick them from your history.'
          : 'The run history is not part of this version yet: enter the two run ids (shown when a run is saved).'}
      </p>
      {error && (
        <p className="vd-error" role="alert">
          {error}
        </p>
      )}
      {history && runs && runs.length < 2 && (
        <p>At least two saved runs are needed; there are {runs.length}.</p>
      )}
      <div className="vd-form">
        {(
          [
            ['Before (old drive)', before, setBefore],
            ['After (new drive)', after, setAfter],
          ] as const
        ).map(([label, value, set]) => (
          <label key={label}>
            {label}
            {history ? (
              <select value={value} onChange={(e) => set(e.target.value)}>
                <option value="">—</option>
                {(runs ?? []).map((r) => (
                  <option key={r.id} value={r.id}>
                    {describe(r)}
                  </option>
                ))}
              </select>
            ) : (
              <input value={value} onChange={(e) => set(e.target.value)} spellCheck={false} />
            )}
          </label>
        ))}
      </div>
      {before && before === after && <p className="vd-error">Pick two different runs.</p>}
      <div className="actions">
        <button type="submit" className="primary" disabled={!ok}>
          Compare
        </button>
      </div>
    </form>
  );
}
