// What protects a run while it is going: the machine does not suspend, closing the window or
// quitting asks first (cancel cleanly or keep measuring), and a crashed page is reloaded while
// the engine process carries on measuring.
import type { App, BrowserWindow, Dialog, PowerSaveBlocker, WebContents } from 'electron';
import type { JobManager } from '../core/jobs';

type Jobs = Pick<JobManager, 'active' | 'onChange' | 'cancelAll' | 'whenIdle'>;

/** Keeps the system from suspending while any job runs ('prevent-app-suspension'). */
export function blockSuspendDuringRuns(
  jobs: Pick<JobManager, 'onChange'>,
  blocker: Pick<PowerSaveBlocker, 'start' | 'stop'>,
): () => void {
  let id: number | null = null;
  return jobs.onChange((active) => {
    if (active > 0 && id === null) id = blocker.start('prevent-app-suspension');
    else if (active === 0 && id !== null) {
      blocker.stop(id);
      id = null;
    }
  });
}

export const CLOSE_QUESTION = {
  type: 'question' as const,
  title: 'Drivewise',
  message: 'A measurement is still running.',
  detail:
    'Cancel it to close Drivewise: its test files are removed and nothing of this run is saved. ' +
    'Or keep measuring and close later.',
  buttons: ['Keep measuring', 'Cancel the run and close'],
  defaultId: 0,
  cancelId: 0,
  noLink: true,
};

/** How long a cancelled run may take to remove its files before the app closes anyway. */
const CANCEL_WAIT_MS = 30_000;

/**
 * Closing the window or quitting (Ctrl+Q, the desktop's close) while a job runs asks first.
 * "Cancel" cancels every job, waits until each has ended (the engine has removed its test
 * folder) and then quits; "Keep measuring" leaves everything as it was.
 */
export function askBeforeClosingDuringRuns(o: {
  app: Pick<App, 'on' | 'quit'>;
  win: Pick<BrowserWindow, 'on' | 'isDestroyed'>;
  dialog: Pick<Dialog, 'showMessageBox'>;
  jobs: Jobs;
}): void {
  let leaving = false;
  let asking = false;
  const guard = (e: { preventDefault: () => void }): void => {
    if (leaving || o.jobs.active === 0) return;
    e.preventDefault();
    if (asking) return;
    asking = true;
    const ask = o.win.isDestroyed()
      ? o.dialog.showMessageBox(CLOSE_QUESTION)
      : o.dialog.showMessageBox(o.win as BrowserWindow, CLOSE_QUESTION);
    void ask
      .then(async ({ response }) => {
        if (response !== 1) return;
        leaving = true;
        o.jobs.cancelAll();
        await o.jobs.whenIdle(CANCEL_WAIT_MS);
        o.app.quit();
      })
      .finally(() => (asking = false));
  };
  o.win.on('close', guard);
  o.app.on('before-quit', guard);
}

export const CRASH_MESSAGE = 'The Drivewise window stopped unexpectedly and was reloaded.';
/** More crashes than this within a minute: stop reloading (the page itself is broken). */
const MAX_RELOADS_PER_MINUTE = 3;

/** A crashed or killed page is reloaded with a message; the running job carries on. */
export function reloadAfterCrash(o: {
  win: Pick<BrowserWindow, 'isDestroyed'>;
  contents: Pick<WebContents, 'on' | 'reload'>;
  dialog: Pick<Dialog, 'showMessageBox'>;
  jobs: Pick<JobManager, 'active'>;
  /** Called before the reload, so events are held until the new page listens. */
  beforeReload: () => void;
  now?: () => number;
}): void {
  const now = o.now ?? Date.now;
  const crashes: number[] = [];
  const on = o.contents.on.bind(o.contents) as (ev: string, fn: (...a: never[]) => void) => void;
  on('render-process-gone', (_e: unknown, details: { reason: string; exitCode?: number }) => {
    if (details.reason === 'clean-exit' || o.win.isDestroyed()) return;
    const t = now();
    crashes.push(t);
    while (crashes.length && crashes[0]! < t - 60_000) crashes.shift();
    const reloading = crashes.length <= MAX_RELOADS_PER_MINUTE;
    const running = o.jobs.active > 0;
    const detail = [
      `Reason: ${details.reason}${details.exitCode ? ` (exit code ${details.exitCode})` : ''}.`,
      running
        ? 'The measurement kept running in the background; its run is saved in History & ' +
          'import when it finishes.'
        : '',
      reloading ? '' : 'It stopped several times in a minute, so it was not reloaded again.',
    ]
      .filter(Boolean)
      .join(' ');
    if (reloading) {
      o.beforeReload();
      o.contents.reload();
    }
    void o.dialog
      .showMessageBox(o.win as BrowserWindow, {
        type: 'warning',
        title: 'Drivewise',
        message: reloading ? CRASH_MESSAGE : 'The Drivewise window stopped unexpectedly.',
        detail,
        buttons: ['OK'],
      })
      .catch(() => undefined);
  });
}
