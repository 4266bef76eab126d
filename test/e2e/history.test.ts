// Import a pasted seed output in the browser, see what was recognised and find it in History;
// open, compare with a reference drive, and see a damaged run file reported. The panels are
// mounted on their own page (bundled here) over the real router and browser-mode host.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../../src/main/core/services';
import { createServices } from '../../src/main/create-services';
import { createDispatch, createHandlers } from '../../src/main/router';
import { startWebHost, type WebHost } from '../../src/main/web/host';
import { findJargon } from '../../src/shared/jargon';
import { axeProblems, CHROMIUM, CHROMIUM_ARGS, openApp, RESULTS_DIR } from './harness';

const MOUNT = `
import { createRoot } from 'react-dom/client';
import { ResultsPanel } from './history/HistoryPanel';
import './styles.css';
createRoot(document.getElementById('root')!).render(<main><ResultsPanel /></main>);
`;

let staticDir: string;
let configDir: string;
let services: Services;
let host: WebHost;
let browser: Browser;
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'dw-e2e-history-'));
  await build({
    stdin: { contents: MOUNT, resolveDir: resolve('src/renderer'), loader: 'tsx' },
    bundle: true,
    jsx: 'automatic',
    outfile: join(staticDir, 'app.js'),
    loader: { '.svg': 'file' },
    logLevel: 'silent',
  });
  writeFileSync(
    join(staticDir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Drivewise history</title>' +
      '<link rel="stylesheet" href="app.css"></head><body><div id="root"></div><script src="app.js"></script></body></html>',
  );
  configDir = mkdtempSync(join(tmpdir(), 'dw-e2e-history-config-'));
  services = createServices({ host: 'browser', configDir });
  // A damaged file already in history: reported, not fatal.
  mkdirSync(services.runs.runsDir, { recursive: true });
  writeFileSync(join(services.runs.runsDir, 'half-written.json'), '{"schema":"drivewise.run",');
  host = await startWebHost({
    staticDir,
    dispatch: createDispatch(createHandlers(services)),
    bus: services.bus,
  });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  page = await (await browser.newContext({ viewport: { width: 1200, height: 900 } })).newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('dialog', (d) => void d.accept());
  await page.goto(host.url);
  mkdirSync(RESULTS_DIR, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await host?.close();
  for (const d of [staticDir, configDir]) if (d) rmSync(d, { recursive: true, force: true });
  expect(errors).toEqual([]);
});

const seed = (n: string) => readFileSync(resolve('test/fixtures/tool-output', n), 'utf8');

