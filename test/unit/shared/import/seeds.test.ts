// Every tool output printed in the seeds parses to exactly the figures printed there.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detect, importJson } from '../../../../src/shared/import/detect';

const FIX = join(__dirname, '../../../fixtures/tool-output');
const load = (name: string) => readFileSync(join(FIX, name), 'utf8');
const parse = (name: string) => importJson(detect(load(name)));
const values = (name: string, metric: string) =>
  parse(name)
    .results.filter((r) => r.metric === metric)
    .map((r) => r.value);

describe('hdparm outputs from the seeds', () => {
  it.each([
    ['seed000-hdparm-7200rpm.txt', [3383.99], [73.08], '/dev/sda6'],
    ['seed000-hdparm-ssd.txt', [3595.46], [166.48], '/dev/sda6'],
    ['seed001-hdparm-4200rpm.txt', [921.9, 907.56, 897.43], [20.79, 20.78, 20.39], '/dev/sda3'],
    ['seed001-hdparm-ssd.txt', [947.8, 947.61, 943.86], [26.02, 26.0, 25.99], '/dev/sda'],
    ['seed003-hdparm-raid5.txt', [7788.19], [151.39], '/dev/sdb5'],
    ['seed003-hdparm-ssd.txt', [7407.07], [185.8], '/dev/sda5'],
    ['seed004-hdparm-hdd.txt', [2889.25, 2863.32, 2850.84], [107.12, 107.13, 107.12], '/dev/sda5'],
    ['seed004-hdparm-ssd.txt', [2910.31, 3011.33, 2849.14], [256.0, 253.98, 252.44], '/dev/sda6'],
  ])('%s', (file, cached, buffered, device) => {
    const j = parse(file);
    expect(j.tool).toBe('hdparm');
    expect(values(file, 'cached_read')).toEqual(cached);
    expect(values(file, 'buffered_read')).toEqual(buffered);
    for (const r of j.results) {
      expect(r).toMatchObject({ tool: 'hdparm', unit: 'MiB/s', device });
      expect(r.direct).toBeUndefined();
    }
  });
});

describe('dd outputs from seed 004', () => {
  it.each([
    ['seed004-dd-hdd.txt', [63.0, 75.4, 105]],
    ['seed004-dd-ssd.txt', [494, 489, 519]],
  ])('%s', (file, mbps) => {
    const j = parse(file);
    expect(j.tool).toBe('dd');
    expect(j.results).toEqual(
      mbps.map((value) => ({ tool: 'dd', metric: 'throughput', value, unit: 'MB/s' })),
    );
  });
});

describe('seeker outputs from seed 003', () => {
  it.each([
    ['seed003-seeker-raid5.txt', 85, 11.73, '/dev/sdb5'],
    ['seed003-seeker-ssd.txt', 5429, 0.18, '/dev/sda5'],
  ])('%s', (file, seeks, ms, device) => {
    expect(parse(file)).toEqual({
      tool: 'seeker',
      results: [
        { tool: 'seeker', metric: 'seeks_per_second', value: seeks, unit: 'seeks/s', device },
        { tool: 'seeker', metric: 'random_access_ms', value: ms, unit: 'ms', device },
      ],
    });
  });
});

