// files.choose in the app: Electron's own dialogs, which on GNOME and KDE are the desktop portal's
// chooser (xdg-desktop-portal), parented to the window. Browser mode has no such dialog; its page
// shows a picker of its own (files.list).
import type { BrowserWindow, Dialog, FileFilter } from 'electron';
import type { ChooseRequest } from '../../shared/contract/files';
import type { PathChooser } from '../drives/browse';

function filters(req: ChooseRequest): FileFilter[] | undefined {
  if (!req.extensions?.length) return undefined;
  return [
    { name: req.extensions.map((x) => `.${x}`).join(', '), extensions: req.extensions },
    { name: 'All files', extensions: ['*'] },
  ];
}

export function dialogChooser(
  dialog: Pick<Dialog, 'showOpenDialog' | 'showSaveDialog'>,
  parent: () => BrowserWindow | null,
): PathChooser {
  return {
    choose: async (req) => {
      const win = parent();
      const common = {
        title: req.title,
        ...(req.defaultPath ? { defaultPath: req.defaultPath } : {}),
        ...(filters(req) ? { filters: filters(req)! } : {}),
      };
      if (req.kind === 'save') {
        const opts: Electron.SaveDialogOptions = {
          ...common,
          properties: ['createDirectory', 'showOverwriteConfirmation'],
        };
        const r = win ? await dialog.showSaveDialog(win, opts) : await dialog.showSaveDialog(opts);
        return r.canceled || !r.filePath ? null : r.filePath;
      }
      const opts: Electron.OpenDialogOptions = {
        ...common,
        properties: req.kind === 'folder' ? ['openDirectory', 'createDirectory'] : ['openFile'],
      };
      const r = win ? await dialog.showOpenDialog(win, opts) : await dialog.showOpenDialog(opts);
      return r.canceled ? null : (r.filePaths[0] ?? null);
    },
  };
}
