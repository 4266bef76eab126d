// The Verdict view in Chromium: two realistic runs in the store, opened through a verdict link,
// in light and dark mode; charts must have pixels, the picker and the prediction must work.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeProblems, openApp, type E2E } from './harness';
import { realisticPair } from '../unit/shared/verdict/realistic-runs';

/** Share of canvas pixels that are not transparent: a blank chart is ~0. */
async function inkPerChart(page: Page): Promise<number[]> {
  // A string: this runs in the page, and the Node typecheck has no DOM types.
  return page.evaluate<number[]>(`[...document.querySelectorAll('.vd-chart canvas')].map((c) => {
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let ink = 0;
    for (let i = 3; i < d.length; i += 4) if (d[i] > 0) ink++;
    return ink / (c.width * c.height);
  })`);
}

async function openVerdict(app: E2E, before: string, after: string) {
  await app.page.goto(`${app.host.url}#verdict?before=${before}&after=${after}`);
  await app.page.getByTestId('verdict-headline').waitFor();
  await app.page.locator('.vd-chart canvas').first().waitFor();
}

for (const scheme of ['light', 'dark'] as const) {
  describe(`Verdict view (${scheme})`, () => {
    let app: E2E;
    beforeAll(async () => {
      app = await openApp({ colorScheme: scheme });
      const { before, after } = realisticPair();
      await app.services.runs.save(before);
      await app.services.runs.save(after);
      await openVerdict(app, before.id, after.id);
    });
    afterAll(() => app.close());

    it('shows the recommendation, time, money, findings and tables', async () => {
      const { page } = app;
      await expect(page.getByTestId('verdict-headline').innerText()).resolves.toMatch(/^Worth it/);
      const text = await page.locator('.vd-report').innerText();
      expect(text).toMatch(/2 min 45 s/); // saved a day with the stored usage profile
      expect(text).toMatch(/€7\.49/); // 79 € / 10.5 h saved in the first year
      expect(text).toMatch(/SATA III 6\.0 Gb\/s link's ceiling/);
      expect(text).toMatch(/Unpack a kernel tarball \(gzip\) is CPU-bound/);
      const rows = await page.getByTestId('verdict-metrics').locator('tbody tr').count();
      expect(rows).toBeGreaterThan(20);
      await expect(page.getByTestId('verdict-tasks').locator('tbody tr').count()).resolves.toBe(5);
    });

    it('draws every chart (tasks, groups, latency) with real pixels', async () => {
      const { page } = app;
      // Grouped as in the report: by what the figures measure, and their unit.
      for (const id of ['tasks', 'latency', 'random-access|seeks/s', 'file-ops|files/s'])
        await expect(page.getByTestId(`chart-${id}`).count()).resolves.toBe(1);
      const ink = await inkPerChart(page);
      expect(ink.length).toBeGreaterThanOrEqual(8);
      for (const share of ink) expect(share).toBeGreaterThan(0.02);
      await page.locator('#vd-findings-title').scrollIntoViewIfNeeded();
      await app.shot(`verdict-${scheme}`);
    });

    it('has no serious or critical axe-core violation, and reads at 200 % zoom', async () => {
      const { page } = app;
      expect(await axeProblems(page)).toEqual([]);
      await page.setViewportSize({ width: 600, height: 860 }); // 1200 px at 200 % zoom
      // Elements sticking out to the right (outside horizontally scrolling tables).
      const wide = await page.evaluate<string[]>(`[...document.querySelectorAll('body *')]
        .filter((e) => !e.closest('.vd-scroll') && e.getBoundingClientRect().right > innerWidth + 1)
        .map((e) => e.tagName.toLowerCase() + '.' + e.className)
        .slice(0, 5)`);
      expect(wide).toEqual([]);
      await page.getByTestId('verdict-headline').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/verdict-${scheme}-narrow.png` });
      await page.setViewportSize({ width: 1200, height: 860 });
    });

    if (scheme === 'light') {
      it("overlays a reference drive (the seeds' published figures) on request", async () => {
        const { page } = app;
        const picker = page.getByLabel('Compare with a reference drive');
        const options = await picker.locator('option').allInnerTexts();
        expect(options.length).toBeGreaterThan(1);
        // The first reference that shares a metric with these runs gets drawn next to them.
        for (const name of options.slice(1)) {
          await picker.selectOption({ label: name });
          const labels = await page
            .locator('.vd-chart canvas')
            .evaluateAll((cs) => cs.map((c) => c.getAttribute('aria-label') ?? ''));
          if (labels.some((l) => l.includes(`reference ${name} shown alongside`))) {
            await page.locator('#vd-charts-title').scrollIntoViewIfNeeded();
            await page.screenshot({ path: 'test-results/verdict-reference.png' });
            await picker.selectOption({ label: 'none' });
            return;
          }
        }
        throw new Error(`no reference drew an overlay: ${options.join(', ')}`);
      });

      it('prediction: predicted vs measured, and a custom target needs its figures', async () => {
        const { page } = app;
        const pred = page.getByTestId('prediction');
        await pred.waitFor();
        await expect(pred.innerText()).resolves.toMatch(/Measured after/);
        await page.getByLabel('Target drive').selectOption('nvme-gen3');
        await expect.poll(() => pred.innerText()).toMatch(/NVMe SSD \(PCIe 3\.0 x4\)/);
        await page.getByLabel('Target drive').selectOption('custom');
        await expect
          .poll(() => page.locator('.vd-predict [role="alert"]').innerText())
          .toMatch(/custom target needs/);
        await page.getByLabel('Rated sequential read, MB/s').fill('560');
        await page.getByLabel('4K random read IOPS at queue depth 1').fill('10000');
        await expect
          .poll(() => page.getByTestId('prediction').innerText())
          .toMatch(/The new drive \(your figures\)/);
        await page.getByTestId('prediction').scrollIntoViewIfNeeded();
        await app.shot('verdict-prediction');
      });

      it('"Compare other runs" offers a picker; a missing run is one clear line', async () => {
        const { page } = app;
        await page.getByRole('button', { name: 'Compare other runs' }).click();
        await page.getByText('compares a run on the old drive').waitFor();
        const before = page.getByLabel('Before (old drive)');
        const after = page.getByLabel('After (new drive)');
        const isSelect = (await before.evaluate((e) => e.tagName)) === 'SELECT';
        if (isSelect) {
          await before.selectOption('e2e-after-ssd');
          await after.selectOption('e2e-before-hdd');
        } else {
          await before.fill('e2e-after-ssd');
          await after.fill('e2e-before-hdd');
        }
        await page.getByRole('button', { name: 'Compare' }).click();
        // Swapped on purpose: the "new" drive is the slow one.
        await expect
          .poll(() => page.getByTestId('verdict-headline').innerText())
          .toMatch(/^Not worth it/);
        await page.goto(`${app.host.url}#verdict?before=e2e-before-hdd&after=missing-run`);
        await expect
          .poll(() => page.locator('.vd-step [role="alert"]').innerText())
          .toBe('no run with id missing-run');
      });
    }
  });
}
