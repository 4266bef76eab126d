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
    { label: '&Help', submenu: [{ label: 'About Drivewise', click: () => send('about') }] },
  ];
}
