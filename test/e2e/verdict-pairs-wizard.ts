// The person's path through the wizard for the verdict pairs: a custom plan, admin rights granted,
// the before-run on one folder, the baseline saved, the swap, the after-run on another folder,
// the verdict and its PDF saved from the Verdict step.
import { execFileSync } from 'node:child_process';
import { expect } from 'vitest';
import { chooseFolder, fillSaveTo, type E2E } from './harness';

/** Plan labels of the tests the pairs run (the engine's titles). */
export const PAIR_TESTS = [
  'Buffered disk reads',
  'Queue-depth profile',
  'Disk search (du)',
  'Application cold start',
];
/** Custom sizes as the Plan step shows them (MiB, seconds). */
export const PAIR_SIZES: Record<string, string> = {
  file: '96',
  seekerSeconds: '2',
  qdSeconds: '1',
};
export const PAIR_REPETITIONS = 3;
const RUN_TIMEOUT = 420_000;

const main = (a: E2E) => a.page.locator('main');

async function measure(a: E2E): Promise<string> {
  await main(a).getByRole('button', { name: 'Start measuring' }).click();
  const done = a.page.getByText(/Done: saved to history as/);
  await done.waitFor({ timeout: RUN_TIMEOUT });
  const rows = main(a).getByTestId('measure-row');
  await expect(rows.count()).resolves.toBe(PAIR_TESTS.length);
  for (let i = 0; i < PAIR_TESTS.length; i++)
    await expect(rows.nth(i).getAttribute('data-status')).resolves.toBe('ok');
  return /as (\S+)\.$/.exec(await done.innerText())![1]!;
}

async function plan(a: E2E): Promise<void> {
  const { page } = a;
  await page.getByRole('heading', { name: 'Plan the measurement' }).waitFor();
  await page.getByLabel('Custom').check();
  await page.locator('input[data-size-key="file"]').waitFor();
  for (const [k, v] of Object.entries(PAIR_SIZES))
    await page.locator(`input[data-size-key="${k}"]`).fill(v);
  const boxes = main(a).locator('.tests input[type=checkbox]');
  for (let i = 0; i < (await boxes.count()); i++) {
    const label = await boxes.nth(i).locator('xpath=..').innerText();
    if ((await boxes.nth(i).isChecked()) !== PAIR_TESTS.some((t) => label.includes(t)))
      await boxes.nth(i).click();
  }
  await page.getByLabel(/Repetitions/).fill(String(PAIR_REPETITIONS));
  await main(a).getByRole('button', { name: 'Next' }).click();
}

/** Welcome → … → Verdict: returns the two run ids; the verdict is on screen at the end. */
export async function wizardPair(
  a: E2E,
  dirs: { before: string; after: string; baselineFile: string },
  swap: () => void,
): Promise<{ beforeId: string; afterId: string }> {
  const { page } = a;
  await page.getByRole('heading', { name: /Is a new drive worth it/ }).waitFor();
  await main(a).getByRole('button', { name: 'Start' }).click();
  await page.getByRole('group', { name: 'Drives' }).waitFor();
  await chooseFolder(page, dirs.before);
  await main(a).getByRole('button', { name: 'Next' }).click();
  await plan(a);
  await page.getByRole('heading', { name: 'Admin rights for this session' }).waitFor();
  await page.getByRole('button', { name: 'Grant admin rights' }).click();
  await page.getByText('Granted for this session', { exact: true }).waitFor();
  await main(a).getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByRole('heading', { name: 'Measure your current drive' }).waitFor();
  const beforeId = await measure(a);
  await main(a).getByRole('button', { name: 'Next' }).click();
  await page.getByRole('heading', { name: 'Save the baseline' }).waitFor();
  await fillSaveTo(page, dirs.baselineFile);
  await main(a).getByRole('button', { name: 'Save baseline' }).click();
  // Saved, or the step's one-line refusal, which the failure then names.
  await page.getByTestId('baseline-saved').or(main(a).getByRole('alert')).first().waitFor();
  const refused = main(a).getByRole('alert');
  if (await refused.count()) throw new Error(`baseline not saved: ${await refused.innerText()}`);
  await main(a).getByRole('button', { name: 'Next' }).click();
  await page.getByRole('heading', { name: 'Swap the drive' }).waitFor();
  swap();
  await main(a).getByRole('button', { name: 'I have swapped the drive' }).click();
  await page.getByRole('heading', { name: 'Measure the new drive' }).waitFor();
  await page.getByTestId('baseline-chosen').waitFor();
  await page.getByLabel('Directory on the new drive').fill(dirs.after);
  await main(a).getByRole('button', { name: 'Use this directory' }).click();
  await main(a).locator('code', { hasText: dirs.after }).first().waitFor();
  const afterId = await measure(a);
  await main(a).getByRole('button', { name: 'Next' }).click();
  await page.getByTestId('verdict-headline').waitFor();
  return { beforeId, afterId };
}

/** Saves the PDF from the Verdict step (browser mode: a path field) and renders its first page. */
export async function savePdf(a: E2E, file: string): Promise<{ png: string; text: string }> {
  const save = a.page.getByTestId('save-report');
  await save.getByLabel('Save the PDF to (full path)').fill(file);
  await save.getByRole('button', { name: 'Save PDF' }).click();
  await save.getByRole('status').getByText(/Saved/).waitFor({ timeout: 120_000 });
  const stem = file.replace(/\.pdf$/, '-page');
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', file, stem]);
  const text = execFileSync('pdftotext', ['-layout', '-f', '1', '-l', '1', file, '-'], {
    encoding: 'utf8',
  });
  return { png: `${stem}.png`, text };
}
