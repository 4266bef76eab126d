// The app's version and environment, fetched once at start into the app store (the footer and
// the About dialog read it from there).
import { useEffect } from 'react';
import { errorText } from '../shared/format';
import { api } from './api/transport';
import { useApp } from './store';

export function useAppInfo(): void {
  const setInfo = useApp((s) => s.setInfo);
  const setInfoError = useApp((s) => s.setInfoError);
  useEffect(() => {
    api()
      .appInfo({})
      .then(setInfo)
      .catch((e: unknown) => setInfoError(errorText(e)));
  }, [setInfo, setInfoError]);
}
