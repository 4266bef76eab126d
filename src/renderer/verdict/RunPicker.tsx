// Choosing the two runs to compare when the wizard has not set them (opened from a fresh start).
// The runs come from useRunList; Compare is a plain submit handler calling the verdict store's
// setPair, since choosing the pair is the store's own action, not a fetch.
import { useVerdict } from './verdict-store';
import type { RunSummary } from '../../shared/contract/runs';
import { useRunList } from './use-run-list';

const describe = (r: RunSummary) =>
  `${r.name ?? r.drive ?? r.id} — ${r.label}, ${new Date(r.createdAt).toLocaleString()}`;

export function RunPicker() {
  const setPair = useVerdict((s) => s.setPair);
  const { runs, error, before, setBefore, after, setAfter } = useRunList();

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
        The verdict compares a run on the old drive with a run on the new one. Pick them from your
        history.
      </p>
      {error && (
        <p className="vd-error" role="alert">
          {error}
        </p>
      )}
      {runs && runs.length < 2 && (
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
            <select value={value} onChange={(e) => set(e.target.value)}>
              <option value="">—</option>
              {(runs ?? []).map((r) => (
                <option key={r.id} value={r.id}>
                  {describe(r)}
                </option>
              ))}
            </select>
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
