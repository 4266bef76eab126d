// What a Linux desktop app is expected to have: a right-click menu with Cut/Copy/Paste in fields,
// zoom in the View menu, and the desktop's own file and folder dialogs for every typed path.
import { describe, expect, it, vi } from 'vitest';
import type { BrowserWindow, Dialog } from 'electron';
import { contextMenuTemplate } from '../../../../src/main/shell/context-menu';
import { menuTemplate } from '../../../../src/main/shell/menu';
import { dialogChooser } from '../../../../src/main/shell/path-chooser';

const flags = {
  canUndo: true,
  canRedo: false,
  canCut: true,
  canCopy: true,
  canPaste: true,
  canDelete: true,
  canSelectAll: true,
  canEditRichly: false,
};

describe('the right-click menu', () => {
  it('in a field: undo, redo, cut, copy, paste, select all, as the field allows', () => {
    const t = contextMenuTemplate({ isEditable: true, selectionText: '', editFlags: flags });
    expect(t.map((i) => i.role ?? i.type)).toEqual([
      'undo',
      'redo',
      'separator',
      'cut',
      'copy',
      'paste',
      'separator',
      'selectAll',
    ]);
    expect(t.find((i) => i.role === 'redo')?.enabled).toBe(false);
  });

  it('on selected text: copy; elsewhere: no menu', () => {
    const sel = contextMenuTemplate({
      isEditable: false,
      selectionText: '4.3 GB',
      editFlags: flags,
    });
    expect(sel.map((i) => i.role)).toEqual(['copy', 'selectAll']);
    expect(
      contextMenuTemplate({ isEditable: false, selectionText: ' ', editFlags: flags }),
    ).toEqual([]);
  });
});

describe('the menu bar', () => {
  it('Edit and View (zoom) between File and Help', () => {
    const tpl = menuTemplate(
      { saveReport: true, exportResults: true, importResults: true },
      vi.fn(),
      vi.fn(),
    );
    expect(tpl.map((m) => m.label)).toEqual(['&File', '&Edit', '&View', '&Help']);
    const view = tpl[2]!.submenu as { role?: string }[];
    expect(view.map((i) => i.role).filter(Boolean)).toEqual([
      'resetZoom',
      'zoomIn',
      'zoomOut',
      'togglefullscreen',
    ]);
    const edit = tpl[1]!.submenu as { role?: string }[];
    expect(edit.map((i) => i.role).filter(Boolean)).toEqual(
      expect.arrayContaining(['cut', 'copy', 'paste']),
    );
  });
});

describe("files.choose in the app: Electron's dialogs, parented to the window", () => {
  const win = {} as BrowserWindow;
  function fakeDialog(answer: { canceled: boolean; filePaths?: string[]; filePath?: string }) {
    return {
      showOpenDialog: vi.fn(async (..._a: unknown[]) => ({
        canceled: answer.canceled,
        filePaths: answer.filePaths ?? [],
      })),
      showSaveDialog: vi.fn(async (..._a: unknown[]) => ({
        canceled: answer.canceled,
        filePath: answer.filePath ?? '',
      })),
    };
  }

  it('a folder: openDirectory where the field points', async () => {
    const d = fakeDialog({ canceled: false, filePaths: ['/media/ana/SSD'] });
    const c = dialogChooser(d as unknown as Dialog, () => win);
    const path = await c.choose({
      kind: 'folder',
      title: 'Folder for the test files',
      defaultPath: '/media',
    });
    expect(path).toBe('/media/ana/SSD');
    expect(d.showOpenDialog).toHaveBeenCalledWith(win, {
      title: 'Folder for the test files',
      defaultPath: '/media',
      properties: ['openDirectory', 'createDirectory'],
    });
  });

  it('a file with its endings; a save with overwrite confirmation; cancel is null', async () => {
    const open = fakeDialog({ canceled: false, filePaths: ['/home/ana/b.json'] });
    await dialogChooser(open as unknown as Dialog, () => win).choose({
      kind: 'file',
      title: 'Baseline',
      extensions: ['json'],
    });
    expect(open.showOpenDialog.mock.calls[0]![1]).toMatchObject({
      properties: ['openFile'],
      filters: [
        { name: '.json', extensions: ['json'] },
        { name: 'All files', extensions: ['*'] },
      ],
    });
    const save = fakeDialog({ canceled: true });
    const none = await dialogChooser(save as unknown as Dialog, () => null).choose({
      kind: 'save',
      title: 'Save the baseline to',
      defaultPath: 'drivewise-baseline.json',
    });
    expect(none).toBeNull();
    expect(save.showSaveDialog).toHaveBeenCalledWith({
      title: 'Save the baseline to',
      defaultPath: 'drivewise-baseline.json',
      properties: ['createDirectory', 'showOverwriteConfirmation'],
    });
  });
});
