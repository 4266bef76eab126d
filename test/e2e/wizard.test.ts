// The whole story in Chromium with the real engine: before → save baseline → swap → after → verdict,
// on two temp directories with tiny sizes. Every step is screenshotted and scanned with axe-core.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { axeProblems, chooseFolder, fillSaveTo, openApp, type E2E } from './harness';

let app: E2E;
// On the real disk (not tmpfs), so the drive step can resolve them to a disk.
const base = existsSync('/var/tmp') ? '/var/tmp' : tmpdir();
const beforeDir = mkdtempSync(join(base, 'dw-wizard-before-'));
const afterDir = mkdtempSync(join(base, 'dw-wizard-after-'));
const outDir = mkdtempSync(join(base, 'dw-wizard-out-'));

beforeAll(async () => {
  app = await openApp();
});
afterAll(async () => {
  await app.close();
  for (const d of [beforeDir, afterDir, outDir]) rmSync(d, { recursive: true, force: true });
});

const TINY: Record<string, string> = {
  file: '32',
  dd: '8',
  bonnie: '4',
  bonnieChar: '1',
  iozone: '4',
  seekerSeconds: '1',
  qdSeconds: '1',
};
const TESTS = [
  'Buffered disk reads',
  'Sequential write with sync',
  'Random access (seeker)',
  'Queue-depth profile',
];

async function step(name: string): Promise<void> {
  await app.shot(`wizard-${name}`);
  expect(await axeProblems(app.page), `axe on ${name}`).toEqual([]);
}

const main = () => app.page.locator('main');

async function measure(): Promise<string> {
  const { page } = app;
  await main().getByRole('button', { name: 'Start measuring' }).click();
  await page
    .getByTestId('measure-status')
    .getByText(/Running/)
    .waitFor();
  const done = page.getByText(/Done: saved to history as/);
  await done.waitFor({ timeout: 150_000 });
  const rows = main().getByTestId('measure-row');
  await expect(rows.count()).resolves.toBe(TESTS.length);
  for (let i = 0; i < TESTS.length; i++)
    await expect(rows.nth(i).getAttribute('data-status')).resolves.toBe('ok');
  return /as (\S+)\.$/.exec(await done.innerText())![1]!;
}

