// "Import results…": a file (read as text in the renderer, or in main from the app menu's
// chooser) or pasted output of hdparm, dd, seeker, bonnie++, iozone, fio, or a Drivewise run
// file. Shows what was recognised, figure by figure.
import { useId, useRef } from 'react';
import type { RunDocument } from '../../shared/schemas/run';
import { Recognised } from './Recognised';
import { useImport } from './use-import';
import './history.css';

export function ImportPanel({ onImported }: { onImported?: (run: RunDocument) => void }) {
  const ids = { text: useId(), name: useId(), file: useId() };
  const fileInput = useRef<HTMLInputElement>(null);
  const { text, setText, name, setName, busy, error, result, run, onFile } = useImport(
    onImported,
    () => fileInput.current?.scrollIntoView({ block: 'center' }),
  );

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
