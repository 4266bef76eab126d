// End-to-end harness: the real router behind the browser-mode host, driven in Debian's Chromium.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { Services } from '../../src/main/core/services';
import { createServices } from '../../src/main/create-services';
import { CHROMIUM_ARGS, CHROMIUM_CANDIDATES, findChromium } from '../../src/main/report/chromium';
import { resolvePath } from '../../src/main/drives';
import { createDispatch, createHandlers } from '../../src/main/router';
import { startWebHost, type WebHost } from '../../src/main/web/host';

/**
 * The Chromium the report printer finds (CHROME_PATH, else the distribution's package), with the
 * same flags. When there is none, the first usual path, so a test that needs it skips naming it.
 */
export const CHROMIUM = (() => {
  try {
    return findChromium();
  } catch {
    return process.env.CHROME_PATH?.trim() || CHROMIUM_CANDIDATES[0]!;
  }
})();
export { CHROMIUM_ARGS };
export const RESULTS_DIR = resolve('test-results');

export interface E2E {
  browser: Browser;
  page: Page;
  host: WebHost;
  services: Services;
  configDir: string;
  shot(name: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * The app in Chromium through the browser-mode host. host.url is http://127.0.0.1:PORT/<key>/
 * (the per-launch key is the path, see src/main/web/guard.ts): append '#route' for a view.
 * `hostName: 'localhost'` opens the same app as http://localhost:PORT/<key>/.
 */
export async function openApp(
  opts: {
    colorScheme?: 'light' | 'dark';
    hostName?: '127.0.0.1' | 'localhost';
    /** A config folder of the caller's (kept on close): the same back end across restarts. */
    configDir?: string;
    viewport?: { width: number; height: number };
  } = {},
): Promise<E2E> {
  const configDir = opts.configDir ?? mkdtempSync(join(tmpdir(), 'dw-e2e-config-'));
  const services = createServices({ host: 'browser', configDir });
  const host = await startWebHost({
    staticDir: resolve('dist/renderer'),
    dispatch: createDispatch(createHandlers(services)),
    bus: services.bus,
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const context = await browser.newContext({
    viewport: opts.viewport ?? { width: 1200, height: 860 },
    colorScheme: opts.colorScheme ?? 'light',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(
    opts.hostName === 'localhost' ? host.url.replace('//127.0.0.1:', '//localhost:') : host.url,
  );
  mkdirSync(RESULTS_DIR, { recursive: true });
  return {
    browser,
    page,
    host,
    services,
    configDir,
    shot: async (name) => {
      const file = join(RESULTS_DIR, `${name}.png`);
      await page.screenshot({ path: file, fullPage: true });
      return file;
    },
    close: async () => {
      try {
        await browser.close();
        services.jobs.cancelAll();
        await host.close();
      } finally {
        if (!opts.configDir) rmSync(configDir, { recursive: true, force: true });
      }
      if (errors.length) throw new Error(`page errors: ${errors.join(' | ')}`);
    },
  };
}

/**
 * The wizard's drive step: picks the disk that holds `dir` (loop devices of parallel tests may be
 * listed too), types the folder and checks it.
 */
/**
 * Types a path into the Baseline step's "Save to" field. The step's own proposal (a folder on
 * another drive) arrives asynchronously, and one that lands inside Playwright's select-and-type
 * left both in the field ("/drivewise-baseline-….json/dev/shm/…/baseline.json"): fill again until
 * the field holds exactly the path (after that the proposal never replaces typed text).
 */
export async function fillSaveTo(page: Page, path: string): Promise<void> {
  const field = page.getByLabel('Save to');
  for (let i = 0; i < 5; i++) {
    await field.fill(path);
    if ((await field.inputValue()) === path) return;
  }
  throw new Error(`the Save to field would not hold ${path}: ${await field.inputValue()}`);
}

export async function chooseFolder(page: Page, dir: string): Promise<void> {
  const disk = (await resolvePath(dir)).disks[0]!;
  await page
    .getByRole('group', { name: 'Drives' })
    .getByRole('button')
    .filter({ hasText: disk })
    .first()
    .click();
  await page.getByLabel(/Folder for the test files/).fill(dir);
  await page.locator('main').getByRole('button', { name: 'Check' }).click();
  await page.getByTestId('dir-verdict').waitFor();
}

/** axe-core's serious and critical violations on the current page, as "id: target" lines. */
export async function axeProblems(page: Page): Promise<string[]> {
  // Through the debugger protocol: the app's CSP rightly refuses injected <script> tags.
  await page.evaluate(
    readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'),
  );
  return page.evaluate(async () => {
    type Axe = {
      run(): Promise<{
        violations: { id: string; impact: string; nodes: { target: string[] }[] }[];
      }>;
    };
    const r = await (globalThis as unknown as { axe: Axe }).axe.run();
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id}: ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join(', ')}`,
      );
  });
}

/**
 * Everything on the page that does not fit: the page scrolling sideways, a table wider than the
 * box it sits in, a table cell whose content is wider than the cell, and any element cut off by
 * overflow or an ellipsis. One "what: text" line each; [] when everything fits.
 */
export async function overflowProblems(page: Page): Promise<string[]> {
  // A string: this file is typed for Node, the check runs in the page.
  return page.evaluate<string[]>(`(() => {
    const out = [];
    const name = (e) => e.tagName.toLowerCase() +
      (typeof e.className === 'string' && e.className ? '.' + e.className.split(' ')[0] : '') +
      ': ' + (e.textContent || '').trim().slice(0, 50);
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1)
      out.push('page scrolls sideways (' + root.scrollWidth + ' > ' + root.clientWidth + ')');
    for (const t of document.querySelectorAll('table')) {
      const box = t.parentElement;
      if (t.scrollWidth > t.clientWidth + 1 || t.getBoundingClientRect().width > box.clientWidth + 1)
        out.push('table wider than its box: ' + name(t));
    }
    for (const c of document.querySelectorAll('th, td'))
      if (c.scrollWidth > c.clientWidth + 1) out.push('cell content wider than the cell: ' + name(c));
    for (const e of document.querySelectorAll('body *')) {
      const st = getComputedStyle(e);
      const clips = st.overflowX === 'hidden' || st.overflowX === 'clip' || st.overflowX === 'auto' ||
        st.overflowX === 'scroll' || st.textOverflow === 'ellipsis';
      if (clips && e.scrollWidth > e.clientWidth + 1 && e.getClientRects().length)
        out.push('cut off (' + (st.textOverflow === 'ellipsis' ? 'ellipsis' : 'overflow ' + st.overflowX) + '): ' + name(e));
    }
    return [...new Set(out)];
  })()`);
}
