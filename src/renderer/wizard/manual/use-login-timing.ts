// The login timer's status, and arming it for a run or disarming it.
import { useEffect, useState } from 'react';
import type { LoginStatus } from '../../../shared/contract/tasks';
import { errorText } from '../../../shared/format';
import { api } from '../../api/transport';

export function useLoginTiming(runId: string, onError: (message: string | null) => void) {
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
  return {
    login,
    arm: () => loginCall(api().tasksLoginArm({ runId })),
    disarm: () => loginCall(api().tasksLoginDisarm({})),
  };
}
