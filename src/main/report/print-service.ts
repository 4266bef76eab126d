// The printing service of the CLI and browser mode: the real report view, served on a loopback
// page server of its own (one page, the router, no app events), opened in headless Chromium and
// printed. The PDF is exactly what the desktop app prints.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { reportHash, type ReportTarget } from '../../shared/contract/report';
import { UserError } from '../core/errors';
import type { Dispatch } from '../core/handler-types';
import { startLoopbackServer } from '../web/loopback-server';
import { findChromium, launchChromium } from './chromium';
import { countPdfPages } from './pdf-pages';
import { choosePrintEngine, printWithElectron } from './print-engine';

export interface RenderInput {
  target: Required<Pick<ReportTarget, 'beforeId' | 'paper' | 'showSerials'>> &
    Pick<ReportTarget, 'afterId'>;
  dispatch: Dispatch;
  want: { pdf?: boolean; html?: boolean };
  env?: NodeJS.ProcessEnv;
  staticDir?: string;
  timeoutMs?: number;
}

export interface RenderOutput {
  pdf?: Buffer;
  pages?: number;
  html?: string;
}

/**
 * dist/renderer next to the bundled dist/main/*.js, or the checkout's build when run from source;
 * never the current folder's (its scripts would drive the router, as root too).
 */
export function rendererDir(): string {
  const candidates = [
    join(__dirname, '..', 'renderer'),
    resolve(__dirname, '..', '..', '..', 'dist', 'renderer'),
  ];
  const dir = candidates.find((d) => existsSync(join(d, 'index.html')));
  if (!dir) throw new UserError('the report view is not built: run `npm run build` first');
  return dir;
}

/** What the report page publishes on window once it has drawn itself (see ReportRoute.tsx). */
const READY = `document.documentElement.dataset.reportState`;

/** Renders waiting behind the running one at most; more get a clear "busy". */
export const MAX_WAITING_RENDERS = 2;
let queue: Promise<unknown> = Promise.resolve();
let waiting = 0;

/**
 * One report render at a time (each starts a Chromium): the others wait their turn, and beyond
 * MAX_WAITING_RENDERS waiting they are refused in one line instead of piling up.
 */
export function renderReport(input: RenderInput): Promise<RenderOutput> {
  if (waiting >= MAX_WAITING_RENDERS)
    return Promise.reject(
      new UserError('busy: other reports are being made; try again when they are done'),
    );
  waiting++;
  const turn = queue.then(
    () => (waiting--, renderOne(input)),
    () => (waiting--, renderOne(input)),
  );
  queue = turn.catch(() => undefined);
  return turn;
}

async function renderOne(input: RenderInput): Promise<RenderOutput> {
  const engine = choosePrintEngine();
  // Found before the server starts: no Chromium is a one-line error, not a half-made report.
  const executablePath = engine.kind === 'chromium' ? findChromium(input.env) : '';
  const staticDir = input.staticDir ?? rendererDir();
  const timeout = input.timeoutMs ?? 60_000;
  // Room for the page's socket and one reconnect; nobody else has the token.
  const host = await startLoopbackServer({ staticDir, dispatch: input.dispatch, maxClients: 2 });
  const url = host.url + reportHash(input.target);
  try {
    if (engine.kind === 'chromium') return await printWithChromium(executablePath, url, input);
    const out = await printWithElectron(
      engine,
      { url, paper: input.target.paper, want: input.want, timeoutMs: timeout },
      input.env,
    );
    return { ...out, ...(out.pdf ? { pages: countPdfPages(out.pdf) } : {}) };
  } finally {
    await host.close();
  }
}

async function printWithChromium(
  executablePath: string,
  url: string,
  input: RenderInput,
): Promise<RenderOutput> {
  const timeout = input.timeoutMs ?? 60_000;
  let browser: Browser | null = null;
  try {
    browser = await launchChromium(executablePath, timeout);
    // A light page at roughly A4 width, so the screen layout is the printed layout.
    const context = await browser.newContext({
      viewport: { width: 820, height: 1160 },
      colorScheme: 'light',
      deviceScaleFactor: 2,
    });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(url);
    // A selector wait needs no eval in the page, which the app's CSP forbids.
    await page
      .waitForSelector('html[data-report-state="ready"], html[data-report-state="error"]', {
        state: 'attached',
        timeout,
      })
      .catch(() => {
        throw new UserError(
          `the report view did not finish drawing within ${Math.round(timeout / 1000)} s` +
            (pageErrors.length ? `: ${pageErrors[0]}` : ''),
        );
      });
    if ((await page.evaluate(READY)) === 'error') {
      const msg = await page.evaluate(`document.documentElement.dataset.reportError`);
      throw new UserError(`cannot make the report: ${String(msg)}`);
    }
    const out: RenderOutput = {};
    if (input.want.html) {
      out.html = String(await page.evaluate(`window.drivewiseReport.snapshotHtml()`));
    }
    if (input.want.pdf) {
      await page.emulateMedia({ media: 'print' });
      // Paper size and page numbers come from the view's @page rules (also used by Electron).
      const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
      out.pdf = pdf;
      out.pages = countPdfPages(pdf);
    }
    return out;
  } finally {
    await browser?.close().catch(() => undefined);
  }
}
