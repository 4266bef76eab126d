// Login to desktop: arms an autostart entry that times the next login into this run.
import { LOGIN_STEPS } from '../../../shared/contract/tasks';
import { loginStatusText } from '../manual-timings-text';
import { useLoginTiming } from './use-login-timing';

export function LoginTiming({
  runId,
  onError,
}: {
  runId: string;
  /** One line for a failed call; null clears it. */
  onError(message: string | null): void;
}) {
  const { login, arm, disarm } = useLoginTiming(runId, onError);
  // Armed from the other wizard step (or the CLI): the logins would go to another run.
  const elsewhere = !!login?.armed && login.target?.runId !== runId;
  return (
    <>
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
          <button type="button" onClick={arm} disabled={!login}>
            {elsewhere ? 'Time logins for this run instead' : 'Time my next login'}
          </button>
        )}
        {login?.armed && (
          <button type="button" onClick={disarm}>
            Stop timing logins
          </button>
        )}
      </div>
    </>
  );
}
