// Issue 35, part 4 on the Measure step: a run beside another program (fio, random 64 KiB O_DIRECT
// reads and writes on a file in the same folder) shows each busy phase as it ends ("busy: N MB of
// other disk traffic during this phase") and offers to repeat them; with the other program gone,
// the button runs them again alone and the run keeps the quieter sample of each, saying so.
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hasFio, otherProgram, stopPrograms } from '../integration/other-program';
import { chooseFolder, openApp, type E2E } from './harness';

// On the disk itself: the other program's traffic lands on the device the run measures.
const base = existsSync('/var/tmp') ? '/var/tmp' : tmpdir();
const dir = mkdtempSync(join(base, 'dw-h35-busy-'));
const TESTS = ['Buffered disk reads', 'Sequential write with sync'];
const SIZES: Record<string, string> = { file: '64', dd: '32' };
let app: E2E | null = null;
let fio: ChildProcess | null = null;

const stop = (p: ChildProcess | null): Promise<void> => stopPrograms([p]);

afterAll(async () => {
  await stop(fio);
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Welcome → Drive → a custom plan of two tests, one repetition → Measure. */
async function toMeasure(a: E2E): Promise<void> {
  const { page } = a;
  const main = page.locator('main');
  await main.getByRole('button', { name: 'Start' }).click();
  await chooseFolder(page, dir);
  await main.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Custom').check();
  await page.locator('input[data-size-key="file"]').waitFor();
  for (const [k, v] of Object.entries(SIZES))
    await page.locator(`input[data-size-key="${k}"]`).fill(v);
  const boxes = main.locator('.tests input[type=checkbox]');
  for (let i = 0; i < (await boxes.count()); i++) {
    const label = await boxes.nth(i).locator('xpath=..').innerText();
    if ((await boxes.nth(i).isChecked()) !== TESTS.some((t) => label.includes(t)))
      await boxes.nth(i).click();
  }
  await page.getByLabel(/Repetitions/).fill('2');
  await main.getByRole('button', { name: 'Next' }).click();
  await main.getByRole('button', { name: /Continue/ }).click();
  await page.getByRole('heading', { name: 'Measure your current drive' }).waitFor();
}

describe.skipIf(!hasFio)('busy phases on the Measure step', () => {
  it('are named as they end, and repeated alone on request', async () => {
    app = await openApp();
    const { page } = app;
    await toMeasure(app);
    fio = otherProgram(join(dir, 'other-program.bin'), '256M', 300);
    await page.waitForTimeout(1500); // fio lays out its file
    const main = page.locator('main');
    await main.getByRole('button', { name: 'Start measuring' }).click();
    await page.getByText(/Done: saved to history as/).waitFor({ timeout: 120_000 });
    const busy = page.getByTestId('measure-busy');
    await busy.first().waitFor();
    expect(await busy.allInnerTexts()).toEqual(
      TESTS.map(() =>
        expect.stringMatching(
          /^busy: \d+(\.\d)? MB of other disk traffic during this phase: not compared in the verdict; run it again on a quiet machine$/,
        ),
      ),
    );
    const offer = page.getByTestId('measure-repeat');
    expect(await offer.innerText()).toMatch(
      /The machine was busy during 2 phases \(Buffered disk reads, Sequential write with sync\)/,
    );
    await app.shot('measure-busy');

    await stop(fio);
    await offer.getByRole('button', { name: 'Repeat the 2 busy phases' }).click();
    await page.getByRole('button', { name: 'Cancel' }).waitFor();
    await page.getByText(/Done: saved to history as/).waitFor({ timeout: 120_000 });
    const rows = await main.getByTestId('measure-row').allInnerTexts();
    for (const [i, t] of TESTS.entries())
      expect(rows[i]).toMatch(
        new RegExp(`${t}: repeated alone \\(.+\\), kept the (repeat|first run)`),
      );
    await app.shot('measure-repeated');
  }, 300_000);
});
