// The Admin rights step against the real router: as root (CI) the real helper starts without a
// prompt; a second app whose person declines the dialog shows what will be skipped.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { createServices } from '../../src/main/create-services';
import { PrivilegedManager } from '../../src/main/privileged/manager';
import { createDispatch, createHandlers } from '../../src/main/router';
import { startWebHost, type WebHost } from '../../src/main/web/host';
import { CHROMIUM, CHROMIUM_ARGS, openApp, RESULTS_DIR, type E2E } from './harness';

/** Welcome → Drive (system drive, home folder) → Plan → Admin rights. */
async function walkToAdmin(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Start' }).click();
  const system = page
    .getByRole('group', { name: 'Drives' })
    .getByRole('button')
    .filter({ hasText: 'System drive' });
  await system.click();
  await page.locator('.drive-step button.primary:enabled').click();
  await page.locator('.plan button.primary:enabled').click();
  await page.getByRole('heading', { name: 'Admin rights for this session' }).waitFor();
}

describe('Admin rights step', () => {
  let app: E2E | null = null;
  afterAll(async () => {
    app?.services.privileged.release();
    await app?.close();
  });

  it.runIf(process.getuid?.() === 0)(
    'explains the four uses, grants once (root: no prompt) and can give rights back',
    async () => {
      app = await openApp();
      const { page } = app;
      await walkToAdmin(page);
      const uses = page.locator('.admin-uses li');
      expect(await uses.count()).toBe(4);
      expect(await uses.allInnerTexts()).toEqual([
        expect.stringMatching(/Empty the file cache/),
        expect.stringMatching(/Read the drive directly.*nothing is ever written/),
        expect.stringMatching(/Identify the drive/),
        expect.stringMatching(/Read the system journal/),
      ]);
      const status = page.getByRole('status').filter({ hasText: /Not asked yet/ });
      await status.waitFor();
      await page.getByRole('button', { name: 'Grant admin rights' }).click();
      await page.locator('#main').getByText('Granted for this session', { exact: true }).waitFor();
      await page.locator('#main').getByText('running as root: no password needed').waitFor();
      expect(app.services.privileged.status().state).toBe('granted');
      expect(await page.getByRole('button', { name: 'Continue', exact: true }).isEnabled()).toBe(
        true,
      );
      const file = await app.shot('admin-step-granted');
      expect(readFileSync(file).length).toBeGreaterThan(10_000);
      await page.getByRole('button', { name: 'Give admin rights back' }).click();
      await page.locator('#main').getByText('admin rights were given back').waitFor();
      expect(app.services.privileged.ops()).toBeNull();
    },
  );

  it('a declined dialog says what will be skipped and lets the person continue without', async () => {
    const configDir = mkdtempSync(join(tmpdir(), 'dw-e2e-admin-'));
    const privileged = new PrivilegedManager({
      uid: 1000,
      runtime: () => ({
        execPath: '/usr/bin/node',
        runAsNode: false,
        script: '/x.js',
        copyScriptOut: false,
      }),
      availability: () => ({
        ok: true,
        direct: false,
        tool: 'pkexec',
        reason: 'pkexec will ask for your password',
      }),
      spawnDirect: () => {
        throw new Error('not used');
      },
      sudoExec: (_c, done) =>
        setTimeout(() => done(new Error('User did not grant permission.')), 300),
      askTimeoutMs: 5000,
    });
    const services = createServices({ host: 'browser', configDir, privileged });
    let host: WebHost | null = null;
    let browser: Browser | null = null;
    try {
      host = await startWebHost({
        staticDir: resolve('dist/renderer'),
        dispatch: createDispatch(createHandlers(services)),
        bus: services.bus,
      });
      browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
      const page = await (
        await browser.newContext({ viewport: { width: 1200, height: 860 }, colorScheme: 'dark' })
      ).newPage();
      await page.goto(host.url);
      await walkToAdmin(page);
      await page.getByRole('button', { name: 'Grant admin rights' }).click();
      await page.locator('#main').getByText('Declined', { exact: true }).waitFor();
      await page
        .locator('#main')
        .getByText(/the run will skip what needs them/)
        .waitFor();
      await page.locator('#main').getByText('Without admin rights').waitFor();
      expect(await page.locator('.admin-without li').count()).toBe(3);
      const ask = page.getByRole('button', { name: 'Ask again' });
      expect(await ask.isEnabled()).toBe(true);
      const file = join(RESULTS_DIR, 'admin-step-declined-dark.png');
      await page.screenshot({ path: file, fullPage: true });
      expect(readFileSync(file).length).toBeGreaterThan(10_000);
      await page.getByRole('button', { name: 'Continue without' }).click();
      await expect(page.locator('[aria-current="step"]').innerText()).resolves.toContain('Measure');
    } finally {
      await browser?.close();
      await host?.close();
      rmSync(configDir, { recursive: true, force: true });
    }
  });
});
