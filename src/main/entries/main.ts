// The Electron shell: window, menu, IPC wiring. Everything else lives in plain-Node modules.
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  powerSaveBlocker,
  screen,
  session,
  utilityProcess,
} from 'electron';
import { join } from 'node:path';
import {
  LOGIN_PROBE_SWITCH,
  loginProbeTarget,
  processStartNs,
  writeLoginProbeRecord,
} from '../tasks/login-probe-record';
import { defaultConfigDir } from '../core/services';
import { createServices } from '../create-services';
import { defaultWorkerPath } from '../engine/host/client';
import { collectLoginAtStart } from '../tasks';
import { createDispatch, createHandlers } from '../router';
import { readInput } from '../store/cli';
import { mergeAppFolder } from '../shell/app-folder-merge';
import { appUrlPrefixFor } from '../shell/app-url';
import { chooseImportFile, IMPORT_FILTERS } from '../shell/import-dialog';
import { forwardEvents, registerIpc } from '../shell/ipc';
import { menuTemplate } from '../shell/menu';
import { contextMenuTemplate } from '../shell/context-menu';
import { dialogChooser } from '../shell/path-chooser';
import { lockDownSession } from '../shell/session-guard';
import { utilityProcessSpawner } from '../shell/utility-spawner';
import { installReportPrinter } from '../shell/report-window';
import { runPrintChild } from '../shell/print-child';
import { PRINT_SWITCH } from '../report/print-engine';
import {
  askBeforeClosingDuringRuns,
  blockSuspendDuringRuns,
  reloadAfterCrash,
} from '../shell/run-guard';
import { loadWindowState, minimumFor, placeWindow, saveWindowState } from '../shell/window-state';
import { lockDownNavigation, windowOptions, WM_CLASS } from '../shell/window';
import type { Services } from '../core/services';
import type { MenuAction } from '../../shared/contract/app';

// First thing: the AppImage's login-timing autostart (`$APPIMAGE [--no-sandbox]
// --drivewise-login-probe FILE`) records and exits, with no window, lock or services.
const probeTarget = loginProbeTarget(process.argv);
if (process.argv.includes(PRINT_SWITCH)) {
  // The installed CLI printing a report with this binary (report/print-engine.ts).
  runPrintChild();
} else if (probeTarget !== null) {
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
  void app
    .whenReady()
    .then(openApp)
    .then((w) => {
      win = w;
      w.on('closed', () => (win = null));
    })
    .catch((err: unknown) => {
      process.stderr.write(`drivewise: could not start: ${(err as Error).message}\n`);
      app.exit(1);
    });
  app.on('window-all-closed', () => app.quit());
}

/** The shared store (moving an older version's history into it first) and the services. */
async function appServices(): Promise<Services> {
  // One history for the app, the CLI and browser mode; Electron's userData keeps only
  // Chromium's profile, and what older versions stored there is moved across first.
  const configDir = defaultConfigDir(process.env);
  const merged = await mergeAppFolder(app.getPath('userData'), configDir).catch((err: unknown) => ({
    moved: [],
    notes: [(err as Error).message],
  }));
  for (const note of merged.notes) process.stderr.write(`drivewise: ${note}\n`);
  return createServices({
    host: 'electron',
    configDir,
    // The engine runs as a utilityProcess; its path is looked up per run, so a missing bundle
    // fails that run, not the start of the app.
    engineSpawner: () => utilityProcessSpawner(utilityProcess, defaultWorkerPath())(),
  });
}

async function openApp(): Promise<BrowserWindow> {
  const services = await appServices();
  // Logins timed since the last start (autostart probe) become a stored result.
  void collectLoginAtStart(services);
  const rendererIndex = join(__dirname, '..', 'renderer', 'index.html');
  const appUrlPrefix = appUrlPrefixFor(join(__dirname, '..', 'renderer'));

  lockDownSession(session.defaultSession);
  registerIpc(ipcMain, createDispatch(createHandlers(services)), appUrlPrefix);
  const win = await mainWindow(join(__dirname, 'preload.js'));
  lockDownNavigation(win.webContents, appUrlPrefix);
  services.chooser = dialogChooser(dialog, () => (win.isDestroyed() ? null : win));
  win.webContents.on('context-menu', (_e, params) => {
    const items = contextMenuTemplate(params);
    if (items.length) Menu.buildFromTemplate(items).popup({ window: win });
  });
  const forwarding = forwardEvents(ipcMain, services.bus, win.webContents);
  const send = (action: MenuAction): void => {
    if (win.isDestroyed()) return;
    // The page brings up its import screen; the chooser itself opens here, in main.
    services.bus.emit('menu.action', { action });
    if (action === 'import-results') importFile(win, services);
  };
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(menuTemplate(services.features, send, () => app.quit())),
  );
  installReportPrinter({
    parent: () => (win.isDestroyed() ? null : win),
    rendererIndex,
    preloadPath: join(__dirname, 'preload.js'),
    appUrlPrefix,
  });
  blockSuspendDuringRuns(services.jobs, powerSaveBlocker);
  askBeforeClosingDuringRuns({ app, win, dialog, jobs: services.jobs });
  reloadAfterCrash({
    win,
    contents: win.webContents,
    dialog,
    jobs: services.jobs,
    beforeReload: forwarding.pageReloading,
  });
  win.once('ready-to-show', () => win.show());
  win.on('closed', forwarding.stop);
  void win.loadFile(rendererIndex);
  return win;
}

/** The window, sized for the screen it comes back on; its place is saved when it closes. */
async function mainWindow(preloadPath: string): Promise<BrowserWindow> {
  const stateDir = app.getPath('userData');
  const areas = screen.getAllDisplays().map((d) => d.workArea);
  const primary = screen.getPrimaryDisplay().workArea;
  const place = placeWindow(await loadWindowState(stateDir), areas, primary);
  const win = new BrowserWindow(
    windowOptions(
      preloadPath,
      join(__dirname, '..', '..', 'assets', 'icons', '512x512.png'),
      place,
      minimumFor(primary),
    ),
  );
  if (place.maximized) win.maximize();
  win.on('close', () => {
    const b = win.getNormalBounds();
    void saveWindowState(stateDir, { ...b, maximized: win.isMaximized() }).catch(() => undefined);
  });
  return win;
}

/** The import chooser, parented to the window; a closed window or cancelled dialog does nothing. */
function importFile(parent: BrowserWindow, services: Services): void {
  if (parent.isDestroyed()) return;
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
