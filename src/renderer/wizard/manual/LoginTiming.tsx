// Login to desktop: arms an autostart entry that times the next login into this run.
import { useEffect, useState } from 'react';
import { LOGIN_STEPS, type LoginStatus } from '../../../shared/contract/tasks';
import { errorText } from '../../../shared/format';
import { api } from '../../api/transport';
import { loginStatusText } from '../manual-timings-text';

export function LoginTiming({
  runId,
  onError,
}: {
  runId: string;
  /** One line for a failed call; null clears it. */
  onError(message: string | null): void;
}) {
  const [login, setLogin] = useState<LoginStatus | null>(null);
  useEffect(() => {
    api()
      .tasksLoginStatus({})
      .then(setLogin)
      .catch((e: unknown) => onError(errorText(e)));
  }, [onError]);
  const loginCall = (call: Promise<LoginStatus>) => {
    onError(null);
    call.then(setLogin).catch((e: unknown) => onError(errorText(e)));
  };
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
    </>
  );
}
