// File → Import results… as the desktop app delivers it: main emits 'import.fileChosen' before
// the import screen exists; the REAL preload code (buildPreloadApi, bundled into the page over a
// bridge to the browser-mode host instead of Electron IPC) holds it; the panel mounts later and
// imports the file through the real router. Runs in Chromium.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../../src/main/core/services';
import { createServices } from '../../src/main/create-services';
import { createDispatch, createHandlers } from '../../src/main/router';
import { startWebHost, type WebHost } from '../../src/main/web/host';
import { CHROMIUM, CHROMIUM_ARGS, RESULTS_DIR } from './harness';

// The page: Electron's ipcRenderer played by the browser-mode API, the preload built from the
// shipped code, the import panel mounted only when the button is pressed.
const MOUNT = `
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { eventNames, IPC_EVENT, IPC_PREFIX, methodName } from '../shared/contract';
import { buildPreloadApi } from '../main/shell/preload-api';
import { resolveApi } from './api/transport';
import { ResultsPanel } from './history/HistoryPanel';
import './styles.css';

const host = resolveApi(window);
const listeners = [];
const ipc = {
  invoke: async (ch, req) => {
    try {
      return { ok: true, value: await host[methodName(ch.slice(IPC_PREFIX.length))](req) };
    } catch (e) {
      return { ok: false, error: e.message };
    }
  },
  on: (_ch, fn) => void listeners.push(fn),
  removeListener: (_ch, fn) => void listeners.splice(listeners.indexOf(fn), 1),
  send: () => undefined,
};
for (const ev of eventNames)
  host.on(ev, (payload) => [...listeners].forEach((fn) => fn({}, { event: ev, payload })));
window.drivewise = buildPreloadApi(ipc);
window.bridgeReady = true;

function Page() {
  const [show, setShow] = useState(false);
  return <main>{show ? <ResultsPanel /> : <button onClick={() => setShow(true)}>Show history</button>}</main>;
}
createRoot(document.getElementById('root')).render(<Page />);
`;

let staticDir: string;
let configDir: string;
let services: Services;
let host: WebHost;
let browser: Browser;
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'dw-e2e-import-menu-'));
  await build({
    stdin: { contents: MOUNT, resolveDir: resolve('src/renderer'), loader: 'tsx' },
    bundle: true,
    jsx: 'automatic',
    outfile: join(staticDir, 'app.js'),
    loader: { '.svg': 'file' },
    external: ['electron'],
    logLevel: 'silent',
  });
  writeFileSync(
    join(staticDir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Drivewise import</title>' +
      '<link rel="stylesheet" href="app.css"></head><body><div id="root"></div><script src="app.js"></script></body></html>',
  );
  configDir = mkdtempSync(join(tmpdir(), 'dw-e2e-import-menu-config-'));
  services = createServices({ host: 'browser', configDir });
  host = await startWebHost({
    staticDir,
    dispatch: createDispatch(createHandlers(services)),
    bus: services.bus,
  });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  page = await (await browser.newContext({ viewport: { width: 1200, height: 900 } })).newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(host.url);
  await page.getByRole('button', { name: 'Show history' }).waitFor();
});

afterAll(async () => {
  await browser?.close();
  await host?.close();
  for (const d of [staticDir, configDir]) if (d) rmSync(d, { recursive: true, force: true });
  expect(errors).toEqual([]);
});

describe('a file chosen from the menu before the import screen exists', () => {
  it('is held by the preload and imported when the panel mounts', async () => {
    const text = readFileSync(resolve('test/fixtures/tool-output/seed003-seeker-ssd.txt'), 'utf8');
    // What main does after dialog.showOpenDialog and the store's reader.
    services.bus.emit('import.fileChosen', { name: 'ocz-seeker.txt', text });
    await new Promise((r) => setTimeout(r, 500));
    expect(await page.locator('.dw-import').count()).toBe(0);
    await page.getByRole('button', { name: 'Show history' }).click();
    const status = page.locator('.dw-recognised');
    await status.waitFor();
    await expect(status.innerText()).resolves.toContain('Recognised seeker: 2 figures');
    await expect(page.getByLabel('Name (optional)').inputValue()).resolves.toBe('ocz-seeker');
    const stored = await services.runs.scan();
    expect(stored.runs.map((r) => r.name)).toEqual(['ocz-seeker']);
    await page.screenshot({ path: join(RESULTS_DIR, 'import-menu.png'), fullPage: true });
  });

  it('a file main could not read is named in one line, and nothing is imported', async () => {
    services.bus.emit('import.fileChosen', {
      name: 'fifo.json',
      error: '/tmp/fifo.json is not a file',
    });
    const alert = page.locator('.dw-import [role=alert]');
    await alert.waitFor();
    await expect(alert.innerText()).resolves.toBe('/tmp/fifo.json is not a file');
    expect((await services.runs.scan()).runs).toHaveLength(1);
  });
});