const NOTE = expect.stringContaining('+++++');
describe('bonnie++ outputs from seeds 000 (1.9x layout, collapsed) and 001 (1.0x table + CSV)', () => {
  it.each([
    [
      'seed000-bonnie-7200rpm.txt',
      [186, 71090, 33138, 1251, 83941, 175.2],
      [258, null, 369, 345, null, 323],
    ],
    [
      'seed000-bonnie-ssd.txt',
      [187, 164010, 85149, 1325, 297390, 4636],
      [9079, null, 10451, 8292, null, 7043],
    ],
    // The table prints 1226 seeks/s, the CSV 1226.4: one run, reported once from the CSV.
    [
      'seed001-bonnie-4200rpm.txt',
      [11309, 11272, 4921, 10715, 11471, 83.8],
      [190, null, 177, 196, null, 154],
    ],
    [
      'seed001-bonnie-ssd.txt',
      [18155, 23125, 12521, 20818, 28149, 1226.4],
      [1128, null, 1101, 1158, null, 449],
    ],
  ])('%s', (file, out, files) => {
    const j = parse(file);
    expect(j.tool).toBe('bonnie++');
    const metrics = [
      'seq_output_per_chr',
      'seq_output_block',
      'seq_output_rewrite',
      'seq_input_per_chr',
      'seq_input_block',
      'random_seeks',
      'seq_create',
      'seq_stat',
      'seq_delete',
      'random_create',
      'random_stat',
      'random_delete',
    ];
    expect(j.results.map((r) => r.metric)).toEqual(metrics);
    expect(j.results.map((r) => r.value)).toEqual([...out, ...files]);
    expect(j.results.slice(0, 5).every((r) => r.unit === 'KiB/s')).toBe(true);
    expect(j.results[5]!.unit).toBe('seeks/s');
    expect(j.results.slice(6).every((r) => r.unit === 'files/s')).toBe(true);
    for (const r of j.results.filter((x) => x.value === null)) expect(r.note).toEqual(NOTE);
  });
});

describe('iozone tables from seed 002', () => {
  const rows = {
    'seed002-iozone-x25m-own.txt': [
      [4, 38211, 42784, 46048, 45918, 8684, 37782],
      [64, 69923, 77192, 115359, 113808, 91553, 74527],
      [512, 77909, 60055, 220997, 221988, 204858, 77677],
    ],
    'seed002-iozone-ubuntuforums.txt': [
      [4, 55854, 61601, 77975, 77408, 18740, 37199],
      [64, 102575, 87223, 200613, 201029, 141870, 70205],
      [512, 110951, 93840, 244588, 242498, 233184, 95013],
    ],
    'seed002-iozone-second-forum.txt': [
      [4, 39360, 46785, 53897, 51421, 11412, 39529],
      [64, 71098, 54363, 130520, 129911, 98805, 74485],
      [512, 81657, 78925, 207837, 210842, 218651, 81242],
    ],
    'seed002-iozone-own-ext3.txt': [
      [4, 45452, 42928, 43576, 43587, 9120, 40782],
      [64, 59020, 73224, 109954, 108622, 90028, 74706],
      [512, 81555, 82546, 172479, 171934, 174380, 82114],
    ],
  };
  it.each(Object.entries(rows))('%s', (file, expected) => {
    const j = parse(file);
    expect(j.tool).toBe('iozone');
    const names = ['write', 'rewrite', 'read', 'reread', 'random_read', 'random_write'];
    expect(j.results).toEqual(
      expected.flatMap(([rec, ...vals]) =>
        vals.map((value, i) => ({
          tool: 'iozone',
          metric: names[i],
          value,
          unit: 'KiB/s',
          record_kb: rec,
          file_kb: 262144,
        })),
      ),
    );
  });
});

describe('whole seed texts (prose around the outputs)', () => {
  const seed = (n: string) => readFileSync(join('/work/shared/seeds', n), 'utf8');
  it('seed 004 yields its hdparm and dd runs in order, nothing else', () => {
    const d = detect(seed('004_492e585a5687b22d.txt'));
    expect(d.tools).toEqual(['hdparm', 'dd']);
    expect(d.results.filter((r) => r.tool === 'dd').map((r) => r.value)).toEqual([
      63.0, 75.4, 105, 494, 489, 519,
    ]);
    expect(d.results.filter((r) => r.metric === 'buffered_read')).toHaveLength(6);
  });
  it('seed 003 yields hdparm and seeker, not the printf format strings in the C listing', () => {
    const d = detect(seed('003_db337c02f8bb81e9.txt'));
    expect(d.tools).toEqual(['hdparm', 'seeker']);
    expect(d.results.filter((r) => r.tool === 'seeker').map((r) => r.value)).toEqual([
      85, 11.73, 5429, 0.18,
    ]);
  });
  it('seed 002 yields the four iozone tables (72 figures)', () => {
    const d = detect(seed('002_5bfe2bf83843cde7.txt'));
    expect(d.tools).toEqual(['iozone']);
    expect(d.results).toHaveLength(72);
  });
});