describe('the before/after wizard', () => {
  it('walks from Welcome to the Verdict with the real engine', async () => {
    const { page } = app;
    await page.getByRole('heading', { name: /Is a new drive worth it/ }).waitFor();
    await step('1-welcome');
    await main().getByRole('button', { name: 'Start' }).click();

    // Drive: pick the disk that holds the before directory.
    await page.getByRole('group', { name: 'Drives' }).waitFor();
    await chooseFolder(page, beforeDir);
    await step('2-drive');
    await main().getByRole('button', { name: 'Next' }).click();

    // Plan: a custom profile with four tests and tiny sizes, one repetition.
    await page.getByRole('heading', { name: 'Plan the measurement' }).waitFor();
    await page.getByLabel('Custom').check();
    await page.locator('input[data-size-key="file"]').waitFor();
    for (const [k, v] of Object.entries(TINY))
      await page.locator(`input[data-size-key="${k}"]`).fill(v);
    const boxes = main().locator('.tests input[type=checkbox]');
    for (let i = 0; i < (await boxes.count()); i++) {
      const label = await boxes.nth(i).locator('xpath=..').innerText();
      const want = TESTS.some((t) => label.includes(t));
      if ((await boxes.nth(i).isChecked()) !== want) await boxes.nth(i).click();
    }
    await page.getByLabel(/Repetitions/).fill('1');
    await page.getByLabel('New drive price').fill('60');
    await page.getByLabel('New drive capacity').fill('500');
    await expect(page.getByTestId('plan-space').innerText()).resolves.toMatch(/Writes at most/);
    await step('3-plan');
    await main().getByRole('button', { name: 'Next' }).click();

    // Admin rights: continue without (the decline path must still run everything file-based).
    await page.getByRole('heading', { name: /admin/i }).first().waitFor();
    await step('4-admin');
    await main()
      .getByRole('button', { name: /Continue/ })
      .click();

    // Measure before.
    await page.getByRole('heading', { name: 'Measure your current drive' }).waitFor();
    const beforeId = await measure();
    await step('5-measure-before');
    expect(readdirSync(beforeDir)).toEqual([]); // the work folder is gone
    await main().getByRole('button', { name: 'Next' }).click();

    // Save the baseline off the drive (here: another directory) and check the file is a run.
    await page.getByRole('heading', { name: 'Save the baseline' }).waitFor();
    const file = join(outDir, 'baseline.json');
    await fillSaveTo(page, file);
    await main().getByRole('button', { name: 'Save baseline' }).click();
    await page
      .getByTestId('baseline-saved')
      .waitFor({ timeout: 8000 })
      .catch(async (e) => {
        await page.screenshot({ path: '/tmp/wizard-fail.png', fullPage: true });
        console.log('DEBUG', await main().innerText());
        throw e;
      });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({
      schema: 'drivewise.run',
      id: beforeId,
      label: 'before',
    });
    await step('6-baseline');
    await main().getByRole('button', { name: 'Next' }).click();

    await page.getByRole('heading', { name: 'Swap the drive' }).waitFor();
    await step('7-swap');
    await main().getByRole('button', { name: 'I have swapped the drive' }).click();

    // After: the baseline comes from the file, the new directory is checked, the same plan runs.
    await page.getByRole('heading', { name: 'Measure the new drive' }).waitFor();
    await page.getByLabel('or import a saved baseline file').fill(file);
    await main().getByRole('button', { name: 'Import' }).click();
    await page.getByTestId('baseline-chosen').waitFor();
    // "Measure again" starts empty (the before folder is on the old drive) and cannot start yet.
    const newDir = page.getByLabel('Directory on the new drive');
    await expect(newDir.inputValue()).resolves.toBe('');
    const start = main().getByRole('button', { name: 'Start measuring' });
    await expect(start.isDisabled()).resolves.toBe(true);
    // The old folder is flagged as the baseline's drive before anything runs.
    await newDir.fill(beforeDir);
    await main().getByRole('button', { name: 'Use this directory' }).click();
    await expect(page.getByTestId('same-drive-warning').innerText()).resolves.toMatch(
      /baseline[’']s drive|folder the baseline was measured in/,
    );
    await step('8a-measure-again-same-drive');
    await newDir.fill(afterDir);
    await expect(page.getByTestId('same-drive-warning').count()).resolves.toBe(0);
    await expect(start.isDisabled()).resolves.toBe(true); // typed, not yet checked
    await page.getByLabel('Directory on the new drive').fill(afterDir);
    await main().getByRole('button', { name: 'Use this directory' }).click();
    // Both folders are on this machine's one disk: measuring it again is asked for on purpose
    // (Start stays disabled until then, as `bench --baseline` refuses without --same-drive).
    await expect(start.isDisabled()).resolves.toBe(true);
    await page
      .getByLabel('Measure the same drive again on purpose (a repeatability check)')
      .check();
    await main().locator('code', { hasText: afterDir }).first().waitFor();
    const afterId = await measure();
    expect(afterId).not.toBe(beforeId);
    await step('8-measure-after');
    await main().getByRole('button', { name: 'Next' }).click();

    // Verdict: a recommendation and every test of the plan in its table. Both runs measured this
    // machine's one disk, so they are named the same drive when it has a serial (a repeatability
    // check); without one, "no measurable difference" is as right as any worth-it level.
    await page.getByRole('heading', { name: 'Verdict' }).waitFor();
    await main()
      .getByText(/worth it|no measurable difference|The same drive measured twice/i)
      .first()
      .waitFor();
    const text = await main().innerText();
    // One disk measured twice is a repeatability check: its screen lists how far each figure
    // varied, by figure, not the upgrade's per-test table.
    if (/The same drive measured twice/.test(text)) expect(text).toMatch(/of \d+ figures/);
    else for (const t of TESTS) expect(text).toContain(t);
    await step('9-verdict');
  });
});
