// The fleet view in Chromium through the browser-mode host: a folder of fixture runs (copies of
// real quick runs, one per host, with a damaged file among them) and a folder of after-runs,
// ranked on screen, matched before/after by inventory name, saved as PDF and CSV.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findJargon } from '../../../src/shared/jargon';
import { createServices } from '../../../src/main/create-services';
import { runDocument, type RunDocument } from '../../../src/shared/schemas/run';
import { axeProblems, openApp, RESULTS_DIR, type E2E } from '../harness';

const fixture = (n: string): RunDocument =>
  JSON.parse(readFileSync(join('test/fixtures/fleet', n), 'utf8')) as RunDocument;
const HDD = fixture('quick-hdd-like.json');
const FAST = fixture('quick-fast.json');

const dirs: string[] = [];
const temp = (name: string) => {
  const d = mkdtempSync(join(tmpdir(), `dw-e2e-fleet-${name}-`));
  dirs.push(d);
  return d;
};
const host = (doc: RunDocument, name: string, patch: Partial<RunDocument> = {}): RunDocument => ({
  ...doc,
  ...patch,
  id: `${doc.id.slice(0, 20)}-${name}`.slice(0, 60),
  host: { inventoryName: name, machineId: doc.host?.machineId ?? 'a'.repeat(32) },
});

let app: E2E;
let before: string;
let after: string;
let out: string;

beforeAll(async () => {
  before = temp('before');
  after = temp('after');
  out = temp('out');
  const runs: Record<string, RunDocument> = {
    'lab-hdd-01.json': host(HDD, 'lab-hdd-01'),
    'lab-hdd-02.json': host(HDD, 'lab-hdd-02', {
      drive: { ...HDD.drive!, smartHealthy: false },
    }),
    'lab-fast-01.json': host(FAST, 'lab-fast-01'),
    'lab-ssd-01.json': host(FAST, 'lab-ssd-01', { drive: { ...FAST.drive!, kind: 'sata-ssd' } }),
  };
  for (const [f, doc] of Object.entries(runs)) writeFileSync(join(before, f), JSON.stringify(doc));
  writeFileSync(join(before, 'torn.json'), JSON.stringify(HDD).slice(0, 4000));
  // What the playbook leaves for a host it could not measure.
  writeFileSync(
    join(before, 'lab-full-01.failed.json'),
    JSON.stringify({
      schema: 'drivewise.fleet-failure',
      host: 'lab-full-01',
      reason: 'not enough free space in /srv: 0 B free',
      at: new Date().toISOString(),
    }),
  );
  // lab-hdd-01 after its swap: a fresh install (new machine id), measuring like the fast drive.
  writeFileSync(
    join(after, 'lab-hdd-01.json'),
    JSON.stringify({
      ...host(FAST, 'lab-hdd-01', { label: 'after' }),
      host: { inventoryName: 'lab-hdd-01', machineId: 'f'.repeat(32) },
    }),
  );
  // Two runs already in the app's history: the fleet can be ranked from them too.
  const configDir = temp('config');
  const services = createServices({ host: 'browser', configDir });
  for (const doc of [HDD, FAST]) await services.runs.save(runDocument.parse(doc));
  app = await openApp({ configDir });
});

