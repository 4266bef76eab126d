// The right-click menu of the app's pages: Cut, Copy and Paste in fields, Copy on a selection, as
// every desktop app has. Roles, so Chromium does the editing (and the clipboard permission the
// session denies to pages is not involved).
import type { ContextMenuParams, MenuItemConstructorOptions } from 'electron';

type Params = Pick<ContextMenuParams, 'isEditable' | 'selectionText' | 'editFlags'>;

export function contextMenuTemplate(p: Params): MenuItemConstructorOptions[] {
  const f = p.editFlags;
  if (p.isEditable)
    return [
      { role: 'undo', enabled: f.canUndo },
      { role: 'redo', enabled: f.canRedo },
      { type: 'separator' },
      { role: 'cut', enabled: f.canCut },
      { role: 'copy', enabled: f.canCopy },
      { role: 'paste', enabled: f.canPaste },
      { type: 'separator' },
      { role: 'selectAll', enabled: f.canSelectAll },
    ];
  if (p.selectionText.trim()) return [{ role: 'copy' }, { role: 'selectAll' }];
  return [];
}
