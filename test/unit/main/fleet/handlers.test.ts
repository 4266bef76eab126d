// The fleet view's channels through the real router: the contract refuses what the CLI refuses,
// paths must be full, and fleet.save writes the CSV without replacing an existing file.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createServices } from '../../../../src/main/create-services';
import { createDispatch, createHandlers } from '../../../../src/main/router';

const root = mkdtempSync(join(tmpdir(), 'dw-fleet-handlers-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const services = createServices({ host: 'browser', configDir: join(root, 'cfg') });
const dispatch = createDispatch(createHandlers(services));
const runs = join(root, 'runs');
const hdd = readFileSync('test/fixtures/fleet/quick-hdd-like.json', 'utf8');
mkdirSync(runs);
writeFileSync(join(runs, 'lab-hdd-01.json'), hdd);
writeFileSync(join(runs, 'notes.txt'), 'x');

describe('fleet channels', () => {
  it('fleet.evaluate ranks the folder with the defaults (SATA SSD at 0.06 a GB)', async () => {
    const r = await dispatch('fleet.evaluate', { dir: runs });
    expect(r.ok).toBe(true);
    const v = (r as { value: { hosts: { host: string }[]; pricePerGB: number } }).value;
    expect(v.hosts.map((h) => h.host)).toEqual(['lab-hdd-01']);
    expect(v.pricePerGB).toBe(0.06);
  });

  it('refuses a relative folder, a custom target and unknown fields in one line', async () => {
    expect(await dispatch('fleet.evaluate', { dir: 'runs' })).toEqual({
      ok: false,
      error: 'folder: give a full path (got runs)',
    });
    const custom = await dispatch('fleet.evaluate', { dir: runs, target: 'custom' });
    expect(custom.ok).toBe(false);
    const extra = await dispatch('fleet.evaluate', { dir: runs, shell: 'rm -rf /' });
    expect(extra.ok).toBe(false);
    const price = await dispatch('fleet.evaluate', { dir: runs, pricePerGB: -1 });
    expect(price.ok).toBe(false);
  });

  it('fleet.evaluate ranks chosen runs of the history, each named by what its run says', async () => {
    const fast = JSON.parse(readFileSync('test/fixtures/fleet/quick-fast.json', 'utf8')) as {
      id: string;
    };
    const hddDoc = JSON.parse(hdd) as { id: string };
    await services.runs.save(fast as never);
    await services.runs.save(hddDoc as never);
    const r = await dispatch('fleet.evaluate', { runIds: [hddDoc.id, fast.id] });
    expect(r.ok).toBe(true);
    const v = (r as { value: { hosts: { host: string }[] } }).value;
    expect(v.hosts.map((h) => h.host)).toEqual(['lab-hdd-01', 'lab-fast-01']);
    const both = await dispatch('fleet.evaluate', { dir: runs, runIds: [fast.id] });
    expect(both).toEqual({
      ok: false,
      error: 'give a folder of run files or runs of the history, not both',
    });
    const bad = await dispatch('fleet.evaluate', { runIds: ['../x'] });
    expect(bad.ok).toBe(false);
  });

  it('fleet.save writes one CSV row per host and will not replace a file', async () => {
    const path = join(root, 'fleet.csv');
    const r = await dispatch('fleet.save', { dir: runs, format: 'csv', path });
    expect(r).toEqual({
      ok: true,
      value: { path, bytes: expect.any(Number) as number, pages: null },
    });
    expect(readFileSync(path, 'utf8').trim().split('\r\n')).toHaveLength(2);
    const again = await dispatch('fleet.save', { dir: runs, format: 'csv', path });
    expect(again.ok).toBe(false);
    expect((again as { error: string }).error).toMatch(/exists/);
  });
});
