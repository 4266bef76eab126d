// The app menu's actions that the window answers: the ones that belong to the history screen
// bring it up, the fleet entry opens the fleet view; About opens the small dialog whose ref this returns; Save report (Ctrl+S) away
// from the screens that have a report says where it works instead of doing nothing.
import { useEffect, useRef, useState } from 'react';
import { api } from './api/transport';
import { saveReportOnScreen } from './report/use-save-report';
import { useApp } from './store';

export const SAVE_REPORT_ELSEWHERE =
  'Save report (Ctrl+S) works on the Verdict step once it compares two runs: open it first ' +
  '(History & import has its own Save report button).';

export function useAppMenu() {
  const about = useRef<HTMLDialogElement>(null);
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = api().on('menu.action', ({ action }) => {
      if (action === 'import-results' || action === 'export-results')
        useApp.getState().setView('history');
      if (action === 'open-fleet') useApp.getState().setView('fleet');
      if (action === 'about') about.current?.showModal();
      if (action === 'save-report' && !saveReportOnScreen()) {
        setNotice(SAVE_REPORT_ELSEWHERE);
        clearTimeout(timer);
        timer = setTimeout(() => setNotice(null), 10_000);
      }
    });
    return () => {
      off();
      clearTimeout(timer);
    };
  }, []);
  return { about, notice };
}
