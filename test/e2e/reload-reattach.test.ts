// A page reloaded mid-run (a crashed renderer is reloaded the same way, issue 27) comes back at the
// measuring step, re-attached to the job the engine is still running (job.list), with the wizard's
// progress from the back end (issue 24); when the run ends the progress names it as the baseline.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readProgress } from '../../src/main/store/wizard-progress';
import { chooseFolder, openApp, type E2E } from './harness';

const base = existsSync('/var/tmp') ? '/var/tmp' : tmpdir();
const dir = mkdtempSync(join(base, 'dw-reattach-'));
const configDir = mkdtempSync(join(tmpdir(), 'dw-reattach-cfg-'));
const TESTS = ['Buffered disk reads', 'Random access (seeker)'];
let app: E2E | null = null;

afterAll(async () => {
  await app?.close();
  for (const d of [dir, configDir]) rmSync(d, { recursive: true, force: true });
});

describe('reload during a run', () => {
  it('re-attaches to the running job at the measuring step; its end is the baseline', async () => {
    app = await openApp({ configDir });
    const { page } = app;
    const main = page.locator('main');
    await main.getByRole('button', { name: 'Start' }).click();
    await chooseFolder(page, dir);
    await main.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Custom').check();
    await page.locator('input[data-size-key="file"]').waitFor();
    await page.locator('input[data-size-key="file"]').fill('32');
    // Long enough to reload in the middle: seeker runs 3 s a repetition, three repetitions.
    await page.locator('input[data-size-key="seekerSeconds"]').fill('3');
    const boxes = main.locator('.tests input[type=checkbox]');
    for (let i = 0; i < (await boxes.count()); i++) {
      const label = await boxes.nth(i).locator('xpath=..').innerText();
      if ((await boxes.nth(i).isChecked()) !== TESTS.some((t) => label.includes(t)))
        await boxes.nth(i).click();
    }
    await page.getByLabel(/Repetitions/).fill('3');
    await main.getByRole('button', { name: 'Next' }).click();
    await main.getByRole('button', { name: /Continue/ }).click();
    await page.getByRole('heading', { name: 'Measure your current drive' }).waitFor();
    await main.getByRole('button', { name: 'Start measuring' }).click();
    const seeker = main.getByTestId('measure-row').filter({ hasText: 'Random access' });
    // Reload once the run is under way (its first test has moved), well before the end.
    await main
      .getByTestId('measure-row')
      .first()
      .locator('progress')
      .and(page.locator('progress:not([value="0"])'))
      .waitFor({ timeout: 60_000 });
    const running = app.services.jobs.list().filter((j) => j.kind === 'bench');
    expect(running).toHaveLength(1);
    await page.reload();

    // Back at the measuring step (not Welcome), showing the same job's progress, not a new run.
    await page.getByRole('heading', { name: 'Measure your current drive' }).waitFor();
    await page
      .getByTestId('measure-status')
      .getByText(/Running/)
      .waitFor();
    expect(await main.getByRole('button', { name: 'Start measuring' }).count()).toBe(0);
    const bars = await main
      .getByTestId('measure-row')
      .locator('progress')
      .evaluateAll((ps) => ps.map((p) => Number((p as unknown as { value: number }).value)));
    expect(Math.max(...bars)).toBeGreaterThan(0);
    expect(app.services.jobs.list().filter((j) => j.kind === 'bench')).toHaveLength(1);
    await app.shot('reattach-after-reload');

    // It finishes in this page: the rows are done and the run is the baseline.
    const done = page.getByText(/Done: saved to history as/);
    await done.waitFor({ timeout: 150_000 });
    const id = /as (\S+)\.$/.exec(await done.innerText())![1]!;
    await expect(seeker.getAttribute('data-status')).resolves.toBe('ok');
    await expect
      .poll(async () => (await readProgress(configDir)).progress?.beforeRunId, { timeout: 10_000 })
      .toBe(id);
    expect((await app.services.runs.list()).map((r) => r.id)).toEqual([id]);

    // A later reload opens after the baseline, as the stored progress says.
    await page.reload();
    await page.getByRole('heading', { name: 'Measure the new drive' }).waitFor();
  });
});
