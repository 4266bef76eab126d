// After the swap there is no dead end: the wizard's progress lives in the back end's config
// folder, so a host restarted on a new port (a new origin, an empty localStorage) reopens at
// "Measure again" with the baseline named; and a fresh system with only the baseline file
// continues from Welcome, measures with the baseline's plan and compares against it.
import { afterAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chooseFolder, fillSaveTo, openApp, type E2E } from './harness';

const base = existsSync('/var/tmp') ? '/var/tmp' : tmpdir();
const beforeDir = mkdtempSync(join(base, 'dw-resume-before-'));
const afterDir = mkdtempSync(join(base, 'dw-resume-after-'));
const outDir = mkdtempSync(join(base, 'dw-resume-out-'));
const configDir = mkdtempSync(join(tmpdir(), 'dw-resume-cfg-'));
const freshConfig = mkdtempSync(join(tmpdir(), 'dw-resume-fresh-'));
const file = join(outDir, 'baseline.json');
const TESTS = ['Buffered disk reads', 'Sequential write with sync'];
const SIZES: Record<string, string> = { file: '32', dd: '8' };
let app: E2E | null = null;

afterAll(async () => {
  await app?.close();
  for (const d of [beforeDir, afterDir, outDir, configDir, freshConfig])
    rmSync(d, { recursive: true, force: true });
});

const main = (a: E2E) => a.page.locator('main');

async function measure(a: E2E): Promise<string> {
  await main(a).getByRole('button', { name: 'Start measuring' }).click();
  const done = a.page.getByText(/Done: saved to history as/);
  await done.waitFor({ timeout: 150_000 });
  return /as (\S+)\.$/.exec(await done.innerText())![1]!;
}

/** Welcome → Drive → a custom plan of two tests → Measure → Save baseline to `file`. */
async function measureBaseline(a: E2E): Promise<string> {
  const { page } = a;
  await main(a).getByRole('button', { name: 'Start' }).click();
  await chooseFolder(page, beforeDir);
  await main(a).getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Custom').check();
  await page.locator('input[data-size-key="file"]').waitFor();
  for (const [k, v] of Object.entries(SIZES))
    await page.locator(`input[data-size-key="${k}"]`).fill(v);
  const boxes = main(a).locator('.tests input[type=checkbox]');
  for (let i = 0; i < (await boxes.count()); i++) {
    const label = await boxes.nth(i).locator('xpath=..').innerText();
    if ((await boxes.nth(i).isChecked()) !== TESTS.some((t) => label.includes(t)))
      await boxes.nth(i).click();
  }
  await page.getByLabel(/Repetitions/).fill('1');
  await main(a).getByRole('button', { name: 'Next' }).click();
  await main(a)
    .getByRole('button', { name: /Continue/ })
    .click();
  await page.getByRole('heading', { name: 'Measure your current drive' }).waitFor();
  const id = await measure(a);
  await main(a).getByRole('button', { name: 'Next' }).click();
  await fillSaveTo(page, file);
  await main(a).getByRole('button', { name: 'Save baseline' }).click();
  await page.getByTestId('baseline-saved').waitFor();
  return id;
}

describe('resume after the swap', () => {
  it('reopens at Measure again with the baseline named after the host restarts', async () => {
    app = await openApp({ configDir });
    const beforeId = await measureBaseline(app);
    await app.page.waitForTimeout(600); // the debounced save
    const oldUrl = app.host.url;
    await app.close();
    app = null;

    // A new host on a new port: a new origin, so nothing of the page's own storage is left.
    app = await openApp({ configDir });
    expect(app.host.url).not.toBe(oldUrl);
    await app.page.getByRole('heading', { name: 'Measure the new drive' }).waitFor();
    const named = app.page.getByTestId('baseline-chosen');
    await named.waitFor();
    expect(await named.innerText()).toContain(beforeDir);
    await expect(app.page.locator('#baseline-select').inputValue()).resolves.toBe(beforeId);
    await app.shot('resume-measure-again');
    await app.close();
    app = null;
  });

  it('continues from the baseline file on a fresh system, with the baseline’s plan', async () => {
    const baseline = JSON.parse(readFileSync(file, 'utf8')) as {
      id: string;
      settings: { tests: string[]; sizes: Record<string, number>; repetitions: number };
    };
    app = await openApp({ configDir: freshConfig });
    const { page } = app;
    const offer = page.getByTestId('continue-from-file');
    await offer.waitFor();
    await expect.poll(() => offer.getAttribute('open')).not.toBeNull(); // no history: offered open
    await app.shot('resume-welcome-offer');
    await page.getByLabel('Baseline file').fill(file);
    await page.getByRole('button', { name: 'Continue from this baseline' }).click();
    await page.getByRole('heading', { name: 'Measure the new drive' }).waitFor();
    await page.getByTestId('baseline-chosen').waitFor();
    await page.getByLabel('Directory on the new drive').fill(afterDir);
    await main(app).getByRole('button', { name: 'Use this directory' }).click();
    // Both folders are on this machine's one disk: measured again on purpose.
    await page
      .getByLabel('Measure the same drive again on purpose (a repeatability check)')
      .check();
    await main(app).locator('code', { hasText: afterDir }).first().waitFor();
    // The baseline's two tests, not the quick profile's list. The rows come with the plan's answer,
    // after the folder is shown: counted once at once they read 0 in a CI run.
    const rows = main(app).getByTestId('measure-row');
    await expect.poll(() => rows.count()).toBe(TESTS.length);
    const afterId = await measure(app);
    const after = await app.services.runs.load(afterId);
    expect(after.baselineId).toBe(baseline.id);
    expect(after.settings.tests).toEqual(baseline.settings.tests);
    expect(after.settings.repetitions).toBe(baseline.settings.repetitions);
    expect(after.settings.sizes).toEqual(baseline.settings.sizes);
    await main(app).getByRole('button', { name: 'Next' }).click();
    await page.getByTestId('verdict-headline').waitFor();
    const step = main(app).locator('section.vd-step');
    await expect(step.getAttribute('data-before-id')).resolves.toBe(baseline.id);
    await expect(step.getAttribute('data-after-id')).resolves.toBe(afterId);
    // Both folders are on one disk: a repeatability check, its figures counted, not an upgrade's table.
    const text = await main(app).innerText();
    if (/The same drive measured twice/.test(text)) expect(text).toMatch(/of \d+ figures/);
    else expect(text).toContain(TESTS[0]);
    await app.shot('resume-verdict');
  });
});
