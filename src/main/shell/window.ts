import type { BrowserWindowConstructorOptions, WebContents } from 'electron';
import { isAppUrl } from './app-url';

/** Must match StartupWMClass in electron-builder.yml, or the desktop shows a generic icon. */
export const WM_CLASS = 'drivewise-app';

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
    webviewTag: false,
  };
}

/** The window at `place` (see window-state.ts), never shrunk below `min`. */
export function windowOptions(
  preloadPath: string,
  iconPath: string,
  place: { x: number; y: number; width: number; height: number },
  min: { width: number; height: number },
): BrowserWindowConstructorOptions {
  return {
    x: place.x,
    y: place.y,
    width: place.width,
    height: place.height,
    minWidth: min.width,
    minHeight: min.height,
    title: 'Drivewise',
    icon: iconPath,
    show: false,
    webPreferences: secureWebPreferences(preloadPath),
  };
}

type NavEvent = { preventDefault: () => void; url?: string };

/**
 * No navigation away from the app, no redirects out of it, no <webview> and no new windows:
 * links open nowhere inside the app. The URL is read from the event (Electron ≥ 25) or from the
 * deprecated second argument.
 */
export function lockDownNavigation(
  contents: Pick<WebContents, 'on' | 'setWindowOpenHandler'>,
  appUrlPrefix: string,
  /** What counts as our page: the renderer's files, or the print child's loopback page. */
  isOurs: (url: string, prefix: string) => boolean = isAppUrl,
): void {
  const guard = (e: NavEvent, url?: string): void => {
    if (!isOurs(e.url ?? url ?? '', appUrlPrefix)) e.preventDefault();
  };
  const on = contents.on.bind(contents) as (ev: string, fn: (...a: never[]) => void) => void;
  on('will-navigate', guard);
  on('will-frame-navigate', guard);
  on('will-redirect', guard);
  // The app never uses <webview> (webviewTag is off); refuse one even if it were switched on.
  on('will-attach-webview', (e: NavEvent) => e.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}
