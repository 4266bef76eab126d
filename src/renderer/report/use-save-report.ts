// Saving the report as a PDF through main, and File → Save report… (desktop only, where main
// asks where with a dialog). The status is what SaveReportButton shows beside its button.
import { useCallback, useEffect, useState } from 'react';
import type { PaperSize } from '../../shared/contract/report';
import { errorText } from '../../shared/format';
import { api } from '../api/transport';

export interface SaveReportProps {
  beforeId: string;
  afterId?: string | undefined;
  /** Answer File → Save report… (one screen at a time should). */
  menu?: boolean;
}

type Status =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'done'; text: string }
  | { kind: 'error'; text: string };

/** How many report screens answer File → Save report… right now (none: the menu says why). */
let menuSavers = 0;
export const saveReportOnScreen = (): boolean => menuSavers > 0;

export function useSaveReport({ beforeId, afterId, menu = true }: SaveReportProps) {
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const save = useCallback(
    async (paper: PaperSize = 'a4', showSerials = false, path?: string) => {
      setStatus({ kind: 'busy' });
      try {
        const r = await api().reportSavePdf({
          beforeId,
          ...(afterId ? { afterId } : {}),
          paper,
          showSerials,
          ...(path ? { path } : {}),
        });
        setStatus(
          r.path
            ? { kind: 'done', text: `Saved ${r.path} (${r.pages} page${r.pages === 1 ? '' : 's'})` }
            : { kind: 'idle' },
        );
      } catch (e) {
        setStatus({ kind: 'error', text: errorText(e) });
      }
    },
    [beforeId, afterId],
  );
  // File → Save report… arrives as a menu action (desktop only, where main shows a dialog).
  useEffect(() => {
    if (!menu) return undefined;
    menuSavers++;
    const off = api().on('menu.action', ({ action }) => {
      if (action === 'save-report') void save();
    });
    return () => {
      menuSavers--;
      off();
    };
  }, [save, menu]);
  return { status, save, setStatus };
}
