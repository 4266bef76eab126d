// Admin rights for this session: the helper's status as it changes, and asking for them (or
// giving them back). A failed call is one line in `error`.
import { useEffect, useState } from 'react';
import type { PrivilegedStatus } from '../../../shared/contract/privileged';
import { errorText } from '../../../shared/format';
import { api } from '../../api/transport';

export function usePrivileged() {
  const [status, setStatus] = useState<PrivilegedStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const off = api().on('privileged.changed', setStatus);
    api()
      .privilegedStatus({})
      .then(setStatus)
      .catch((e: unknown) => setError(errorText(e)));
    return off;
  }, []);
  const run = (p: Promise<PrivilegedStatus>) => {
    setError(null);
    p.then(setStatus).catch((e: unknown) => setError(errorText(e)));
  };
  return {
    status,
    error,
    request: (again: boolean) => run(api().privilegedRequest(again ? { again: true } : {})),
    release: () => run(api().privilegedRelease({})),
  };
}
