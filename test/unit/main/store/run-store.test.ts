// The store keeps history safe: damaged/foreign files are quarantined (never overwritten) and
// reported while the rest loads; runs export to and import from any path; CSV of several runs.
import { readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Services } from '../../../../src/main/core/services';
import { createServices } from '../../../../src/main/create-services';
import { createDispatch, createHandlers } from '../../../../src/main/router';
import { runsToCsv } from '../../../../src/main/store/csv';
import { exportRunFile, importRunFile, importText } from '../../../../src/main/store/service';
import { detect } from '../../../../src/shared/import/detect';
import { importedRun } from '../../../../src/shared/import/to-run';
import type { RunDocument } from '../../../../src/shared/schemas/run';
import { tempDirs } from '../../../integration/engine/helpers';

const FIX = join(__dirname, '../../../fixtures/tool-output');
const fixture = (n: string) => readFileSync(join(FIX, n), 'utf8');

export function sampleRun(
  id: string,
  file = 'seed001-hdparm-ssd.txt',
  createdAt = '2026-01-01T00:00:00.000Z',
): RunDocument {
  return importedRun(detect(fixture(file)), { id, createdAt, appVersion: 'test' });
}

const tempDir = tempDirs();
let dir: string;
let s: Services;
beforeEach(() => {
  dir = tempDir('store');
  s = createServices({ configDir: dir });
});

describe('quarantine', () => {
  it('a corrupted run file is reported by name, moved to quarantine/, and the others load', async () => {
    await s.runs.save(sampleRun('good-1'));
    await s.runs.save(sampleRun('good-2', 'seed003-seeker-ssd.txt', '2026-02-01T00:00:00.000Z'));
    const bad = join(s.runs.runsDir, 'broken.json');
    writeFileSync(bad, '{"schema":"drivewise.run","version":1,"id":"broken",'); // cut mid-write
    writeFileSync(join(s.runs.runsDir, 'foreign.json'), '{"hello":"world"}');
    writeFileSync(join(s.runs.runsDir, 'copy of run.json'), JSON.stringify(sampleRun('good-1')));
    const { runs, problems } = await s.runs.scan();
    expect(runs.map((r) => r.id)).toEqual(['good-2', 'good-1']);
    expect(problems).toHaveLength(3);
    expect(problems).toContain(
      'runs/copy of run.json is not named like a run file; moved to runs/quarantine/copy of run.json',
    );
    expect(problems.find((p) => p.includes('broken.json'))).toMatch(
      /^runs\/broken\.json is damaged \(not valid JSON\); moved to runs\/quarantine\/broken\.json$/,
    );
    expect(problems.find((p) => p.includes('foreign.json'))).toContain(
      'is not a Drivewise run file',
    );
    expect(problems.every((p) => !p.includes('\n'))).toBe(true);
    expect(existsSync(bad)).toBe(false);
    expect(readFileSync(join(s.runs.quarantineDir, 'broken.json'), 'utf8')).toContain(
      '"id":"broken",',
    );
    // Next scan is clean: the bad files are out of the way.
    expect((await s.runs.scan()).problems).toEqual([]);
  });

  it('never overwrites an earlier quarantined file of the same name', async () => {
    await s.runs.save(sampleRun('x'));
    writeFileSync(join(s.runs.runsDir, 'x.json'), 'first damage');
    await s.runs.scan();
    writeFileSync(join(s.runs.runsDir, 'x.json'), '');
    const { problems } = await s.runs.scan();
    expect(problems[0]).toBe('runs/x.json is empty; moved to runs/quarantine/x.json.1');
    expect(readFileSync(join(s.runs.quarantineDir, 'x.json'), 'utf8')).toBe('first damage');
    expect(readFileSync(join(s.runs.quarantineDir, 'x.json.1'), 'utf8')).toBe('');
  });

  it('a run file that fails the schema (or names another id) is quarantined by load() with a one-line error', async () => {
    const doc = sampleRun('y');
    await s.runs.save(doc);
    writeFileSync(join(s.runs.runsDir, 'y.json'), JSON.stringify({ ...doc, tests: 'nope' }));
    await expect(s.runs.load('y')).rejects.toThrow(
      /^runs\/y\.json is damaged \(tests: .*\); moved to runs\/quarantine\/y\.json$/,
    );
    writeFileSync(join(s.runs.runsDir, 'z.json'), JSON.stringify(sampleRun('other')));
    await expect(s.runs.load('z')).rejects.toThrow('names a different run id');
  });

  it('the runs.list channel carries the problems to the UI', async () => {
    await s.runs.save(sampleRun('ok'));
    writeFileSync(join(s.runs.runsDir, 'junk.json'), '\u0000\u0001');
    const dispatch = createDispatch(createHandlers(s));
    const r = (await dispatch('runs.list', {})) as {
      ok: true;
      value: { runs: { id: string }[]; problems: string[] };
    };
    expect(r.ok).toBe(true);
    expect(r.value.runs.map((x) => x.id)).toEqual(['ok']);
    expect(r.value.problems).toEqual([
      'runs/junk.json is damaged (not valid JSON); moved to runs/quarantine/junk.json',
    ]);
  });
});

