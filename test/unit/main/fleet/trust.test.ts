// #37 class 4 in `drivewise fleet`: a host is the name the controller fetched its file under (a
// file claiming another is listed, not used, before and after), and figures past the physically
// plausible never reach the ranking. Real quick runs (test/fixtures/fleet) as the honest hosts.
import { describe, expect, it } from 'vitest';
import { fleetCsv, formatFleet } from '../../../../src/main/fleet/format';
import { evaluateFleet } from '../../../../src/main/fleet/service';
import type { RunDocument } from '../../../../src/shared/schemas/run';
import { FAST, folders, HDD, req as base } from './fleet-fixtures';

const folder = folders();
const named = (doc: RunDocument, name: string, patch: Partial<RunDocument> = {}): RunDocument => ({
  ...doc,
  host: { ...doc.host, inventoryName: name },
  ...patch,
});
const req = (dir: string, afterDir?: string) => base(dir, afterDir, 0);

/** Every figure of one metric set to `value` (the schema's own bound for per-second figures). */
function withMetric(doc: RunDocument, metric: string, value: number): RunDocument {
  return {
    ...doc,
    tests: doc.tests.map((t) => ({
      ...t,
      measurements: t.measurements.map((m) =>
        m.metric === metric
          ? { ...m, samples: m.samples.map(() => value), median: value, min: value, max: value }
          : m,
      ),
    })),
  };
}

describe('a fleet host is the name it was fetched under', () => {
  it("a file claiming another host's name and a later date is listed, not used", async () => {
    const real = named(HDD, 'pc-victim', { id: 'real-1' });
    const forged = named(FAST, 'pc-victim', {
      id: 'forged-1',
      createdAt: '2099-01-01T00:00:00.000Z',
    });
    const d = folder({
      'pc-victim.20261201T200714Z.json': real,
      'pc-evil.20261202T000000Z.json': forged,
      'pc-x.failed.json': JSON.stringify({
        schema: 'drivewise.fleet-failure',
        host: 'pc-victim',
        reason: 'forged',
        at: '2099-01-01T00:00:00.000Z',
      }),
    });
    const r = await evaluateFleet(req(d));
    expect(r.hosts.map((h) => [h.host, h.runId])).toEqual([['pc-victim', 'real-1']]);
    expect(r.failed).toEqual([]);
    expect(Object.fromEntries(r.skipped.map((s) => [s.file, s.why]))).toEqual({
      'pc-evil.20261202T000000Z.json':
        'claims to be "pc-victim" but was fetched as pc-evil: not used (a host is the name it was fetched under)',
      'pc-x.failed.json':
        'claims to be "pc-victim" but was fetched as pc-x: not used (a host is the name it was fetched under)',
    });
    expect(formatFleet(r)).toMatch(/pc-evil\.20261202T000000Z\.json claims to be "pc-victim"/);
  });

  it('in --after too: the forged after-run does not replace the host’s own', async () => {
    const before = folder({ 'pc-victim.json': named(HDD, 'pc-victim') });
    const own = named(FAST, 'pc-victim', { id: 'after-own', label: 'after' });
    const forged = named(HDD, 'pc-victim', {
      id: 'after-forged',
      label: 'after',
      createdAt: '2099-01-01T00:00:00.000Z',
    });
    const after = folder({
      'pc-victim.20261203T000000Z.json': own,
      'pc-evil.20261204T000000Z.json': forged,
    });
    const r = await evaluateFleet(req(before, after));
    expect(r.hosts[0]!.after?.runId).toBe('after-own');
    expect(r.skipped.map((s) => s.file)).toEqual(['after/pc-evil.20261204T000000Z.json']);
    expect(r.unmatchedAfter).toEqual([]);
  });

  it('the newest is the latest fetch (the controller’s clock), not the date a file claims', async () => {
    const d = folder({
      'pc-1.20261201T000000Z.json': named(HDD, 'pc-1', {
        id: 'old-claims-new',
        createdAt: '2099-01-01T00:00:00.000Z',
      }),
      'pc-1.20261205T000000Z.json': named(HDD, 'pc-1', { id: 'fetched-last' }),
    });
    const r = await evaluateFleet(req(d));
    expect(r.hosts.map((h) => h.runId)).toEqual(['fetched-last']);
  });
});

describe('figures past the physically plausible never reach a ranking', () => {
  it('a run at the schema’s 1e12 IOPS bound is listed with its reason, unranked', async () => {
    const bound = withMetric(named(HDD, 'pc-bound'), 'read_iops', 1e12);
    const d = folder({
      'pc-bound.json': bound,
      'lab-hdd-01.json': HDD,
      'lab-fast-01.json': FAST,
    });
    const r = await evaluateFleet(req(d));
    const by = Object.fromEntries(r.hosts.map((h) => [h.host, h]));
    expect(r.hosts.map((h) => h.host)).toEqual(['lab-hdd-01', 'lab-fast-01', 'pc-bound']);
    expect(by['pc-bound']!.flags).toContain('implausible');
    expect(by['pc-bound']!.hoursPerYear).toBeNull();
    expect(by['pc-bound']!.hoursPerMoney).toBeNull();
    expect(by['pc-bound']!.speedups).toBeNull();
    expect(by['pc-bound']!.notes.join(' ')).toMatch(
      /Not ranked: its drive answers a random read in 1\.00e-9 ms/,
    );
    for (const h of r.hosts) expect(Math.abs(h.hoursPerYear ?? 0)).toBeLessThan(24 * 366);
    expect(r.totals.hoursPerYear).toBeLessThan(24 * 366);
    expect(fleetCsv(r)).not.toMatch(/e\+\d\d/);
  });

  it('a task timed at more than a day, or an after-run that did, is not compared', async () => {
    const slow = withMetric(named(HDD, 'pc-slow'), 'wall_time', 1e9);
    const after = withMetric(
      named(FAST, 'lab-hdd-01', { id: 'a1', label: 'after' }),
      'wall_time',
      1e9,
    );
    const r = await evaluateFleet(
      req(
        folder({ 'pc-slow.json': slow, 'lab-hdd-01.json': HDD }),
        folder({ 'lab-hdd-01.json': after }),
      ),
    );
    const by = Object.fromEntries(r.hosts.map((h) => [h.host, h]));
    expect(by['pc-slow']!.flags).toContain('implausible');
    expect(by['pc-slow']!.notes.join(' ')).toMatch(/took 1\.00e\+9 s once \(more than a day/);
    expect(by['lab-hdd-01']!.after).toBeUndefined();
    expect(by['lab-hdd-01']!.notes.join(' ')).toMatch(/After-run lab-hdd-01\.json not compared/);
    expect(r.totals.medianError).toBeNull();
  });
});
