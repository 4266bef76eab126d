// The Plan step's real-world task choices: system du, the person's own tarball, apps to start.
// bench.plan checks them, so a bad tarball path is one line here and Next waits until it is fixed.
import { readProgress } from '../../src/main/store/wizard-progress';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeProblems, openApp, RESULTS_DIR, type E2E } from './harness';

let app: E2E;
const dir = mkdtempSync(join(tmpdir(), 'dw-e2e-plan-options-'));
const tarball = join(dir, 'linux-6.8.tar.xz');
writeFileSync(tarball, 'not really xz, but bench.plan only checks the path');
const notTar = join(dir, 'linux-6.8.zip');
writeFileSync(notTar, 'PK');

beforeAll(async () => {
  app = await openApp();
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('Plan step: real-world task options', () => {
  it('shows the du, tarball and apps fields and refuses a bad tarball in one line', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Start' }).click();
    await page
      .getByRole('group', { name: 'Drives' })
      .getByRole('button')
      .filter({ hasText: 'System drive' })
      .click();
    await page.locator('.drive-step button.primary:enabled').click();
    await page.getByRole('heading', { name: 'Plan the measurement' }).waitFor();

    await page.getByLabel('Custom').check();
    const main = page.locator('main');
    const pick = (title: string) =>
      main.locator('.tests li label').filter({ hasText: title }).locator('input');
    for (const t of ['Disk search (du)', 'Unpacking a source tree', 'Application cold start'])
      await pick(t).check();
    const box = page.getByRole('group', { name: 'Real-world tasks' });
    await box.waitFor();

    const systemDu = box.getByLabel(/Time the system du -skx command instead of Drivewise/);
    const ownTarball = box.getByLabel('Your own source tarball (optional)');
    const apps = box.getByLabel('Apps to start');
    const compression = box.getByLabel('Generated tarball compression');
    expect(await ownTarball.getAttribute('placeholder')).toBe('/home/you/linux-6.8.tar.xz');
    expect(await apps.getAttribute('placeholder')).toBe('chromium, firefox');
    await systemDu.check();
    await apps.fill('sh -c true');
    const next = main.getByRole('button', { name: 'Next' });
    const alert = page.locator('#plan-error');

    // A path that does not exist, then a file that is no tarball: one line each, Next waits.
    await ownTarball.fill('/nonexistent/linux-6.8.tar.xz');
    await expect(alert.innerText()).resolves.toBe(
      'tarball not found: /nonexistent/linux-6.8.tar.xz',
    );
    expect(await next.isDisabled()).toBe(true);
    await ownTarball.fill(notTar);
    await alert.filter({ hasText: 'tarball must be a .tar, .tar.gz, .tgz' }).waitFor();
    expect((await alert.innerText()).split('\n')).toHaveLength(1);
    await app.shot('plan-task-options-error');

    // A real path: no error, Next is back, and the compression only concerns generated tarballs.
    await ownTarball.fill(tarball);
    await alert.waitFor({ state: 'detached' });
    await main.locator('.plan button.primary:enabled').waitFor();
    expect(await compression.isDisabled()).toBe(true);
    expect(await systemDu.isChecked()).toBe(true);
    await app.shot('plan-task-options');
    await box.screenshot({ path: join(RESULTS_DIR, 'plan-task-options-fieldset.png') });
    expect(await axeProblems(page)).toEqual([]);

    // The choices are kept by the back end (the wizard's progress) for the before and after run.
    await expect
      .poll(async () => (await readProgress(app.configDir)).progress?.plan)
      .toMatchObject({ systemDu: true, tarball, apps: 'sh -c true' });
  });
});
