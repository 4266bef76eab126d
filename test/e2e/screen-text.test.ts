// Issue 38's text test on the screens beside the wizard: History (the list and an opened run), the
// Verdict of a real pair (the HDD → SSD fixture runs the other e2e tests use) and Fleet ranked from
// that history. Each must read in one unit system and name no deploy/ or tool path outside the
// tools' details. One app start at 1366×768; each screen is saved to test-results/screen-text/.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realisticPair } from '../unit/shared/verdict/realistic-runs';
import { openApp, RESULTS_DIR, type E2E } from './harness';
import { screenText, textProblems } from './screen-text';

const LAPTOP = { width: 1366, height: 768 };
const DIR = join(RESULTS_DIR, 'screen-text');

describe('History, Verdict and Fleet at 1366×768: one unit system, no tool paths', () => {
  let app: E2E;
  const { before, after } = realisticPair();
  const texts: Record<string, string> = {};

  /** The screen's words; its first screen and the full page saved to be looked at. */
  const take = async (name: string) => {
    await app.page.evaluate('document.fonts.ready');
    texts[name] = await screenText(app.page);
    await app.page.evaluate('window.scrollTo(0, 0)');
    await app.page.screenshot({ path: join(DIR, `${name}.png`) });
    await app.page.screenshot({ path: join(DIR, `${name}-full.png`), fullPage: true });
  };

  beforeAll(async () => {
    rmSync(DIR, { recursive: true, force: true });
    mkdirSync(DIR, { recursive: true });
    app = await openApp({ viewport: LAPTOP });
    // RAM doubled with the new drive: the Verdict says so, in the Drive step's GB (it read GiB).
    after.machine!.ramBytes = before.machine!.ramBytes * 2;
    await app.services.runs.save(before);
    await app.services.runs.save(after);
  });
  afterAll(() => app?.close());

  it('reads every screen', async () => {
    const { page } = app;
    await page.goto(`${app.host.url}#verdict?before=${before.id}&after=${after.id}`);
    await page.getByTestId('verdict-headline').waitFor();
    await take('verdict');
    await page.getByText(/RAM: /).first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(DIR, 'verdict-findings.png') });

    await page.goto(app.host.url);
    await page.reload();
    await page.getByRole('button', { name: 'History & import' }).click();
    const open = page
      .locator(`tr[data-run-id="${after.id}"]`)
      .getByRole('button', { name: 'Open' });
    await open.waitFor();
    await take('history');
    await open.click();
    await page.locator('.dw-details').waitFor();
    await take('history-run');

    await page.getByRole('button', { name: 'Fleet', exact: true }).click();
    await take('fleet-form');
    await page.getByRole('radio', { name: /history/ }).check();
    await page.getByRole('button', { name: 'Tick all' }).click();
    await page.getByRole('button', { name: 'Rank the fleet' }).click();
    await page.getByTestId('fleet-summary').waitFor();
    await take('fleet');
  });

  it("one unit system on each, no deploy/ or tool path outside the tools' details", () => {
    expect(Object.keys(texts)).toEqual([
      'verdict',
      'history',
      'history-run',
      'fleet-form',
      'fleet',
    ]);
    expect(texts.verdict).toMatch(/RAM: [\d.]+ GB → [\d.]+ GB/);
    expect(textProblems(texts)).toEqual([]);
  });

  it('prices in the browser\'s language: the same Verdict in German reads "7,49 €"', async () => {
    const context = await app.browser.newContext({ viewport: LAPTOP, locale: 'de-DE' });
    try {
      const page = await context.newPage();
      await page.goto(`${app.host.url}#verdict?before=${before.id}&after=${after.id}`);
      const perHour = page.getByText(/^Price per hour saved/).locator('..');
      await page.getByTestId('verdict-headline').waitFor();
      const text = (await page.locator('main').innerText()).replace(/\u00a0/g, ' ');
      expect(text).toContain('Each hour saved in the first year costs 7,49 €.');
      expect(text).toMatch(/0,045 € → 0,079 €/);
      expect(text).not.toMatch(/€\d/);
      await perHour.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(DIR, 'verdict-de.png') });
    } finally {
      await context.close();
    }
  });
});
