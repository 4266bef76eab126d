// Saving the report from any screen that knows its runs (the Verdict step, history): a button and
// the File → Save report… menu item. In the desktop app main asks where to save; in browser mode
// the file goes to the home folder and its path is shown.
import { useCallback, useEffect, useState } from 'react';
import type { PaperSize } from '../../shared/contract/report';
import { api } from '../api/transport';
import { errorText } from '../components/format';

export interface SaveReportProps {
  beforeId: string;
  afterId?: string | undefined;
}

type Status =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'done'; text: string }
  | { kind: 'error'; text: string };

export function useSaveReport({ beforeId, afterId }: SaveReportProps) {
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const save = useCallback(
    async (paper: PaperSize = 'a4', showSerials = false) => {
      setStatus({ kind: 'busy' });
      try {
        const r = await api().reportSavePdf({
          beforeId,
          ...(afterId ? { afterId } : {}),
          paper,
          showSerials,
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
  // File → Save report… arrives as a menu action; the screen showing runs answers it.
  useEffect(
    () =>
      api().on('menu.action', ({ action }) => {
        if (action === 'save-report') void save();
      }),
    [save],
  );
  return { status, save };
}

export function SaveReportButton(props: SaveReportProps) {
  const { status, save } = useSaveReport(props);
  const [paper, setPaper] = useState<PaperSize>('a4');
  const [serials, setSerials] = useState(false);
  return (
    <div className="actions" data-testid="save-report">
      <label>
        Paper{' '}
        <select value={paper} onChange={(e) => setPaper(e.target.value as PaperSize)}>
          <option value="a4">A4</option>
          <option value="letter">Letter</option>
        </select>
      </label>
      <label>
        <input type="checkbox" checked={serials} onChange={(e) => setSerials(e.target.checked)} />{' '}
        Include serial numbers
      </label>
      <button
        type="button"
        disabled={status.kind === 'busy'}
        onClick={() => void save(paper, serials)}
      >
        {status.kind === 'busy' ? 'Saving report…' : 'Save PDF report…'}
      </button>
      <span role="status" className={status.kind === 'error' ? 'bad' : 'muted'}>
        {status.kind === 'done' || status.kind === 'error' ? status.text : ''}
      </span>
    </div>
  );
}