describe('export and import of run files', () => {
  it('exports a run anywhere and imports it back into a fresh history', async () => {
    const doc = sampleRun('baseline-1');
    await s.runs.save(doc);
    const out = join(tempDir('usb'), 'baseline.json');
    await exportRunFile(s, 'baseline-1', out);
    await expect(exportRunFile(s, 'baseline-1', out)).rejects.toThrow('already exists');
    const fresh = createServices({ configDir: tempDir('fresh') });
    const back = await importRunFile(fresh, out);
    expect(back).toEqual(doc);
    expect(await fresh.runs.load('baseline-1')).toEqual(doc);
    // Importing the same file again is idempotent; a different run with the same id keeps both.
    expect((await importRunFile(fresh, out)).id).toBe('baseline-1');
    writeFileSync(out, JSON.stringify({ ...doc, name: 'changed' }));
    const second = await importRunFile(fresh, out);
    expect(second.id).toMatch(/^baseline-1-imported-[0-9a-f]{6}$/);
    expect((await fresh.runs.scan()).runs).toHaveLength(2);
  });

  it('refuses files that are not run files with a one-line message naming them', async () => {
    const f = join(dir, 'notes.txt');
    writeFileSync(f, 'hello');
    await expect(importRunFile(s, f)).rejects.toThrow(`${f} is damaged (not valid JSON)`);
    await expect(importRunFile(s, join(dir, 'missing.json'))).rejects.toThrow(
      /missing\.json does not exist/,
    );
  });

  it('runs.exportFile and runs.importFile want full paths', async () => {
    await s.runs.save(sampleRun('r'));
    const dispatch = createDispatch(createHandlers(s));
    expect(await dispatch('runs.exportFile', { id: 'r', path: 'rel.json' })).toEqual({
      ok: false,
      error: 'give a full path (got rel.json)',
    });
    const p = join(dir, 'r-export.json');
    expect(await dispatch('runs.exportFile', { id: 'r', path: p })).toEqual({
      ok: true,
      value: { path: p },
    });
  });
});

