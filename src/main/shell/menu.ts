import type { MenuItemConstructorOptions } from 'electron';
import type { FeatureFlags, MenuAction } from '../../shared/contract/app';

export function menuTemplate(
  features: FeatureFlags,
  send: (action: MenuAction) => void,
  quit: () => void,
): MenuItemConstructorOptions[] {
  return [
    {
      label: '&File',
      submenu: [
        {
          label: 'Save report…',
          accelerator: 'CmdOrCtrl+S',
          enabled: features.saveReport,
          click: () => send('save-report'),
        },
        {
          label: 'Export results…',
          enabled: features.exportResults,
          click: () => send('export-results'),
        },
        {
          label: 'Import results…',
          accelerator: 'CmdOrCtrl+O',
          enabled: features.importResults,
          click: () => send('import-results'),
        },
        { label: 'Rank a fleet of machines…', click: () => send('open-fleet') },
        { type: 'separator' },
        { label: 'Quit', accelerator: 'CmdOrCtrl+Q', click: quit },
      ],
    },
    {
      label: '&Edit',
      submenu: [
        { role: 'undo' },
        { role: 'redo' },
        { type: 'separator' },
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        { role: 'selectAll' },
      ],
    },
    // Zoom for small and large screens (Ctrl+0, Ctrl++ and Ctrl+-); Chromium keeps the level.
    {
      label: '&View',
      submenu: [
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    { label: '&Help', submenu: [{ label: 'About Drivewise', click: () => send('about') }] },
  ];
}
