// The runs/show/compare/export/import/references commands, in-process.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../../src/main/program';
import { createServices } from '../../../../src/main/create-services';
import { tempDirs } from '../../../integration/engine/helpers';

const tempDir = tempDirs();
const FIX = join(__dirname, '../../../fixtures/tool-output');

async function cli(args: string[], configDir: string) {
  let out = '';
  let err = '';
  const code = await runCli(
    args,
    { out: (s) => (out += s), err: (s) => (err += s) },
    createServices({ configDir }),
  );
  return { code, out, err };
}

describe('drivewise import / runs / show / compare / export / references', () => {
  it('import --json prints the issue-5 document; the run lands in history', async () => {
    const dir = tempDir('cli');
    const r = await cli(['import', join(FIX, 'hdparm-9.65-loop-direct.txt'), '--json'], dir);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out) as { tool: string; results: Record<string, unknown>[] };
    expect(j.tool).toBe('hdparm');
    expect(j.results[3]).toEqual({
      tool: 'hdparm',
      metric: 'buffered_read',
      value: 283.23,
      unit: 'MiB/s',
      device: '/dev/loop1',
      direct: true,
    });
    const id = /saved as run (\S+)/.exec(r.err)![1]!;
    const list = await cli(['runs'], dir);
    expect(list.out).toContain(id);
    const show = await cli(['show', id], dir);
    expect(show.out).toMatch(/Sequential read speed · O_DIRECT\s+[\d.]+\s+MB\/s/);
    expect(show.out).not.toContain('buffered_read');
  });

  it('iozone --json carries record_kb and file_kb; bonnie++ +++++ is null with a note', async () => {
    const dir = tempDir('cli');
    const io = JSON.parse(
      (
        await cli(
          ['import', join(FIX, 'seed002-iozone-ubuntuforums.txt'), '--json', '--no-save'],
          dir,
        )
      ).out,
    );
    expect(io.results[0]).toEqual({
      tool: 'iozone',
      metric: 'write',
      value: 55854,
      unit: 'KiB/s',
      record_kb: 4,
      file_kb: 262144,
    });
    const bo = JSON.parse(
      (await cli(['import', join(FIX, 'seed000-bonnie-ssd.txt'), '--json', '--no-save'], dir)).out,
    );
    expect(bo.results.find((x: { metric: string }) => x.metric === 'seq_stat')).toEqual({
      tool: 'bonnie++',
      metric: 'seq_stat',
      value: null,
      unit: 'files/s',
      note: expect.stringContaining('+++++'),
    });
    expect((await cli(['runs'], dir)).out).toBe('no runs stored yet\n');
  });

  it('unrecognised input: one line, exit code 2, no stack trace', async () => {
    const dir = tempDir('cli');
    const f = join(dir, 'prose.txt');
    writeFileSync(f, 'I love small laptops.\n');
    const r = await cli(['import', f], dir);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toBe(
      'drivewise: no known tool output recognised (looked for hdparm, dd, seeker, bonnie++, iozone, fio, crystaldiskmark, kdiskmark)\n',
    );
    const missing = await cli(['import', join(dir, 'nope.txt')], dir);
    expect(missing).toMatchObject({
      code: 2,
      err: `drivewise: ${join(dir, 'nope.txt')} does not exist\n`,
    });
  });

  it('export then import of a run file; compare with a reference, as text and JSON', async () => {
    const a = tempDir('cli-a');
    const b = tempDir('cli-b');
    await cli(['import', join(FIX, 'seed003-seeker-ssd.txt')], a);
    const id = (await cli(['runs', '--json'], a)).out.match(/"id": "([^"]+)"/)![1]!;
    const file = join(a, 'export.json');
    expect((await cli(['export', id, file], a)).code).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8')).id).toBe(id);
    const imp = await cli(['import', file], b);
    expect(imp.out).toBe(`imported run file into history: ${id} (custom)\n`);
    const cmp = await cli(['compare', 'ref-raid5-barracuda-areca', id, '--json'], b);
    const c = JSON.parse(cmp.out) as {
      pairs: { metric: string; factor: number; outcome: string }[];
    };
    expect(c.pairs.map((p) => [p.metric, p.outcome])).toEqual([
      ['seeks_per_second', 'faster'],
      ['random_access_ms', 'faster'],
    ]);
    expect(c.pairs[0]!.factor).toBeCloseTo(5429 / 85, 6);
    expect((await cli(['compare', 'ref-raid5-barracuda-areca', id], b)).out).toContain(
      '64× faster',
    );
  });

  it('references lists the seed drives', async () => {
    const r = await cli(['references'], tempDir('cli'));
    expect(r.out).toContain('ref-lj-x200s-intel-320');
    expect(r.out.split('\n').filter((l) => l.startsWith('ref-'))).toHaveLength(12);
  });
  it('csv prints every metric of the runs given, or writes it to a file', async () => {
    const dir = tempDir('cli');
    const r = await cli(['csv', 'ref-ocz-64gb-ssd', 'ref-raid5-barracuda-areca'], dir);
    expect(r.code).toBe(0);
    expect(r.out.trimEnd().split('\r\n')).toHaveLength(1 + 4 + 4);
    const f = join(dir, 'out.csv');
    expect((await cli(['csv', 'ref-ocz-64gb-ssd', '--out', f], dir)).code).toBe(0);
    expect(readFileSync(f, 'utf8')).toContain('ref-ocz-64gb-ssd,reference,OCZ 64 GB SSD,');
    expect(await cli(['csv', 'ref-ocz-64gb-ssd', '--out', f], dir)).toMatchObject({ code: 2 });
  });
});