describe('importing classic tool output', () => {
  it('saves a custom run, source imported, that lists and compares with references', async () => {
    const r = await importText(
      s,
      fixture('seed004-hdparm-ssd.txt') + fixture('seed004-dd-ssd.txt'),
      { name: 'my ssd' },
    );
    expect(r.tool).toBe('hdparm');
    expect(r.tools).toEqual(['hdparm', 'dd']);
    expect(r.run).toMatchObject({ label: 'custom', name: 'my ssd', source: { kind: 'imported' } });
    expect(r.run.tests.map((t) => t.testId)).toEqual(['buffered-read', 'cached-read', 'dd-write']);
    const dd = r.run.tests.find((t) => t.testId === 'dd-write')!.measurements[0]!;
    expect(dd).toMatchObject({
      metric: 'throughput',
      unit: 'MB/s',
      samples: [494, 489, 519],
      median: 494,
      min: 489,
      max: 519,
    });
    const dispatch = createDispatch(createHandlers(s));
    const cmp = (await dispatch('runs.compare', { a: 'ref-blog-laptop-hdd', b: r.run.id })) as {
      ok: true;
      value: { pairs: { metric: string; factor: number }[] };
    };
    expect(cmp.ok).toBe(true);
    expect(cmp.value.pairs.find((p) => p.metric === 'throughput')!.factor).toBeCloseTo(
      494 / 75.4,
      5,
    );
  });

  it('nothing recognised: a one-line error and nothing saved', async () => {
    await expect(importText(s, 'just some words')).rejects.toThrow(
      /^no known tool output recognised/,
    );
    expect((await s.runs.scan()).runs).toEqual([]);
  });
});

describe('CSV export', () => {
  it('one row per measurement of every run, samples kept, cells quoted', async () => {
    const a = sampleRun('a');
    const b = { ...sampleRun('b', 'seed002-iozone-x25m-own.txt'), name: 'x25m, "own"' };
    const csv = runsToCsv([a, b]);
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'run_id,run_label,run_name,created_at,source,drive,test_id,test_title,tool,status,metric,params,unit,better,median,min,max,samples,note',
    );
    expect(lines).toHaveLength(1 + 2 + 18);
    expect(lines[1]).toContain(
      ',cached-read,Cached reads,hdparm,ok,cached_read,,MiB/s,higher,947.61,943.86,947.8,947.8;947.61;943.86,',
    );
    expect(
      lines.some(
        (l) =>
          l.startsWith('b,custom,"x25m, ""own""",') && l.includes('record_kb=512;file_kb=262144'),
      ),
    ).toBe(true);
  });
  it('runs.csv loads the ids it is given', async () => {
    await s.runs.save(sampleRun('c1'));
    const dispatch = createDispatch(createHandlers(s));
    const r = (await dispatch('runs.csv', { ids: ['c1', 'ref-ocz-64gb-ssd'] })) as {
      ok: true;
      value: { csv: string };
    };
    expect(r.value.csv.split('\r\n').filter((l) => l.startsWith('ref-ocz-64gb-ssd,'))).toHaveLength(
      4,
    );
  });
});

describe('stale temp files', () => {
  it('leftover .tmp files of a crashed write are ignored, never listed as runs', async () => {
    await s.runs.save(sampleRun('t'));
    writeFileSync(join(s.runs.runsDir, 't.json.abc123.tmp'), '{');
    const { runs, problems } = await s.runs.scan();
    expect(runs.map((r) => r.id)).toEqual(['t']);
    expect(problems).toEqual([]);
    expect(readdirSync(s.runs.runsDir)).toContain('t.json.abc123.tmp');
  });

  it("the next run's check removes a dead writer's temp at once, keeps a live one's", async () => {
    await s.runs.checkWritable();
    const dead = spawnSync(process.execPath, ['-e', 'process.pid']).pid!;
    const deadTemp = `.t.json.p${dead}-${'a'.repeat(12)}.tmp`;
    const liveTemp = `.t.json.p${process.ppid}-${'b'.repeat(12)}.tmp`;
    for (const n of [deadTemp, liveTemp, 'odd.tmp']) writeFileSync(join(s.runs.runsDir, n), '{');
    await s.runs.checkWritable();
    expect(readdirSync(s.runs.runsDir).sort()).toEqual([liveTemp, 'odd.tmp'].sort());
    // Ten minutes on, any temp is a crash's leftover, whoever wrote it.
    await s.runs.sweepTemps(Date.now() + 11 * 60_000);
    expect(readdirSync(s.runs.runsDir)).toEqual([]);
  });
});
