import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import pkg from '../../package.json';
import { ADMIN_BADGES } from '../../src/renderer/wizard/admin/badges';
import { openApp, type E2E } from './harness';

let app: E2E;
beforeAll(async () => {
  app = await openApp();
});
afterAll(() => app.close());

describe('app shell in Chromium', () => {
  it('loads, renders the Welcome step and shows real app.info values', async () => {
    const { page } = app;
    await page.getByRole('heading', { name: /Is a new drive worth it/ }).waitFor();
    await expect(page.title()).resolves.toBe('Drivewise');
    const footer = page.getByTestId('app-info');
    await footer.waitFor();
    const text = await footer.innerText();
    expect(text).toContain(`Drivewise ${pkg.version}`);
    expect(text).toContain(`${process.platform}/${process.arch}`);
    expect(text).toContain('browser mode');
    // The session's admin state in the Admin step's own words (they disagreed for root).
    const words = Object.values(ADMIN_BADGES).map((b) => b.text.toLowerCase());
    expect(
      words.some((w) => text.includes(`admin rights: ${w} (`)),
      text,
    ).toBe(true);
    const file = await app.shot('welcome');
    expect(readFileSync(file).length).toBeGreaterThan(10_000);
  });

  it('the step indicator lists the wizard and Start moves on with the keyboard', async () => {
    const { page } = app;
    const steps = page.getByRole('navigation', { name: 'Wizard steps' }).getByRole('button');
    // Welcome … Verdict, then the new drive's set-up check.
    await expect(steps.count()).resolves.toBe(10);
    await page.getByRole('button', { name: 'Start' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('[aria-current="step"]').innerText()).resolves.toContain('Drive');
    // Focus moved to the new step's heading, at the top of the page.
    await page.waitForFunction("document.activeElement?.tagName === 'H2'");
    await expect(page.evaluate('document.activeElement.textContent')).resolves.toBe(
      'Which drive are you replacing?',
    );
    await expect(page.evaluate('window.scrollY')).resolves.toBe(0);
  });
});
