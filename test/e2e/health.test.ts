// The set-up check end to end: the wizard step after the Verdict runs the real check on this
// machine and stores it in the after-run; History shows it; the PDF prints it as one appendix page.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/main/program';
import { axeProblems, openApp, RESULTS_DIR, type E2E } from './harness';
import { realisticPair } from '../unit/shared/verdict/realistic-runs';
import { clonedMisalignedHealth } from './fixture-runs';

describe('set-up check: wizard step, History and PDF page', () => {
  let app: E2E;
  const { before, after } = realisticPair();

  beforeAll(async () => {
    app = await openApp();
    await app.services.runs.save(before);
    await app.services.runs.save(after);
    await app.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: app.host.url,
    });
    await app.page.goto(`${app.host.url}#verdict?before=${before.id}&after=${after.id}`);
    await app.page.getByTestId('verdict-headline').waitFor();
  });
  afterAll(() => app.close());

  it('opens from the Verdict, checks this machine, and stores the result in the after-run', async () => {
    const { page } = app;
    await page.getByRole('button', { name: "Check the new drive's set-up" }).click();
    await page.getByRole('heading', { name: "Check the new drive's set-up" }).waitFor();
    await page.getByTestId('health-results').waitFor({ timeout: 60_000 });
    const statuses = await page
      .locator('.hc-check')
      .evaluateAll((els) =>
        els.map((e) => [e.getAttribute('data-check'), e.getAttribute('data-status')]),
      );
    expect(statuses.map((s) => s[0])).toEqual([
      'trim',
      'alignment',
      'link',
      'scheduler',
      'fstab.names',
      'fstab.resolve',
      'fstab.resume',
      'fstab.swap',
      'fstab.old-drive',
      'mount-options',
      'smart',
      'space',
    ]);
    for (const [id, st] of statuses)
      expect(['ok', 'warn', 'fail', 'unknown'], String(id)).toContain(st);
    // What needs no root is decided on this machine (virtio disk, /sys and /proc readable).
    const need = [
      'trim',
      'alignment',
      'scheduler',
      'fstab.names',
      'fstab.resolve',
      'mount-options',
      'space',
    ];
    for (const [id, st] of statuses)
      if (need.includes(String(id))) expect(st, String(id)).not.toBe('unknown');
    await expect(page.locator('[data-check="smart"] .hc-summary').innerText()).resolves.toMatch(
      /admin rights/,
    );
    await expect(page.getByText(`Saved with the after-run ${after.id}.`).count()).resolves.toBe(1);
    const stored = await app.services.runs.load(after.id);
    expect(stored.health?.checks).toHaveLength(12);
    // The step indicator names the new step.
    await expect(page.getByRole('button', { name: /Set-up check/ }).count()).resolves.toBe(1);
    await app.shot('health-step');
    await expect(axeProblems(page)).resolves.toEqual([]);
  });

  it('copies a fix to the clipboard', async () => {
    const { page } = app;
    const fix = page.locator('.hc-check .hc-fix').first();
    const text = await fix.locator('pre').innerText();
    await fix.getByRole('button', { name: /Copy the fix/ }).click();
    // The clipboard write is asynchronous: the label changes once it has landed.
    await expect
      .poll(() => fix.getByRole('button', { name: /Copy the fix/ }).innerText(), { timeout: 5000 })
      .toBe('Copied');
    await expect(page.evaluate('navigator.clipboard.readText()')).resolves.toBe(text);
  });

  it('History shows the stored check of the after-run', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'History & import' }).click();
    // The list loads with the references; a click before that lands on a row about to be replaced.
    await page.locator('.dw-refs summary').waitFor();
    const open = page
      .locator(`tr[data-run-id="${after.id}"]`)
      .getByRole('button', { name: 'Open' });
    await open.click();
    if (!(await page.locator('.dw-details').count())) await open.click();
    const section = page.getByRole('region', { name: 'Set-up check', exact: true });
    await section.getByTestId('health-results').waitFor();
    await expect(section.locator('.hc-check').count()).resolves.toBe(12);
    await section.scrollIntoViewIfNeeded();
    await app.shot('health-history');
  });

  it('prints a one-page "Set-up check" at the start of the appendix', async () => {
    const pdf = join(RESULTS_DIR, 'report-health.pdf');
    let err = '';
    const code = await runCli(
      ['report', before.id, after.id, '--pdf', pdf, '--force'],
      { out: () => {}, err: (s) => (err += s) },
      app.services,
    );
    expect(err).toBe('');
    expect(code).toBe(0);
    const pages = Number(
      /Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' }))![1],
    );
    const texts = Array.from({ length: pages }, (_, i) =>
      execFileSync('pdftotext', ['-f', String(i + 1), '-l', String(i + 1), pdf, '-'], {
        encoding: 'utf8',
      }),
    );
    const at = texts.findIndex((t) => t.includes('Appendix: set-up check of the new drive'));
    expect(at).toBeGreaterThan(0);
    const page = texts[at]!.replace(/\s+/g, ' ');
    expect(page).toMatch(/\d+ to fix, \d+ warnings, \d+ OK, \d+ unknown/);
    for (const title of [
      'TRIM reaches the drive',
      'Partitions start on aligned boundaries',
      'Enough free space',
    ])
      expect(page).toContain(title);
    // One page: the next page starts the rest of the appendix, not more of the check.
    expect(texts[at + 1] ?? '').not.toContain('Drive health (SMART)');
    expect(page).toContain('Drive health (SMART)');
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '60',
      '-f',
      String(at + 1),
      '-l',
      String(at + 1),
      pdf,
      join(RESULTS_DIR, 'report-health-page'),
    ]);
  });

  it('a drive with many findings (the cloned, misaligned fixture) still fits its one page', async () => {
    const worst = { ...after, id: 'e2e-after-cloned', health: await clonedMisalignedHealth() };
    await app.services.runs.save(worst);
    const pdf = join(RESULTS_DIR, 'report-health-findings.pdf');
    const code = await runCli(
      ['report', before.id, worst.id, '--pdf', pdf, '--force'],
      { out: () => {}, err: () => {} },
      app.services,
    );
    expect(code).toBe(0);
    const pages = Number(
      /Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' }))![1],
    );
    const texts = Array.from({ length: pages }, (_, i) =>
      execFileSync('pdftotext', ['-f', String(i + 1), '-l', String(i + 1), pdf, '-'], {
        encoding: 'utf8',
      }).replace(/\s+/g, ' '),
    );
    const at = texts.findIndex((t) => t.includes('Appendix: set-up check of the new drive'));
    expect(at).toBeGreaterThan(0);
    expect(texts[at]).toMatch(/\d+ to fix, \d+ warnings/);
    expect(texts[at]).toContain('Enough free space'); // the last check is on the same page
    expect(texts[at]).toContain('sudo systemctl enable --now fstrim.timer');
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '60',
      '-f',
      String(at + 1),
      '-l',
      String(at + 1),
      pdf,
      join(RESULTS_DIR, 'report-health-findings-page'),
    ]);
    // The same stored findings in History: warnings and fixes as the person sees them.
    const { page } = app;
    await page.goto(app.host.url);
    await page.getByRole('button', { name: 'History & import' }).click();
    await page.locator('.dw-refs summary').waitFor();
    const open = page
      .locator(`tr[data-run-id="${worst.id}"]`)
      .getByRole('button', { name: 'Open' });
    await open.click();
    if (!(await page.locator('.dw-details').count())) await open.click();
    const section = page.getByRole('region', { name: 'Set-up check', exact: true });
    await section.getByTestId('health-results').waitFor();
    await expect(section.locator('.hc-check[data-status="fail"]').count()).resolves.toBe(6);
    await section.screenshot({ path: join(RESULTS_DIR, 'health-findings.png') });
  });
});
