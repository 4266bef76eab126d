import { useEffect, useState } from 'react';
import { LOGIN_STEPS, type LoginStatus } from '../../shared/contract/tasks';
import { api } from '../api/transport';
import { errorText } from '../../shared/format';
import {
  guessKind,
  loginStatusText,
  parseSeconds,
  STOPWATCH_KIND_CHOICES,
} from './manual-timings-text';

/** Timings no benchmark can take: login-to-desktop across a re-login, and a stopwatch for the rest. */
export function ManualTimings({ runId, onAdded }: { runId: string; onAdded: () => void }) {
  const [login, setLogin] = useState<LoginStatus | null>(null);
  const [title, setTitle] = useState('');
  const [secs, setSecs] = useState('');
  const [note, setNote] = useState('');
  // null: follow the title ("Boot …" → boot) until the person picks a kind.
  const [kindPicked, setKind] = useState<(typeof STOPWATCH_KIND_CHOICES)[number]['kind'] | null>(
    null,
  );
  const kind = kindPicked ?? guessKind(title);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    api()
      .tasksLoginStatus({})
      .then(setLogin)
      .catch((e: unknown) => setError(errorText(e)));
  }, []);

  const loginCall = (call: Promise<LoginStatus>) => {
    setError(null);
    call.then(setLogin).catch((e: unknown) => setError(errorText(e)));
  };
  // Armed from the other wizard step (or the CLI): the logins would go to another run.
  const elsewhere = !!login?.armed && login.target?.runId !== runId;

  const seconds = parseSeconds(secs);
  const addStopwatch = () => {
    if (!seconds || !title.trim()) return;
    setError(null);
    api()
      .tasksStopwatchAdd({
        title: title.trim(),
        seconds,
        kind,
        ...(note.trim() ? { note: note.trim() } : {}),
        runId,
      })
      .then(() => {
        setStatus(
          `Added "${title.trim()}" (${seconds.length} timing${seconds.length > 1 ? 's' : ''}, ${STOPWATCH_KIND_CHOICES.find((c) => c.kind === kind)!.label.toLowerCase()}) to this run. Time it with the same title on the new drive so the two pair up.`,
        );
        setTitle('');
        setSecs('');
        setNote('');
        setKind(null);
        onAdded();
      })
      .catch((e: unknown) => setError(errorText(e)));
  };

  return (
    <details className="manual-timings">
      <summary>Add timings you take yourself: login to desktop, stopwatch</summary>
      <h3>Login to desktop</h3>
      <ol>
        {LOGIN_STEPS.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ol>
      <p className="muted small" data-testid="login-status">
        {loginStatusText(login, runId)}
        {login?.armed && (
          <>
            {' '}
            Autostart entry: <code>{login.entryPath}</code>
          </>
        )}
      </p>
      <div className="row-inline">
        {(!login?.armed || elsewhere) && (
          <button
            type="button"
            onClick={() => loginCall(api().tasksLoginArm({ runId }))}
            disabled={!login}
          >
            {elsewhere ? 'Time logins for this run instead' : 'Time my next login'}
          </button>
        )}
        {login?.armed && (
          <button type="button" onClick={() => loginCall(api().tasksLoginDisarm({}))}>
            Stop timing logins
          </button>
        )}
      </div>

      <h3>Stopwatch</h3>
      <p className="muted small">
        For anything else you time by hand — boot from the boot menu to the login screen, starting a
        virtual machine, opening a big project — in seconds or m:ss, several timings separated by
        commas.
      </p>
      <div className="usage-grid">
        <label className="num-field">
          <span>What you timed</span>
          <input
            type="text"
            value={title}
            maxLength={120}
            onChange={(e) => setTitle(e.target.value)}
          />
        </label>
        <label className="num-field">
          <span>Timings</span>
          <input
            type="text"
            value={secs}
            placeholder="27, 26.5, 1:05"
            onChange={(e) => setSecs(e.target.value)}
          />
        </label>
        <label className="num-field">
          <span>Kind</span>
          <select
            value={kind}
            onChange={(e) =>
              setKind(e.target.value as (typeof STOPWATCH_KIND_CHOICES)[number]['kind'])
            }
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
            onChange={(e) => setNote(e.target.value)}
          />
        </label>
      </div>
      <p className="muted small">
        {STOPWATCH_KIND_CHOICES.find((c) => c.kind === kind)!.label}:{' '}
        {STOPWATCH_KIND_CHOICES.find((c) => c.kind === kind)!.hint}.
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
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
    </details>
  );
}
