// The installed CLI's printer (report/print-engine.ts): the app's binary started as Electron with
// --drivewise-print-report. It reads what to print on stdin, opens the report page of the CLI's
// loopback server in a hidden window, prints it with printToPDF (the same options as File → Save
// report) and answers on stdout, then exits. No single-instance lock and a profile folder of its
// own, so it runs beside an open app window.
import { app, BrowserWindow, session } from 'electron';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PRINT_ANSWER, type PrintAnswer, type PrintRequest } from '../report/print-engine';
import { pdfOptions, waitForReport } from './report-window';
import { lockDownNavigation, secureWebPreferences } from './window';

function readStdin(): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    process.stdin.setEncoding('utf8');
    process.stdin.on('data', (d: string) => (text += d));
    process.stdin.on('end', () => resolve(text));
    process.stdin.on('error', reject);
  });
}

/** The request, checked: a loopback URL of the CLI's own server and a known paper size. */
function parseRequest(text: string): PrintRequest {
  const r = JSON.parse(text) as PrintRequest;
  const url = new URL(r.url);
  if (url.protocol !== 'http:' || !['127.0.0.1', '[::1]', 'localhost'].includes(url.hostname))
    throw new Error('the report is printed only from the loopback server');
  if (r.paper !== 'a4' && r.paper !== 'letter') throw new Error('unknown paper size');
  return r;
}

async function print(r: PrintRequest): Promise<PrintAnswer> {
  const denyAll = (_wc: unknown, _perm: unknown, cb: (ok: boolean) => void): void => cb(false);
  session.defaultSession.setPermissionRequestHandler(denyAll);
  session.defaultSession.setPermissionCheckHandler(() => false);
  // Same as the app's windows, with no preload: the page talks to the server over its socket.
  const { preload: _none, ...webPreferences } = secureWebPreferences('');
  const win = new BrowserWindow({ show: false, width: 820, height: 1160, webPreferences });
  const origin = new URL(r.url);
  const prefix = `${origin.origin}${origin.pathname}`;
  lockDownNavigation(win.webContents, prefix, (url, p) => url.startsWith(p));
  try {
    win.webContents.setBackgroundThrottling(false);
    await win.loadURL(r.url);
    await waitForReport(win.webContents, r.timeoutMs);
    const answer: PrintAnswer = {};
    if (r.want.html)
      answer.html = (await win.webContents.executeJavaScript(
        'window.drivewiseReport.snapshotHtml()',
      )) as string;
    if (r.want.pdf)
      answer.pdf = (await win.webContents.printToPDF(pdfOptions(r.paper))).toString('base64');
    return answer;
  } finally {
    if (!win.isDestroyed()) win.destroy();
  }
}

/** Prints what stdin asks for and exits: 0 with the answer, 2 with one line why not. */
export function runPrintChild(): void {
  const profile = mkdtempSync(join(tmpdir(), 'drivewise-print-'));
  app.setPath('userData', profile);
  const finish = (answer: PrintAnswer, code: number): void => {
    process.stdout.write(`${PRINT_ANSWER}${JSON.stringify(answer)}\n`, () => {
      rmSync(profile, { recursive: true, force: true });
      app.exit(code);
    });
  };
  void Promise.all([readStdin(), app.whenReady()])
    .then(([text]) => print(parseRequest(text)))
    .then(
      (answer) => finish(answer, 0),
      (err: unknown) =>
        finish({ error: (err instanceof Error ? err.message : String(err)).split('\n')[0] }, 2),
    );
}
