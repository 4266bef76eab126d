// A stopwatch timing typed in by hand (boot, starting a VM, ...), added to this run. The fields
// and the call that adds them are useStopwatch's; "Add to this run" calls its addStopwatch.
import { STOPWATCH_KIND_CHOICES } from '../manual-timings-text';
import { useStopwatch, type Kind } from './use-stopwatch';

interface Fields {
  title: string;
  secs: string;
  kind: Kind;
  note: string;
}

function StopwatchFields(props: Fields & { onChange(f: Partial<Fields>): void }) {
  const { title, secs, kind, note, onChange } = props;
  return (
    <div className="usage-grid">
      <label className="num-field">
        <span>What you timed</span>
        <input
          type="text"
          value={title}
          maxLength={120}
          onChange={(e) => onChange({ title: e.target.value })}
        />
      </label>
      <label className="num-field">
        <span>Timings</span>
        <input
          type="text"
          value={secs}
          placeholder="27, 26.5, 1:05"
          onChange={(e) => onChange({ secs: e.target.value })}
        />
      </label>
      <label className="num-field">
        <span>Kind</span>
        <select
          value={kind}
          onChange={(e) => onChange({ kind: e.target.value as Kind })}
          data-testid="stopwatch-kind"
        >
          {STOPWATCH_KIND_CHOICES.map((c) => (
            <option key={c.kind} value={c.kind} title={c.hint}>
              {c.label}
            </option>
          ))}
        </select>
      </label>
      <label className="num-field">
        <span>Note (optional)</span>
        <input
          type="text"
          value={note}
          maxLength={500}
          onChange={(e) => onChange({ note: e.target.value })}
        />
      </label>
    </div>
  );
}

export function StopwatchForm({
  runId,
  onAdded,
  onError,
}: {
  runId: string;
  onAdded: () => void;
  /** One line for a failed call; null clears it. */
  onError(message: string | null): void;
}) {
  const sw = useStopwatch(runId, onAdded, onError);
  const { title, setTitle, secs, setSecs, note, setNote, kind, setKind } = sw;
  const { status, choice, seconds, addStopwatch } = sw;
  return (
    <>
      <h3>Stopwatch</h3>
      <p className="muted small">
        For anything else you time by hand — boot from the boot menu to the login screen, starting a
        virtual machine, opening a big project — in seconds or m:ss, several timings separated by
        commas.
      </p>
      <StopwatchFields
        title={title}
        secs={secs}
        kind={kind}
        note={note}
        onChange={(f) => {
          if (f.title !== undefined) setTitle(f.title);
          if (f.secs !== undefined) setSecs(f.secs);
          if (f.kind !== undefined) setKind(f.kind);
          if (f.note !== undefined) setNote(f.note);
        }}
      />
      <p className="muted small">
        {choice.label}: {choice.hint}.
      </p>
      {secs.trim() && !seconds && (
        <p className="error-text">Timings must be numbers of seconds or m:ss.</p>
      )}
      <button type="button" onClick={addStopwatch} disabled={!seconds || !title.trim()}>
        Add to this run
      </button>
      {status && (
        <p className="ok-text" role="status">
          {status}
        </p>
      )}
    </>
  );
}
