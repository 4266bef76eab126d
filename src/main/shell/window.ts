import type { BrowserWindowConstructorOptions, WebContents } from 'electron';

/** Must match StartupWMClass in electron-builder.yml, or the desktop shows a generic icon. */
export const WM_CLASS = 'drivewise';

export function secureWebPreferences(
  preloadPath: string,
): NonNullable<BrowserWindowConstructorOptions['webPreferences']> {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    spellcheck: false,
  };
}

export function windowOptions(
  preloadPath: string,
  iconPath: string,
): BrowserWindowConstructorOptions {
  return {
    width: 1180,
    height: 820,
    minWidth: 760,
    minHeight: 560,
    title: 'Drivewise',
    icon: iconPath,
    show: false,
    webPreferences: secureWebPreferences(preloadPath),
  };
}

/** No navigation away from the app and no new windows: links open nowhere inside the app. */
export function lockDownNavigation(
  contents: Pick<WebContents, 'on' | 'setWindowOpenHandler'>,
  appUrlPrefix: string,
): void {
  contents.on('will-navigate', (e, url) => {
    if (!url.startsWith(appUrlPrefix)) e.preventDefault();
  });
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}
