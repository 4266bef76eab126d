// The Electron shell: window, menu, IPC wiring. Everything else lives in plain-Node modules.
import { app, BrowserWindow, dialog, ipcMain, Menu, session, utilityProcess } from 'electron';
import { join } from 'node:path';
import {
  LOGIN_PROBE_SWITCH,
  loginProbeTarget,
  processStartNs,
  writeLoginProbeRecord,
} from '../tasks/login-probe-record';
import { createServices } from '../core/services';
import { defaultWorkerPath } from '../engine/client';
import { collectLoginAtStart } from '../tasks';
import { createDispatch, createHandlers } from '../router';
import { readInput } from '../store/cli';
import { appUrlPrefixFor } from '../shell/app-url';
import { chooseImportFile, IMPORT_FILTERS } from '../shell/import-dialog';
import { forwardEvents, registerIpc } from '../shell/ipc';
import { menuTemplate } from '../shell/menu';
import { lockDownSession } from '../shell/session-guard';
import { utilityProcessSpawner } from '../shell/utility-spawner';
import { installReportPrinter } from '../shell/report-window';
import { lockDownNavigation, windowOptions, WM_CLASS } from '../shell/window';
import type { Services } from '../core/services';
import type { MenuAction } from '../../shared/contract/app';

// First thing: the AppImage's login-timing autostart (`$APPIMAGE [--no-sandbox]
// --drivewise-login-probe FILE`) records and exits, with no window, lock or services.
const probeTarget = loginProbeTarget(process.argv);
if (probeTarget !== null) {
  const startedNs = processStartNs();
  let code = 0;
  try {
    if (probeTarget instanceof Error) throw probeTarget;
    writeLoginProbeRecord(probeTarget, startedNs);
  } catch (err) {
    process.stderr.write(`drivewise ${LOGIN_PROBE_SWITCH}: ${(err as Error).message}\n`);
    code = 2;
  }
  app.exit(code);
  // app.exit is documented to exit at once; should a version wait for 'ready', do not linger.
  process.exit(code);
} else {
  startApp();
}

function startApp(): void {
  app.setName('Drivewise');
  // Chromium derives the X11 WM_CLASS from this; it must match the desktop entry.
  app.commandLine.appendSwitch('class', WM_CLASS);

  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  let win: BrowserWindow | null = null;
  app.on('second-instance', () => {
    if (win) {
      if (win.isMinimized()) win.restore();
      win.focus();
    }
  });

  void app.whenReady().then(() => {
    const services = createServices({
      host: 'electron',
      configDir: app.getPath('userData'),
      // The engine runs as a utilityProcess; its path is looked up per run, so a missing bundle
      // fails that run, not the start of the app.
      engineSpawner: () => utilityProcessSpawner(utilityProcess, defaultWorkerPath())(),
    });
    // Logins timed since the last start (autostart probe) become a stored result.
    void collectLoginAtStart(services);
    const rendererIndex = join(__dirname, '..', 'renderer', 'index.html');
    const appUrlPrefix = appUrlPrefixFor(join(__dirname, '..', 'renderer'));

    lockDownSession(session.defaultSession);
    registerIpc(ipcMain, createDispatch(createHandlers(services)), appUrlPrefix);

    win = new BrowserWindow(
      windowOptions(
        join(__dirname, 'preload.js'),
        join(__dirname, '..', '..', 'assets', 'icons', '512x512.png'),
      ),
    );
    lockDownNavigation(win.webContents, appUrlPrefix);
    const stopForwarding = forwardEvents(ipcMain, services.bus, win.webContents);
    const send = (action: MenuAction): void => {
      if (!win || win.isDestroyed()) return;
      // The page brings up its import screen; the chooser itself opens here, in main.
      services.bus.emit('menu.action', { action });
      if (action === 'import-results') importFile(win, services);
    };
    Menu.setApplicationMenu(
      Menu.buildFromTemplate(menuTemplate(services.features, send, () => app.quit())),
    );
    installReportPrinter({
      parent: () => win,
      rendererIndex,
      preloadPath: join(__dirname, 'preload.js'),
      appUrlPrefix,
    });
    win.once('ready-to-show', () => win?.show());
    win.on('closed', () => {
      stopForwarding();
      win = null;
    });
    void win.loadFile(rendererIndex);

    app.on('before-quit', () => services.jobs.cancelAll());
  });

  app.on('window-all-closed', () => app.quit());
}

/** The import chooser, parented to the window; a closed window or cancelled dialog does nothing. */
function importFile(parent: BrowserWindow | null, services: Services): void {
  if (!parent || parent.isDestroyed()) return;
  void chooseImportFile({
    choose: () =>
      dialog.showOpenDialog(parent, {
        title: 'Import results',
        properties: ['openFile'],
        filters: IMPORT_FILTERS,
      }),
    readText: readInput,
    emit: (file) => services.bus.emit('import.fileChosen', file),
  }).catch(() => undefined);
}
