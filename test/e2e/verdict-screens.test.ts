// The Verdict screen for the three stories that used to contradict themselves: the same drive
// twice (A/A), an HDD → SSD swap (A/B) and a pair of stopwatch timings only. Each shows what the
// one verdict object says; screenshots go to test-results/ to be looked at.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, type E2E } from './harness';
import { realisticPair } from '../unit/shared/verdict/realistic-runs';
import { again, stopwatchRun } from './fixture-runs';

describe('Verdict screens: A/A, A/B, stopwatch only', () => {
  let app: E2E;
  beforeAll(async () => {
    app = await openApp();
    const { before, after } = realisticPair();
    await app.services.runs.save(before);
    await app.services.runs.save(after);
    await app.services.runs.save(again(before, 'aa-again', 0.03));
    // A real write-up's four timings (boot 75 s → 29 s); one title only before the swap.
    await app.services.runs.save(
      stopwatchRun('sw-before', 'Stopwatch, old hard disk', [
        ['Boot to login screen', [75, 77], 'boot'],
        ['Login to desktop', [21, 22], 'login'],
        ['Open the photo library', [14], 'app-start'],
        ['Copy the music folder', [95], 'copy'],
      ]),
    );
    await app.services.runs.save(
      stopwatchRun('sw-after', 'Stopwatch, new SSD', [
        ['Boot to login screen', [29, 30], 'boot'],
        ['Login to desktop', [7, 7.5], 'login'],
        ['Open the photo library', [3.1], 'app-start'],
      ]),
    );
  });
  afterAll(() => app.close());

  /** The full page, and the first screen a person sees (headline, time, kinds of work). */
  const shots = async (name: string) => {
    await app.shot(name);
    await app.page.evaluate('window.scrollTo(0, 0)');
    await app.page.screenshot({ path: `test-results/${name}-top.png` });
    await app.page.locator('#vd-tasks-title').scrollIntoViewIfNeeded();
    await app.page.screenshot({ path: `test-results/${name}-tasks.png` });
  };

  const open = async (b: string, a: string) => {
    await app.page.goto(`${app.host.url}#verdict?before=${b}&after=${a}`);
    await app.page.getByTestId('verdict-headline').waitFor();
  };

  it('A/A: "No measurable difference between these runs", nothing saved, no win', async () => {
    await open('e2e-before-hdd', 'aa-again');
    const { page } = app;
    await expect(page.getByTestId('verdict-headline').innerText()).resolves.toBe(
      'No measurable difference between these runs',
    );
    await expect(page.getByTestId('verdict-time-day').innerText()).resolves.toMatch(
      /(^|\s)0 s[\s\S]*None: no measurable difference/,
    );
    const text = await page.locator('.vd-report').innerText();
    expect(text).not.toMatch(/faster: this is what you feel|slower after the swap/i);
    expect(text).toMatch(/not compared \(memory speed\)/);
    await shots('verdict-aa');
  });

  it('A/B: worth it from measured tasks; themes as medians with their range', async () => {
    await open('e2e-before-hdd', 'e2e-after-ssd');
    const { page } = app;
    await expect(page.getByTestId('verdict-headline').innerText()).resolves.toMatch(
      /^Worth it: saves about 2 min 45 s a day$/,
    );
    await expect(page.getByTestId('verdict-time-day').getAttribute('data-basis')).resolves.toBe(
      'measured',
    );
    const themes = await page.getByTestId('verdict-themes').innerText();
    expect(themes).toMatch(/sequential reads[\s\S]*median of \d+ methods/i);
    await shots('verdict-ab');
    // The tasks' chart alone: its wrapped labels (three lines each) once overlapped.
    const chart = page.getByTestId('chart-tasks');
    await chart.scrollIntoViewIfNeeded();
    await chart.screenshot({ path: 'test-results/verdict-ab-tasks-chart.png' });
  });

  it('stopwatch only: every title pairs up, the one-side title is said and estimated', async () => {
    await open('sw-before', 'sw-after');
    const { page } = app;
    const headline = await page.getByTestId('verdict-headline').innerText();
    expect(headline).toMatch(/^Worth it: saves about/);
    const rows = page.getByTestId('verdict-tasks').locator('tbody tr');
    await expect(rows.count()).resolves.toBe(4);
    const tasks = await page.getByTestId('verdict-tasks').innerText();
    expect(tasks).toMatch(/Boot to login screen/);
    // No drive figure in a stopwatch-only pair: the one-side title is said, not invented.
    expect(tasks).toMatch(/Copy the music folder[\s\S]*not estimated \(timed before only\)/);
    await expect(page.getByTestId('verdict-time-day').getAttribute('data-basis')).resolves.toBe(
      'measured',
    );
    const text = await page.locator('.vd-report').innerText();
    expect(text).toMatch(/Timed before the swap only: “Copy the music folder”/);
    await shots('verdict-stopwatch');
  });

  it("prediction: the old drive's kind defaults to the detected one, and a stopwatch run takes it", async () => {
    const { page } = app;
    await open('e2e-before-hdd', 'e2e-after-ssd');
    const old = page.getByLabel('Your current drive');
    await expect.poll(() => old.inputValue()).toBe('hdd');
    await expect(old.locator('option:checked').innerText()).resolves.toBe(
      'Hard disk, speed not known (hdd), detected',
    );
    await expect(old.locator('option').allInnerTexts()).resolves.toEqual([
      'Hard disk, speed not known (hdd), detected',
      '5400 rpm hard disk (hdd-5400)',
      '7200 rpm hard disk (hdd-7200)',
      'SATA SSD (sata-ssd)',
      'NVMe SSD (nvme-ssd)',
    ]);
    await page.locator('#vd-predict-title').scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/verdict-ab-prediction.png' });

    await open('sw-before', 'sw-after');
    await expect(old.inputValue()).resolves.toBe('');
    await expect
      .poll(() => page.locator('.vd-predict [role="alert"]').innerText())
      .toMatch(/old drive's kind is unknown/);
    await old.selectOption('hdd');
    const pred = page.getByTestId('prediction');
    await expect.poll(() => pred.innerText()).toMatch(/Boot to login screen/);
    const text = await pred.innerText();
    expect(text).toMatch(/Measured after/);
    expect(text).toMatch(/assumed a typical 7200 rpm hard disk/);
    // Each predicted time with its range, and whether the measured time fell inside it.
    expect(text).toMatch(/likely range \(10–90 %\)/);
    const ranges = await page.getByTestId('prediction-range').allInnerTexts();
    expect(ranges.length).toBeGreaterThan(0);
    for (const r of ranges) expect(r).toMatch(/^\d.* s – .*\d.* s/);
    for (const r of await page.getByTestId('prediction-inside').allInnerTexts())
      expect(r).toMatch(
        /^(inside the predicted range|outside the range: (faster|slower) than predicted|—)$/,
      );
    await old.selectOption('hdd-5400');
    await expect.poll(() => pred.innerText()).toMatch(/assumed a typical 5400 rpm hard disk/);
    await old.selectOption('hdd');
    await expect(page.locator('.vd-predict [role="alert"]').count()).resolves.toBe(0);
    await page.locator('#vd-predict-title').scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/verdict-stopwatch-prediction.png' });
    await app.shot('verdict-stopwatch-prediction-full');
  });
});
