// The Electron shell: window, menu, IPC wiring. Everything else lives in plain-Node modules.
import { app, BrowserWindow, ipcMain, Menu, session, utilityProcess } from 'electron';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createServices } from '../core/services';
import { defaultWorkerPath } from '../engine/client';
import { collectLoginAtStart } from '../tasks';
import { createDispatch, createHandlers } from '../router';
import { forwardEvents, registerIpc } from '../shell/ipc';
import { menuTemplate } from '../shell/menu';
import { utilityProcessSpawner } from '../shell/utility-spawner';
import { installReportPrinter } from '../shell/report-window';
import { lockDownNavigation, windowOptions, WM_CLASS } from '../shell/window';

const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
  "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'";

app.setName('Drivewise');
// Chromium derives the X11 WM_CLASS from this; it must match the desktop entry.
app.commandLine.appendSwitch('class', WM_CLASS);

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
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
    const appUrlPrefix = pathToFileURL(join(__dirname, '..', 'renderer')).href;

    session.defaultSession.webRequest.onHeadersReceived((details, cb) => {
      cb({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CSP] } });
    });
    session.defaultSession.setPermissionRequestHandler((_wc, _perm, cb) => cb(false));

    registerIpc(ipcMain, createDispatch(createHandlers(services)), appUrlPrefix);

    win = new BrowserWindow(
      windowOptions(
        join(__dirname, 'preload.js'),
        join(__dirname, '..', '..', 'assets', 'icons', '512x512.png'),
      ),
    );
    lockDownNavigation(win.webContents, appUrlPrefix);
    const stopForwarding = forwardEvents(ipcMain, services.bus, win.webContents);
    const send = (action: Parameters<Parameters<typeof menuTemplate>[1]>[0]): void => {
      if (win && !win.isDestroyed()) services.bus.emit('menu.action', { action });
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