describe('import and history in Chromium', () => {
  it('reports the damaged run file by name', async () => {
    const alert = page.locator('.dw-problems');
    await alert.waitFor();
    await expect(alert.innerText()).resolves.toContain('runs/half-written.json is damaged');
  });

  it('pasting seed 003 seeker output shows what was recognised and lists the run', async () => {
    await page.getByLabel('Tool output').fill(seed('seed003-seeker-ssd.txt'));
    await page.getByLabel('Name (optional)').fill('OCZ from the blog');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const status = page.locator('.dw-recognised');
    await status.waitFor();
    const text = await status.innerText();
    expect(text).toContain('Recognised seeker: 2 figures');
    expect(text).toMatch(/Random reads per second \(seeker\)\s+5429\s+seeks\/s/);
    expect(text).toMatch(/Random access time \(seeker\)\s+0\.18\s+ms/);
    expect(findJargon(text)).toBeNull();
    const row = page
      .locator('table.dw-runs')
      .first()
      .getByRole('row', { name: /OCZ from the blog/ });
    await row.waitFor();
    await expect(row.innerText()).resolves.toContain('custom');
    const stored = await services.runs.scan();
    expect(stored.runs.map((r) => r.name)).toEqual(['OCZ from the blog']);
    await page.screenshot({ path: join(RESULTS_DIR, 'history-import.png'), fullPage: true });
  });

  it('a mixed paste (dd then seeker) and garbage', async () => {
    await page.getByLabel('Tool output').fill(seed('mixed-dd-then-seeker.txt'));
    await page.getByLabel('Name (optional)').fill('');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.locator('.dw-recognised').innerText()).resolves.toContain(
      'Recognised dd + seeker: 5 figures',
    );
    await page.getByLabel('Tool output').fill('nothing to see here');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.locator('.dw-import [role=alert]').innerText()).resolves.toContain(
      'no known tool output recognised',
    );
  });

  it('a pasted KDiskMark export is recognised row by row, in words', async () => {
    await page.getByLabel('Tool output').fill(seed('kdiskmark-3.0.0-readme.txt'));
    await page.getByLabel('Name (optional)').fill('KDiskMark README');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const text = await page.locator('.dw-recognised').innerText();
    expect(text).toContain('Recognised kdiskmark: 24 figures');
    expect(text).toMatch(
      /Sequential read speed, 1 MiB blocks, 8 at a time \(SEQ1M Q8T1\)\s+508\.897\s+MB\/s/,
    );
    expect(findJargon(text)).toBeNull();
  });

  it('compares the import with a reference drive, metric by metric', async () => {
    await page.getByLabel('Select OCZ from the blog').check();
    await page.locator('.dw-refs summary').click();
    await page
      .getByLabel('Select 4-disk RAID5, Seagate Barracuda 7200 320 GB on Areca ARC-1210')
      .check();
    await page.getByRole('button', { name: 'Compare the two selected' }).click();
    const cmp = page.locator('.dw-compare');
    await cmp.waitFor();
    const text = await cmp.innerText();
    expect(text).toMatch(
      /Random reads per second\s+seeker\s+5,429 seeks\/s\s+85 seeks\/s\s+64× slower/,
    );
    expect(findJargon(text)).toBeNull();
    // A reference drive is not a stored run: no report to save for this pair.
    expect(await page.getByTestId('save-report').count()).toBe(0);
    await page
      .getByRole('row', { name: /OCZ from the blog/ })
      .getByRole('button', { name: 'Open' })
      .click();
    const details = await page.locator('.dw-details').innerText();
    expect(details).toContain('Random access');
    expect(details).toContain('Random access time');
    expect(findJargon(details)).toBeNull();
    await page.screenshot({ path: join(RESULTS_DIR, 'history-compare.png'), fullPage: true });
  });

  it('Save PDF in browser mode asks where, writes nothing until told, then saves there', async () => {
    await page.getByLabel('Tool output').fill(seed('seed003-seeker-raid5.txt'));
    await page.getByLabel('Name (optional)').fill('RAID from the blog');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const raid = page
      .locator('table.dw-runs')
      .first()
      .getByRole('row', { name: /RAID from the blog/ });
    await raid.waitFor();
    // The previous test left OCZ and a reference drive selected: swap the reference for RAID.
    await page
      .getByLabel('Select 4-disk RAID5, Seagate Barracuda 7200 320 GB on Areca ARC-1210')
      .uncheck();
    await page.getByLabel('Select RAID from the blog').check();
    await expect(page.getByLabel('Select OCZ from the blog').isChecked()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Compare the two selected' }).click();
    const save = page.getByTestId('save-report');
    await save.waitFor();
    const home = mkdtempSync(join(tmpdir(), 'dw-e2e-home-'));
    try {
      const before = readdirSync(home);
      // No path yet: a one-line hint, nothing written anywhere.
      await save.getByRole('button', { name: 'Save PDF' }).click();
      await expect(save.getByRole('status').innerText()).resolves.toMatch(/^Type where to save/);
      await save.getByLabel('Save the PDF to (full path)').fill('report.pdf');
      await save.getByRole('button', { name: 'Save PDF' }).click();
      await expect(save.getByRole('status').innerText()).resolves.toBe(
        'Give the full path, starting with /',
      );
      expect(readdirSync(home)).toEqual(before);
      const link = await save.getByRole('link', { name: /printable report/ }).getAttribute('href');
      expect(link).toMatch(/#\/report\?before=.*&after=/);
      await page.screenshot({ path: join(RESULTS_DIR, 'history-save-pdf.png'), fullPage: true });
      const out = join(home, 'drive-report.pdf');
      await save.getByLabel('Save the PDF to (full path)').fill(out);
      await save.getByRole('button', { name: 'Save PDF' }).click();
      await expect
        .poll(() => save.getByRole('status').innerText(), { timeout: 90_000 })
        .toMatch(/^Saved .*drive-report\.pdf \(\d+ pages?\)$/);
      expect(readFileSync(out).subarray(0, 5).toString()).toBe('%PDF-');
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  }, 120_000);

  it('has no serious or critical axe-core violations', async () => {
    expect(await axeProblems(page)).toEqual([]);
  });
});

describe('History & import inside the app', () => {
  it('the header button opens the screen; a pasted seed output is imported and listed', async () => {
    const app = await openApp();
    try {
      const { page: p } = app;
      await p.getByRole('button', { name: 'History & import' }).click();
      await p.getByLabel('Tool output').fill(seed('seed001-hdparm-4200rpm.txt'));
      await p.getByRole('button', { name: 'Import', exact: true }).click();
      await expect(p.locator('.dw-recognised').innerText()).resolves.toContain(
        'Recognised hdparm: 6 figures',
      );
      await p
        .locator('table.dw-runs')
        .first()
        .getByRole('row', { name: /Imported hdparm/ })
        .waitFor();
      await app.shot('history-in-app');
    } finally {
      await app.close();
    }
  });
});
