// Importing tool output: pasted text, a file chosen here, or the file the app menu's chooser sent.
// Bad input is one line in `error`; nothing is saved then.
import { useState } from 'react';
import type { RunDocument } from '../../shared/schemas/run';
import { api } from '../api/transport';
import { errorText } from './download';
import type { Imported } from './Recognised';
import { useChosenFile } from './use-chosen-file';

/** Tool outputs are a few kB; the browser-mode socket takes messages up to 1 MiB. */
const MAX_CHARS = 900_000;

/** `onChosen` runs when the menu's file arrives (the panel scrolls it into view). */
export function useImport(
  onImported: ((run: RunDocument) => void) | undefined,
  onChosen: () => void,
) {
  const [text, setText] = useState('');
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<Imported | null>(null);

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
    onChosen();
    if ('error' in file) {
      setResult(null);
      return setError(file.error);
    }
    void importLoaded(file.text, file.name);
  });

  return { text, setText, name, setName, busy, error, result, run, onFile };
}
