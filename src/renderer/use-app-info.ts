// The app's version and environment, fetched once at start into the app store (the footer and
// the About dialog read it from there).
import { useEffect } from 'react';
import { errorText } from '../shared/format';
import { api } from './api/transport';
import { useApp } from './store';
import { startProgressSync } from './wizard/progress-sync';

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

/** The wizard's progress: loaded from the back end once, then saved as it changes. */
export function useProgressSync(): void {
  useEffect(() => {
    let stop: (() => void) | null = null;
    let gone = false;
    void startProgressSync().then((s) => {
      if (gone) s();
      else stop = s;
    });
    return () => {
      gone = true;
      stop?.();
    };
  }, []);
}
