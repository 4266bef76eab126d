// Every screen from stored, fixed runs (no engine timings), so two builds can be compared pixel by
// pixel: the wizard steps, the Verdict for A/A, A/B and stopwatch-only pairs, History, the set-up
// check and the prediction, and the PDF's pages. SHOTS_DIR picks the folder (a refactor takes one
// set before and one after); the default is test-results/screens.
import { writeProgress } from '../../src/main/store/wizard-progress';
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/main/program';
import { realisticPair } from '../unit/shared/verdict/realistic-runs';
import { again, clonedMisalignedHealth, progressAtWelcome, stopwatchRun } from './fixture-runs';
import { MINIMUM } from '../../src/main/shell/window-state';
import { chooseFolder, openApp, overflowProblems, RESULTS_DIR, type E2E } from './harness';

const SHOTS = resolve(process.env.SHOTS_DIR ?? join(RESULTS_DIR, 'screens'));
// A fixed folder name: it is printed on the drive step, so a random one would differ per run.
const TARGET = '/var/tmp/dw-screens-target';

// The app window's minimum size (src/main/shell/window-state.ts) and a common laptop's.
const SIZES = [
  { width: MINIMUM.width, height: MINIMUM.height },
  { width: 1280, height: 800 },
];

describe.each(SIZES)('screens for a before/after comparison at $width×$height', (size) => {
  let app: E2E;
  const { before, after } = realisticPair();
  const dir = join(SHOTS, String(size.width));
  /** What does not fit, per screen: a table, a cell, a clipped text (overflowProblems). */
  const problems: string[] = [];
  const shot = async (name: string) => {
    await app.page.evaluate('document.fonts.ready');
    await app.page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
    problems.push(...(await overflowProblems(app.page)).map((p) => `${name}: ${p}`));
  };
  const main = () => app.page.locator('main');

  beforeAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    rmSync(TARGET, { recursive: true, force: true });
    mkdirSync(TARGET);
    app = await openApp({ viewport: size });
    await app.services.runs.save(before);
    await app.services.runs.save({ ...after, health: await clonedMisalignedHealth() });
    await app.services.runs.save(again(before, 'aa-again', 0.03));
    await app.services.runs.save(
      stopwatchRun('sw-before', 'Stopwatch, old hard disk', [
        ['Boot to login screen', [75, 77], 'boot'],
        ['Login to desktop', [21, 22], 'login'],
      ]),
    );
    await app.services.runs.save(
      stopwatchRun('sw-after', 'Stopwatch, new SSD', [
        ['Boot to login screen', [29, 30], 'boot'],
        ['Login to desktop', [7, 7.5], 'login'],
      ]),
    );
  });
  afterAll(async () => {
    await app.close();
    rmSync(TARGET, { recursive: true, force: true });
  });

  it('walks the wizard steps with stored runs', async () => {
    const { page } = app;
    // The wizard resumes from its stored choices: both runs exist, so no step needs the engine.
    await writeProgress(app.configDir, {
      ...progressAtWelcome(),
      beforeRunId: before.id,
      afterRunId: after.id,
      afterDir: TARGET,
    });
    await page.reload();
    const next = () => main().getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: /Is a new drive worth it/ }).waitFor();
    await shot('wizard-1-welcome');
    await main().getByRole('button', { name: 'Start' }).click();
    await chooseFolder(page, TARGET);
    await shot('wizard-2-drive');
    await next();
    await page.getByRole('heading', { name: 'Plan the measurement' }).waitFor();
    await page.getByTestId('plan-space').waitFor();
    await shot('wizard-3-plan');
    await page.getByLabel('Custom').check();
    await page.locator('input[data-size-key="file"]').waitFor();
    await page.getByLabel('New drive price').fill('60');
    await page.getByLabel('New drive capacity').fill('500');
    await expect(page.getByTestId('plan-space').innerText()).resolves.toMatch(/Writes at most/);
    await shot('wizard-3-plan-custom');
    await next();
    await page.getByRole('heading', { name: /admin/i }).first().waitFor();
    await shot('wizard-4-admin');
    await main()
      .getByRole('button', { name: /Continue/ })
      .click();
    await page.getByRole('heading', { name: 'Measure your current drive' }).waitFor();
    await page.getByTestId('measure-row').first().waitFor();
    await shot('wizard-5-measure-before');
    await next();
    await page.getByRole('heading', { name: 'Save the baseline' }).waitFor();
    await page.locator('.predict-before-buying summary').click();
    await page.getByTestId('prediction').waitFor();
    await page.waitForTimeout(500);
    await shot('wizard-6-baseline-prediction');
    await main()
      .getByRole('button', { name: /Skip|Next/ })
      .click();
    await page.getByRole('heading', { name: 'Swap the drive' }).waitFor();
    await shot('wizard-7-swap');
    await main().getByRole('button', { name: 'I have swapped the drive' }).click();
    await page.getByRole('heading', { name: 'Measure the new drive' }).waitFor();
    await page.getByTestId('measure-row').first().waitFor();
    await page.waitForTimeout(500);
    await shot('wizard-8-measure-after');
  });

  const verdict = async (b: string, a: string, name: string) => {
    await app.page.goto(`${app.host.url}#verdict?before=${b}&after=${a}`);
    await app.page.reload();
    await app.page.getByTestId('verdict-headline').waitFor();
    await app.page.waitForTimeout(800);
    await shot(name);
  };

  it('shows the Verdict for A/A, A/B and a stopwatch-only pair', async () => {
    await verdict(before.id, 'aa-again', 'verdict-aa');
    await verdict('sw-before', 'sw-after', 'verdict-stopwatch');
    await verdict(before.id, after.id, 'verdict-ab');
    const pred = app.page.locator('section', { has: app.page.getByText(/Prediction/) }).last();
    await pred.scrollIntoViewIfNeeded();
    await app.page.screenshot({ path: join(dir, 'verdict-ab-prediction.png') });
  });

  it('shows the set-up check step and History', async () => {
    const { page } = app;
    await page.getByRole('button', { name: "Check the new drive's set-up" }).click();
    await page.getByTestId('health-results').waitFor({ timeout: 60_000 });
    await shot('health-step');
    await page.goto(app.host.url);
    await page.reload();
    await page.getByRole('button', { name: 'History & import' }).click();
    await page.locator('.dw-refs summary').waitFor();
    await shot('history-list');
    const open = page
      .locator(`tr[data-run-id="${after.id}"]`)
      .getByRole('button', { name: 'Open' });
    await open.click();
    if (!(await page.locator('.dw-details').count())) await open.click();
    await page.locator('.dw-details').waitFor();
    await page.waitForTimeout(500);
    await shot('history-details');
  });

  it('fits: no table, cell or text is wider than its box or cut off, on any screen', () => {
    expect(problems).toEqual([]);
  });

  it.runIf(size.width === 1280)('prints the PDF report, one PNG per page', async () => {
    const pdf = join(SHOTS, 'report.pdf');
    const code = await runCli(
      ['report', before.id, after.id, '--pdf', pdf],
      { out: () => {}, err: () => {} },
      app.services,
    );
    expect(code).toBe(0);
    execFileSync('pdftoppm', ['-png', '-r', '60', pdf, join(SHOTS, 'pdf-page')]);
    rmSync(pdf);
  });
});
