// "Import results…": a file (read as text in the renderer, or in main from the app menu's
// chooser) or pasted output of hdparm, dd, seeker, bonnie++, iozone, fio, or a Drivewise run
// file. Shows what was recognised, figure by figure.
import { importedFigureLabel } from '../../shared/labels';
import { testIdOf } from '../../shared/import/to-run';
import { useId, useRef, useState } from 'react';
import type { Res } from '../../shared/contract';
import type { RunDocument } from '../../shared/schemas/run';
import { api } from '../api/transport';
import { errorText } from './download';
import { useChosenFile } from './use-chosen-file';
import './history.css';

type Imported = Res<'runs.importText'>;

/** Tool outputs are a few kB; the browser-mode socket takes messages up to 1 MiB. */
const MAX_CHARS = 900_000;

export function ImportPanel({ onImported }: { onImported?: (run: RunDocument) => void }) {
  const [text, setText] = useState('');
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<Imported | null>(null);
  const ids = { text: useId(), name: useId(), file: useId() };
  const fileInput = useRef<HTMLInputElement>(null);

  // `runName`: the name to save under now (a name just set from a file is not in state yet).
  const run = async (input: string, runName = name) => {
    setError(null);
    setResult(null);
    if (input.trim() === '') return setError('Paste some tool output or choose a file first.');
    if (input.length > MAX_CHARS)
      return setError('That is larger than any tool output (900 kB limit).');
    setBusy(true);
    try {
      const r = await api().runsImportText({
        text: input,
        ...(runName.trim() ? { name: runName.trim() } : {}),
      });
      setResult(r);
      onImported?.(r.run);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const onFile = async (f: File | undefined) => {
    if (!f) return;
    if (f.size > MAX_CHARS)
      return setError(`${f.name} is larger than any tool output (900 kB limit).`);
    await importLoaded(await f.text(), f.name);
  };

  const importLoaded = async (t: string, fileName: string) => {
    setText(t);
    const runName = name.trim() || fileName.replace(/\.(txt|log|json|csv)$/i, '');
    setName(runName);
    await run(t, runName);
  };

  // The app menu's "Import results…" opens its chooser in main; the chosen file arrives here.
  useChosenFile((file) => {
    fileInput.current?.scrollIntoView({ block: 'center' });
    if ('error' in file) {
      setResult(null);
      return setError(file.error);
    }
    void importLoaded(file.text, file.name);
  });

  return (
    <section className="dw-import" aria-labelledby={`${ids.text}-h`}>
      <h3 id={`${ids.text}-h`}>Import results</h3>
      <p className="muted">
        Paste what hdparm, dd, seeker, bonnie++, iozone, fio, CrystalDiskMark or KDiskMark printed
        (several in one paste is fine), or choose a saved Drivewise run file. Imported figures are
        kept in your history and compare with your own runs and the reference drives.
      </p>
      <label htmlFor={ids.text}>Tool output</label>
      <textarea
        id={ids.text}
        value={text}
        onChange={(e) => setText(e.target.value)}
        rows={8}
        spellCheck={false}
        placeholder={
          '/dev/sda:\n Timing buffered disk reads: 500 MB in 3.00 seconds = 166.48 MB/sec'
        }
      />
      <div className="dw-import-row">
        <label htmlFor={ids.name}>Name (optional)</label>
        <input
          id={ids.name}
          value={name}
          maxLength={200}
          onChange={(e) => setName(e.target.value)}
        />
        <label htmlFor={ids.file}>…or a file</label>
        <input
          id={ids.file}
          ref={fileInput}
          type="file"
          accept=".txt,.log,.json,.csv,text/plain,application/json"
          onChange={(e) => void onFile(e.target.files?.[0])}
        />
      </div>
      <div className="actions">
        <button type="button" className="primary" disabled={busy} onClick={() => void run(text)}>
          {busy ? 'Importing…' : 'Import'}
        </button>
      </div>
      {error && (
        <p role="alert" className="dw-error">
          {error}
        </p>
      )}
      {result && <Recognised r={result} />}
    </section>
  );
}

function Recognised({ r }: { r: Imported }) {
  if (r.tool === 'drivewise')
    return (
      <p role="status" className="dw-ok">
        Run file imported into history: {r.run.name ?? r.run.id} ({r.run.label}).
      </p>
    );
  return (
    <div role="status" className="dw-recognised">
      <p className="dw-ok">
        Recognised {r.tools.join(' + ')}: {r.results.length} figures, saved as “{r.run.name}”.
      </p>
      <table className="dw-table">
        <caption className="sr-only">Recognised figures</caption>
        <thead>
          <tr>
            <th scope="col">Tool</th>
            <th scope="col">Figure</th>
            <th scope="col">Value</th>
            <th scope="col">Unit</th>
            <th scope="col">Details</th>
          </tr>
        </thead>
        <tbody>
          {r.results.map((x, i) => (
            <tr key={i}>
              <td>{x.tool}</td>
              <td>{importedFigureLabel(testIdOf(x.tool, x.metric), x)}</td>
              <td className="num">{x.value ?? '—'}</td>
              <td>{x.unit}</td>
              <td className="muted">
                {[
                  x.device,
                  x.direct ? 'O_DIRECT' : null,
                  x.record_kb !== undefined ? `record ${x.record_kb} KB` : null,
                  x.file_kb !== undefined ? `file ${x.file_kb} KB` : null,
                  x.job ? `job ${x.job}` : null,
                  x.note,
                ]
                  .filter(Boolean)
                  .join(', ')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
