// The app menu's actions that the window answers: the ones that belong to the history screen
// bring it up; About opens the small dialog whose ref this returns.
import { useEffect, useRef } from 'react';
import { api } from './api/transport';
import { useApp } from './store';

export function useAppMenu() {
  const about = useRef<HTMLDialogElement>(null);
  useEffect(
    () =>
      api().on('menu.action', ({ action }) => {
        if (action === 'import-results' || action === 'export-results')
          useApp.getState().setView('history');
        if (action === 'about') about.current?.showModal();
      }),
    [],
  );
  return about;
}
