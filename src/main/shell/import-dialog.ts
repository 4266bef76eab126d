// File → Import results…: the chooser opens in main (a page may open one only right after a
// real click inside it), the file is read here through the store's reader, and its text goes to
// the renderer as the contract event 'import.fileChosen', which the preload holds for the panel.
import { basename, isAbsolute } from 'node:path';
import {
  CHOSEN_FILE_MAX_CHARS,
  chosenImportFile,
  type ChosenImportFile,
} from '../../shared/contract/desktop';
import { oneLine } from '../core/errors';

export const IMPORT_FILTERS = [
  { name: 'Tool output or Drivewise run', extensions: ['txt', 'log', 'json', 'csv'] },
  { name: 'All files', extensions: ['*'] },
];

export interface ImportDialogDeps {
  /** dialog.showOpenDialog bound to the window. */
  choose: () => Promise<{ canceled: boolean; filePaths: string[] }>;
  /** The store's capped, regular-files-only reader. */
  readText: (path: string) => Promise<string>;
  emit: (file: ChosenImportFile) => void;
}

/** Shows the chooser and hands the chosen file on; null when the person cancelled. */
export async function chooseImportFile(d: ImportDialogDeps): Promise<ChosenImportFile | null> {
  const r = await d.choose();
  const path = r.canceled ? undefined : r.filePaths[0];
  if (!path) return null;
  const name = (basename(path) || path).slice(0, 255);
  let file: ChosenImportFile;
  try {
    if (!isAbsolute(path)) throw new Error(`${path} is not an absolute path`);
    const text = await d.readText(path);
    file =
      text.length > CHOSEN_FILE_MAX_CHARS
        ? { name, error: `${name} is too large to import (4 MiB of text at most)` }
        : { name, text };
  } catch (err) {
    file = { name, error: oneLine(err).slice(0, 1000) };
  }
  const checked = chosenImportFile.parse(file);
  d.emit(checked);
  return checked;
}
