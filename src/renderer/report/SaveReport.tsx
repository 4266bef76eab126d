// Saving the report from any screen that knows its runs (the Verdict step, history): a button and
// the File → Save report… menu item. In the desktop app main asks where to save with a dialog. In
// browser mode there is no dialog, so nothing is written until the person says where: a path
// field, or the printable report opened in a tab to save from the browser's own print dialog.
// The saving itself (and the menu item) is useSaveReport's; this file is the button and fields.
import { useState } from 'react';
import { SavePathField } from '../components/SavePathField';
import { reportHash, type PaperSize } from '../../shared/contract/report';
import { useSaveReport, type SaveReportProps } from './use-save-report';

/** Browser mode: no preload, so no save dialog on the other side of the API. */
export const isBrowserMode = (): boolean =>
  typeof window !== 'undefined' && !(window as { drivewise?: unknown }).drivewise;

/** Where a browser-mode save may go: a full path to a .pdf file. Returns a one-line problem. */
export function pathProblem(path: string): string | null {
  const p = path.trim();
  if (!p) return 'Type where to save the PDF, e.g. /home/you/Documents/drive-report.pdf';
  if (!p.startsWith('/')) return 'Give the full path, starting with /';
  if (!/\.pdf$/i.test(p)) return 'The file name should end in .pdf';
  return null;
}

export function SaveReportButton(props: SaveReportProps) {
  const { status, save, setStatus } = useSaveReport(props);
  const [paper, setPaper] = useState<PaperSize>('a4');
  const [serials, setSerials] = useState(false);
  const [path, setPath] = useState('');
  const browser = isBrowserMode();
  const printable =
    typeof window === 'undefined'
      ? '#'
      : `${window.location.pathname}${window.location.search}${reportHash({
          beforeId: props.beforeId,
          ...(props.afterId ? { afterId: props.afterId } : {}),
          paper,
          showSerials: serials,
        })}`;
  const onSave = () => {
    if (!browser) return void save(paper, serials);
    const problem = pathProblem(path);
    if (problem) return setStatus({ kind: 'error', text: problem });
    void save(paper, serials, path.trim());
  };
  return (
    <div className="actions dw-save-report" data-testid="save-report">
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
      {browser && (
        <SavePathField
          value={path}
          onChange={setPath}
          placeholder="/home/you/Documents/drive-report.pdf"
          label="Save the PDF to (full path)"
          extension="pdf"
        />
      )}
      <button type="button" disabled={status.kind === 'busy'} onClick={onSave}>
        {status.kind === 'busy' ? 'Saving report…' : browser ? 'Save PDF' : 'Save PDF report…'}
      </button>
      {browser && (
        <a href={printable} target="_blank" rel="noopener noreferrer">
          Open the printable report (save it from your browser&apos;s print dialog)
        </a>
      )}
      <span role="status" className={status.kind === 'error' ? 'bad' : 'muted'}>
        {status.kind === 'done' || status.kind === 'error' ? status.text : ''}
      </span>
    </div>
  );
}