afterAll(async () => {
  await app?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('the fleet view', () => {
  it('ranks a folder of run files: the HDD-like hosts first, marks, the damaged file set aside', async () => {
    const { page } = app;
    await page
      .getByRole('navigation', { name: 'Screens' })
      .getByRole('button', { name: 'Fleet' })
      .click();
    await page.getByLabel('Folder of run files (before the swap)').fill(before);
    await page.getByLabel('Folder of after-runs (optional)').fill(after);
    // The default floor (1 h a year) first: these quick runs save about 0.03 h a year each.
    await page.getByRole('button', { name: 'Rank the fleet' }).click();
    await expect
      .poll(() => page.getByTestId('fleet-summary').innerText())
      .toMatch(/^0 of 4 host\(s\) worth a new drive \(saving at least 1\.0 h a year\)/);
    // Then a floor they clear, as the CLI's --min-hours sets it: the ranking is read above it.
    await page.getByLabel('Worth a new drive from (hours saved a year)').fill('0.01');
    await page.getByRole('button', { name: 'Rank the fleet' }).click();
    await expect
      .poll(() => page.getByTestId('fleet-summary').innerText())
      .toMatch(/^2 of 4 host\(s\) worth a new drive/);
    const table = page.getByTestId('fleet-table');
    await table.waitFor();
    const hosts = await table
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-host')));
    expect(hosts.slice(0, 2).sort()).toEqual(['lab-hdd-01', 'lab-hdd-02']);
    expect(hosts.slice(2, 4).sort()).toEqual(['lab-fast-01', 'lab-ssd-01']);
    expect(hosts[4]).toBe('lab-full-01');
    const row = (h: string) => table.locator(`tr[data-host="${h}"]`).innerText();
    expect(await row('lab-hdd-01')).toMatch(/\d+(\.\d)? s\s+\d+(\.\d)? (min|h)/);
    expect(await row('lab-hdd-02')).toContain('SMART');
    expect(await row('lab-ssd-01')).toContain('SSD');
    expect(await row('lab-fast-01')).toContain('little gain');
    expect(await row('lab-full-01')).toMatch(
      /Not measured: not enough free space in \/srv: 0 B free\s+failed/,
    );
    await expect(page.getByTestId('fleet-summary').innerText()).resolves.toMatch(
      /Replace first: lab-hdd-0[12], lab-hdd-0[12]\./,
    );
    const skipped = page.getByTestId('fleet-skipped');
    await skipped.locator('summary').click();
    await expect(skipped.innerText()).resolves.toContain('torn.json is damaged (not valid JSON)');
    const matched = await page.getByTestId('fleet-after').innerText();
    expect(matched).toMatch(
      /lab-hdd-01\s+lab-hdd-01\.json\s+\S+ (min|h)\s+\S+ (min|h)\s+[+-]?\d+ %/,
    );
    expect(findJargon(await page.locator('.dw-fleet').innerText())).toBeNull();
    expect(await axeProblems(page)).toEqual([]);
    // At 1366×768 one screen holds the form, the summary and the table's first rows.
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.evaluate('window.scrollTo(0, 0)');
    const second = await table.locator('tbody tr').nth(1).boundingBox();
    expect(second!.y + second!.height).toBeLessThan(768);
    await page.screenshot({ path: join(RESULTS_DIR, 'fleet-1366x768.png') });
    await page.setViewportSize({ width: 760, height: 900 });
    await page.screenshot({ path: join(RESULTS_DIR, 'fleet-760.png'), fullPage: true });
    await page.setViewportSize({ width: 1200, height: 860 });
  });

  it('saves the fleet PDF (summary page first) and the CSV (one row per host)', async () => {
    const { page } = app;
    const pdf = join(out, 'fleet.pdf');
    await page.getByLabel('Save the fleet report to (full path)').fill(pdf);
    await page.getByRole('button', { name: 'Save PDF' }).click();
    const status = page.getByTestId('fleet-save').getByRole('status');
    await expect
      .poll(() => status.innerText(), { timeout: 90_000 })
      .toMatch(new RegExp(`Saved ${pdf} \\(\\d+ pages?\\)`));
    const first = execFileSync('pdftotext', ['-f', '1', '-l', '1', pdf, '-'], { encoding: 'utf8' });
    expect(first).toMatch(/Which machines gain most from a new drive/);
    expect(first).toMatch(/Replace first: lab-hdd-0[12], lab-hdd-0[12]/);
    expect(first).toMatch(/Not measured \(the playbook failed there\): lab-full-01/);
    execFileSync('pdftoppm', ['-png', '-r', '60', pdf, join(RESULTS_DIR, 'fleet-pdf')]);
    await page.getByRole('button', { name: 'Save CSV' }).click();
    await expect
      .poll(() => status.innerText(), { timeout: 30_000 })
      .toContain(`Saved ${join(out, 'fleet.csv')}`);
    const rows = readFileSync(join(out, 'fleet.csv'), 'utf8').trim().split('\r\n');
    expect(rows).toHaveLength(6);
    expect(rows[1]).toMatch(/^1,lab-hdd-0[12],/);
    // An existing file is refused, not overwritten.
    await page.getByRole('button', { name: 'Save PDF' }).click();
    await expect.poll(() => status.innerText(), { timeout: 30_000 }).toMatch(/exists/);
  });

  it('ranks runs already in the history, ticked in a list', async () => {
    const { page } = app;
    await page.getByRole('radio', { name: 'Runs in this app’s history' }).check();
    const list = page.locator('.dw-fleet-runs');
    await expect.poll(() => list.locator('input[type=checkbox]').count()).toBe(2);
    await page.getByRole('button', { name: 'Rank the fleet' }).click();
    await expect(page.locator('.dw-fleet-form [role=alert]').innerText()).resolves.toBe(
      'Tick the runs of the history to rank',
    );
    await list.getByRole('button', { name: 'Tick all' }).click();
    await page.getByRole('button', { name: 'Rank the fleet' }).click();
    await expect
      .poll(() => page.getByTestId('fleet-summary').innerText())
      .toMatch(/of 2 host\(s\) worth a new drive/);
    const hosts = await page
      .getByTestId('fleet-table')
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-host')));
    expect(hosts).toEqual(['lab-hdd-01', 'lab-fast-01']);
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.evaluate('window.scrollTo(0, 0)');
    await page.screenshot({ path: join(RESULTS_DIR, 'fleet-history-1366x768.png') });
    await page.setViewportSize({ width: 1200, height: 860 });
    await page.getByRole('radio', { name: 'A folder the playbook fetched to' }).check();
  });

  it('a folder that is not there is one line', async () => {
    const { page } = app;
    await page.getByLabel('Folder of run files (before the swap)').fill('/nonexistent-dw-fleet');
    await page.getByLabel('Folder of after-runs (optional)').fill('');
    await page.getByRole('button', { name: 'Rank the fleet' }).click();
    await expect(page.locator('.dw-fleet-form [role=alert]').innerText()).resolves.toBe(
      '/nonexistent-dw-fleet does not exist',
    );
  });
});
