// The file chosen in the desktop menu's File → Import results… (opened by main). The preload
// holds it until this hook subscribes, so it arrives even when the import screen mounts later.
import { useEffect, useRef } from 'react';
import type { ChosenImportFile } from '../../shared/contract/desktop';
import { api } from '../api/transport';

export function useChosenFile(onFile: (file: ChosenImportFile) => void): void {
  const latest = useRef(onFile);
  useEffect(() => {
    latest.current = onFile;
  });
  useEffect(() => api().on('import.fileChosen', (file) => latest.current(file)), []);
}
