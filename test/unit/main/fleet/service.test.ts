// drivewise fleet on real quick runs (test/fixtures/fleet): one on an HDD-like throttled loop
// device, one on this machine's fast virtual disk.
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buyableGB } from '../../../../src/main/fleet/assess';
import { fleetCsv, formatFleet } from '../../../../src/main/fleet/format';
import { fleetHtml } from '../../../../src/main/fleet/html';
import { evaluateFleet } from '../../../../src/main/fleet/service';
import { compiledRunDocument } from '../../../../src/main/store/run-store';
import { runDocument, type RunDocument } from '../../../../src/shared/schemas/run';
import { FAST, folders, HDD, req } from './fleet-fixtures';

const folder = folders();
const as = (doc: RunDocument, patch: Partial<RunDocument>): RunDocument => ({ ...doc, ...patch });

describe('drivewise fleet', () => {
  it('ranks the HDD-like host first with positive time saved; the fast host gains little', async () => {
    const r = await evaluateFleet(
      req(folder({ 'lab-fast-01.json': FAST, 'lab-hdd-01.json': HDD })),
    );
    expect(r.hosts.map((h) => h.host)).toEqual(['lab-hdd-01', 'lab-fast-01']);
    expect(r.hosts[0]!.hoursPerYear).toBeGreaterThan(0);
    expect(r.hosts[0]!.flags).not.toContain('little-gain');
    expect(r.hosts[1]!.flags).toContain('little-gain');
    expect(r.hosts[0]!.capacityGB).toBe(buyableGB(r.hosts[0]!.usedGB));
    expect(r.notes.join(' ')).toMatch(/share a machine id/);
  });

  it('lists damaged, foreign and unsafe files and goes on', async () => {
    const d = folder({
      'lab-hdd-01.json': HDD,
      'bad.json': '{"schema":"drivewise.run"',
      'x.json': '{"a":1}',
    });
    mkdirSync(join(d, 'sub'));
    symlinkSync('/etc/passwd', join(d, 'link.json'));
    const r = await evaluateFleet(req(d));
    expect(r.hosts).toHaveLength(1);
    expect(Object.fromEntries(r.skipped.map((s) => [s.file, s.why]))).toEqual({
      'bad.json': 'is damaged (not valid JSON)',
      'x.json': 'is not a Drivewise run file',
      sub: 'is a folder (not read)',
      'link.json': 'is a symbolic link (Drivewise does not follow links)',
    });
  });

  it('validates every file fully: damage deep inside a valid JSON run is still listed', async () => {
    const last = HDD.tests.length - 1;
    const deep = structuredClone(HDD) as unknown as { tests: { caveats: unknown }[] };
    deep.tests[last]!.caveats = [42];
    const neg = structuredClone(HDD) as unknown as {
      drive: { partitions: { sizeBytes: number }[] };
    };
    neg.drive.partitions[0]!.sizeBytes = -1;
    const d = folder({
      'lab-hdd-01.json': HDD,
      'deep.json': JSON.stringify(deep),
      'neg.json': JSON.stringify(neg),
      'v2.json': JSON.stringify({ ...HDD, version: 2 }),
    });
    const r = await evaluateFleet(req(d));
    expect(r.hosts).toHaveLength(1);
    expect(Object.fromEntries(r.skipped.map((s) => [s.file, s.why]))).toEqual({
      'deep.json': `is damaged (tests.${last}.caveats.0: Invalid input: expected string, received number)`,
      'neg.json': 'is damaged (drive.partitions.0.sizeBytes: Too small: expected number to be >=0)',
      'v2.json': 'has unsupported version 2',
    });
  });

  it('lists a host the playbook could not measure, unless a later run of it is there', async () => {
    const failure = (host: string, at: string, reason = 'not enough free space: 0 B free') =>
      JSON.stringify({ schema: 'drivewise.fleet-failure', host, reason, at });
    const d = folder({
      'lab-hdd-01.json': HDD,
      'lab-hdd-01.failed.json': failure('lab-hdd-01', '2000-01-01T00:00:00.000Z'),
      'pc-9.failed.json': failure('pc-9', '2026-12-01T10:00:00.000Z'),
      'odd.failed.json': '{"schema":"drivewise.fleet-failure"}',
    });
    const r = await evaluateFleet(req(d));
    expect(r.hosts.map((h) => h.host)).toEqual(['lab-hdd-01']);
    expect(r.failed).toEqual([
      {
        host: 'pc-9',
        file: 'pc-9.failed.json',
        why: 'not enough free space: 0 B free',
        at: '2026-12-01T10:00:00.000Z',
      },
    ]);
    expect(Object.fromEntries(r.skipped.map((s) => [s.file, s.why]))).toEqual({
      'lab-hdd-01.failed.json': 'is an earlier failure of lab-hdd-01 (a later run is used)',
      'odd.failed.json': 'is not a failure record of the playbook',
    });
    const rows = fleetCsv(r).trim().split('\r\n');
    expect(rows).toHaveLength(3);
    expect(rows[2]).toMatch(/^,pc-9,.*,failed,not enough free space: 0 B free,/);
    expect(formatFleet(r)).toMatch(/Not measured: 1 host\(s\):\n {2}pc-9: not enough free space/);
    expect(fleetHtml(r)).toMatch(/Not measured \(the playbook failed there\): <b>pc-9<\/b>/);
  });

  it('the run schema compiles whole (no part left to the slow runtime parser)', () => {
    expect(() => z.compile(runDocument, { strict: true })).not.toThrow();
    expect(compiledRunDocument().parse(HDD)).toEqual(runDocument.parse(HDD));
  });

  it('keeps the newest run of a host and tells clones apart by inventory name', async () => {
    const older = as(HDD, { id: 'old-1', createdAt: '2020-01-01T00:00:00.000Z' });
    const clone = as(HDD, { id: 'clone-1', host: { ...HDD.host, inventoryName: 'lab-hdd-02' } });
    const r = await evaluateFleet(
      req(
        folder({
          'lab-hdd-01.20261201T200714Z.json': HDD,
          'lab-hdd-01.20200101T000000Z.json': older,
          'lab-hdd-02.json': clone,
        }),
      ),
    );
    expect(r.hosts.map((h) => h.host).sort()).toEqual(['lab-hdd-01', 'lab-hdd-02']);
    expect(r.skipped).toEqual([
      {
        file: 'lab-hdd-01.20200101T000000Z.json',
        why: 'is an older run of lab-hdd-01 (the newest is used)',
      },
    ]);
  });

  it('marks SSDs, incomplete runs and SMART warnings', async () => {
    const ssd = as(FAST, {
      host: { inventoryName: 'ssd' },
      drive: { ...FAST.drive!, kind: 'sata-ssd' },
    });
    const broken = as(HDD, {
      host: { inventoryName: 'broken' },
      tests: HDD.tests.map((t) =>
        t.testId === 'task.du' ? { ...t, status: 'failed' as const, error: 'EIO' } : t,
      ),
      drive: { ...HDD.drive!, smartHealthy: false },
    });
    const r = await evaluateFleet(req(folder({ 'ssd.json': ssd, 'broken.json': broken })));
    const by = Object.fromEntries(r.hosts.map((h) => [h.host, h]));
    expect(by['ssd']!.flags).toContain('ssd');
    expect(by['broken']!.flags).toEqual(expect.arrayContaining(['incomplete', 'smart']));
    expect(by['broken']!.notes.join(' ')).toMatch(/task\.du failed \(EIO\)/);
  });

  it('with --after: measured against predicted gain per host, matched by inventory name', async () => {
    // The after-run: the same host (same inventory name, new machine id) now measuring like the fast drive.
    const after = as(FAST, {
      id: 'after-1',
      label: 'after',
      host: { inventoryName: 'lab-hdd-01', machineId: 'f'.repeat(32) },
    });
    const r = await evaluateFleet(
      req(folder({ 'lab-hdd-01.json': HDD }), folder({ 'lab-hdd-01.json': after })),
    );
    const h = r.hosts[0]!;
    expect(h.after?.runId).toBe('after-1');
    expect(h.after!.measuredHoursPerYear).toEqual(expect.any(Number));
    expect(h.after!.error).toEqual(expect.any(Number));
    expect(h.after!.swapped).toBe(true);
    // The error is that of the hours beside it, not of the after-times.
    const { measuredHoursPerYear: m, predictedHoursPerYear: p } = h.after!;
    expect(h.after!.error).toBeCloseTo((m - p) / Math.max(Math.abs(m), Math.abs(p)), 2);
    expect(r.totals.medianError).toBe(h.after!.error);
    expect(formatFleet(r)).toMatch(
      /Prediction error of the hours saved, over the swapped hosts: median [+-]?\d+ %/,
    );
  });

  it('an after-run of the same drive is not a swap: left out of the error, marked so', async () => {
    const same = as(HDD, { id: 'after-same', label: 'after' });
    const swappedAfter = as(FAST, {
      id: 'after-2',
      label: 'after',
      host: { inventoryName: 'lab-hdd-02' },
    });
    const r = await evaluateFleet(
      req(
        folder({
          'lab-hdd-01.json': HDD,
          'lab-hdd-02.json': as(HDD, { id: 'b2', host: { inventoryName: 'lab-hdd-02' } }),
        }),
        folder({ 'lab-hdd-01.json': same, 'lab-hdd-02.json': swappedAfter }),
      ),
    );
    const by = Object.fromEntries(r.hosts.map((h) => [h.host, h]));
    expect(by['lab-hdd-01']!.after!.swapped).toBe(false);
    expect(by['lab-hdd-02']!.after!.swapped).toBe(true);
    expect(r.totals.notSwapped).toBe(1);
    expect(r.totals.medianError).toBe(by['lab-hdd-02']!.after!.error);
    expect(formatFleet(r)).toMatch(
      /1 host\(s\) measured the same drive again \(not swapped\): left out/,
    );
    expect(fleetCsv(r)).toMatch(/,no\r\n|,no$/m);
  });

  it('"worth a new drive" needs the floor of hours a year, shown in the summary', async () => {
    const d = folder({ 'lab-hdd-01.json': HDD });
    const hours = (await evaluateFleet({ ...req(d), minHoursPerYear: 0 })).hosts[0]!.hoursPerYear!;
    const low = await evaluateFleet({ ...req(d), minHoursPerYear: hours / 2 });
    expect(low.totals.worthIt).toBe(1);
    // This quick run's host saves 0.025 h a year: under the default floor of 1 h, not worth it.
    const high = await evaluateFleet(req(d));
    expect(hours).toBeLessThan(1);
    expect(high.totals.worthIt).toBe(0);
    expect(high.totals.minHoursPerYear).toBe(1);
    expect(formatFleet(high)).toMatch(
      /Worth a new drive \(saves at least [\d.]+ h a year\): 0 host/,
    );
    expect(fleetHtml(high)).toContain('no host gains enough');
  });

  it('CSV has one row per host; the page escapes what run files say', async () => {
    const name = '<img src=x onerror=alert(1)>,=cmd';
    const evil = as(HDD, { host: { inventoryName: name } });
    const r = await evaluateFleet(
      req(folder({ [`${name}.json`]: evil, 'lab-fast-01.json': FAST })),
    );
    const rows = fleetCsv(r).trim().split('\r\n');
    expect(rows).toHaveLength(3);
    expect(rows.filter((l) => l.includes(`"${name}"`))).toHaveLength(1);
    const html = fleetHtml(r);
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img');
  });

  it('--top: the text and the PDF page hold the first N hosts, the CSV every host', async () => {
    const many = Object.fromEntries(
      Array.from({ length: 7 }, (_, i) => [
        `host-${i}.json`,
        as(i % 2 ? FAST : HDD, { id: `r${i}`, host: { inventoryName: `host-${i}` } }),
      ]),
    );
    const r = await evaluateFleet(req(folder(many)));
    expect(r.hosts).toHaveLength(7);
    const text = formatFleet(r, 3);
    expect(text.split('\n').filter((l) => /^\s+\d+ host-/.test(l))).toHaveLength(3);
    expect(text).toContain('… 4 more host(s) (--csv FILE lists every host)');
    const html = fleetHtml(r, 3);
    expect(html.match(/<section class="host"><h2>\d+\. /g)).toHaveLength(3);
    expect(html).toContain('4 more host(s), ranked below these');
    expect(fleetCsv(r).trim().split('\r\n')).toHaveLength(8);
    expect(
      formatFleet(r)
        .split('\n')
        .filter((l) => /^\s+\d+ host-/.test(l)),
    ).toHaveLength(7);
  });

  it('a missing folder is one line', async () => {
    await expect(evaluateFleet(req('/nonexistent-dw-fleet'))).rejects.toThrow(
      '/nonexistent-dw-fleet does not exist',
    );
  });
});
