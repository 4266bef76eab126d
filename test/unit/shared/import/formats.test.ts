// Tool output variants beyond the seeds: captured from the real tools on this machine (hdparm 9.65
// on a loop device, coreutils dd, bonnie++ 2.00a and its bon_csv2txt, fio 3.33) plus layouts the
// parsers must survive (collapsed whitespace, blank iozone columns, fio 2.x lines).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detect, importJson } from '../../../../src/shared/import/detect';
import { parseBonnie } from '../../../../src/shared/import/bonnie';
import { parseFio } from '../../../../src/shared/import/fio';
import { parseHdparm } from '../../../../src/shared/import/hdparm';
import { parseIozone } from '../../../../src/shared/import/iozone';

const FIX = join(__dirname, '../../../fixtures/tool-output');
const load = (name: string) => readFileSync(join(FIX, name), 'utf8');
const pick = <T extends { metric: string; value: number | null }>(rs: T[]) =>
  Object.fromEntries(rs.map((r) => [r.metric, r.value]));

describe('hdparm', () => {
  it('marks --direct results and keeps the device (real hdparm 9.65 on a loop device)', () => {
    const rs = importJson(detect(load('hdparm-9.65-loop-direct.txt'))).results;
    expect(rs).toEqual([
      {
        tool: 'hdparm',
        metric: 'cached_read',
        value: 5221.19,
        unit: 'MiB/s',
        device: '/dev/loop1',
      },
      {
        tool: 'hdparm',
        metric: 'buffered_read',
        value: 99.16,
        unit: 'MiB/s',
        device: '/dev/loop1',
      },
      {
        tool: 'hdparm',
        metric: 'cached_read',
        value: 2889.95,
        unit: 'MiB/s',
        device: '/dev/loop1',
        direct: true,
      },
      {
        tool: 'hdparm',
        metric: 'buffered_read',
        value: 283.23,
        unit: 'MiB/s',
        device: '/dev/loop1',
        direct: true,
      },
    ]);
  });
  it('reads kB/sec figures of very slow devices as KiB/s, value as printed', () => {
    const rs = parseHdparm(
      '/dev/sdz:\n Timing buffered disk reads:   2 MB in  3.41 seconds = 600.53 kB/sec\n',
    );
    expect(rs).toMatchObject([
      { metric: 'buffered_read', value: 600.53, unit: 'KiB/s', device: '/dev/sdz' },
    ]);
  });
});

describe('dd', () => {
  it('reads current coreutils lines with "(268 MB, 256 MiB)" and small copies', () => {
    const rs = importJson(detect(load('dd-coreutils-9.txt'))).results;
    expect(rs).toEqual([
      { tool: 'dd', metric: 'throughput', value: 426, unit: 'MB/s' },
      { tool: 'dd', metric: 'throughput', value: 5.9, unit: 'MB/s' },
    ]);
  });
  it('reads GB/s and kB/s', () => {
    const t =
      '1073741824 bytes (1.1 GB, 1.0 GiB) copied, 0.4 s, 2.7 GB/s\n512 bytes copied, 0.1 s, 5.1 kB/s';
    expect(detect(t).results.map((r) => [r.value, r.unit])).toEqual([
      [2.7, 'GB/s'],
      [5.1, 'kB/s'],
    ]);
  });
});

describe('bonnie++', () => {
  it('reads the real 2.00a table + CSV once, from the CSV (K/sec), +++++ as null with a note', () => {
    const rs = parseBonnie(load('bonnie-2.00a-real.txt'));
    expect(rs).toHaveLength(12);
    expect(pick(rs)).toMatchObject({
      seq_output_per_chr: 589,
      seq_output_block: 524123,
      seq_output_rewrite: 505771,
      seq_input_per_chr: 599,
      seq_input_block: null,
      random_seeks: null,
      seq_create: null,
    });
    expect(rs.every((r) => r.value !== null || r.note?.includes('+++++'))).toBe(true);
  });
  it('reads the 2.00 table alone: k/m/g suffixes as KiB/MiB/GiB per second, blank -f columns skipped', () => {
    const rs = parseBonnie(load('bonnie-2.00a-fast-mode-csv2txt.txt'));
    expect(rs.map((r) => [r.metric, r.value, r.unit])).toEqual([
      ['seq_output_block', 1.1, 'GiB/s'],
      ['seq_output_rewrite', 435, 'MiB/s'],
      ['seq_input_block', 2.3, 'GiB/s'],
      ['random_seeks', 12345, 'seeks/s'],
      ['seq_create', 45123, 'files/s'],
      ['seq_stat', null, 'files/s'],
      ['seq_delete', 123456, 'files/s'],
      ['random_create', 45000, 'files/s'],
      ['random_stat', null, 'files/s'],
      ['random_delete', 99999, 'files/s'],
    ]);
  });
  it('reads 2.00 tables with a k suffix on per-char columns', () => {
    const t = [
      'Version 2.00a       ------Sequential Output------ --Sequential Input- --Random-',
      '                    -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--',
      'Name:Size etc        /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP',
      'h       32G::8192:5 2053k  99 97.7m  47  121m  25 2053k  98 1.0g  60  2053 280',
    ].join('\n');
    expect(parseBonnie(t).map((r) => [r.value, r.unit])).toEqual([
      [2053, 'KiB/s'],
      [97.7, 'MiB/s'],
      [121, 'MiB/s'],
      [2053, 'KiB/s'],
      [1.0, 'GiB/s'],
      [2053, 'seeks/s'],
    ]);
  });
  it('reads 1.9x CSV lines (format 1.97 has no seek-count fields)', () => {
    const csv =
      '1.97,1.97,oldhost,1,1399315640,4G,,563,99,123456,47,98765,25,2345,98,456789,60,4321,80,16,,,,,12345,80,+++++,+++,23456,99,12000,81,+++++,+++,9999,98,12345us,890ms,1234ms,3456us,234ms,5678us,234us,456us,678us,567us,123us,789us';
    expect(pick(parseBonnie(csv))).toEqual({
      seq_output_per_chr: 563,
      seq_output_block: 123456,
      seq_output_rewrite: 98765,
      seq_input_per_chr: 2345,
      seq_input_block: 456789,
      random_seeks: 4321,
      seq_create: 12345,
      seq_stat: null,
      seq_delete: 23456,
      random_create: 12000,
      random_stat: null,
      random_delete: 9999,
    });
  });
});

describe('iozone', () => {
  // Column layout of iozone 3.4xx (-i 0 -i 2: read/reread not run, their cells blank).
  const blank = [
    '\tOutput is in kBytes/sec',
    '                                                              random    random     bkwd    record    stride',
    '              kB  reclen    write  rewrite    read    reread    read     write     read   rewrite      read   fwrite frewrite    fread  freread',
    '          102400    1024   300100   310200                     250300   320400',
    '',
    'iozone test complete.',
  ].join('\n');
  it('maps rows with blank columns by position', () => {
    const rs = parseIozone(blank);
    expect(rs.map((r) => [r.metric, r.value, r.record_kb, r.file_kb, r.unit])).toEqual([
      ['write', 300100, 1024, 102400, 'KiB/s'],
      ['rewrite', 310200, 1024, 102400, 'KiB/s'],
      ['random_read', 250300, 1024, 102400, 'KiB/s'],
      ['random_write', 320400, 1024, 102400, 'KiB/s'],
    ]);
  });
  it('reads every column of a full -a table, several record sizes', () => {
    const t = [
      '              kB  reclen    write  rewrite    read    reread    read     write     read   rewrite      read   fwrite frewrite    fread  freread',
      '           16384       4    55907    68813    43361    42502    34044    64746    33578     61774     30137   235263   233180  3905668  3824589',
      '           16384       8    81221   100104    69678    70623    59293    90806    56909    106010     54285   239120   245316  5734840  5483605',
    ].join('\n');
    const rs = parseIozone(t);
    expect(rs).toHaveLength(26);
    expect(
      rs.filter((r) => r.metric === 'random_write').map((r) => [r.record_kb, r.value]),
    ).toEqual([
      [4, 64746],
      [8, 90806],
    ]);
    expect(rs.find((r) => r.metric === 'freread' && r.record_kb === 8)?.value).toBe(5483605);
  });
});

describe('fio', () => {
  it('reads fio 3.33 normal output (IOPS with k suffix, clat in nsec converted to µs)', () => {
    const rs = parseFio(load('fio-3.33-randrw.txt'));
    expect(rs.map((r) => [r.metric, r.value, r.unit])).toEqual([
      ['read_iops', 15800, 'IOPS'],
      ['read_bw', 61.6, 'MiB/s'],
      ['read_clat_mean_us', 88.59968, 'µs'],
      ['write_iops', 15800, 'IOPS'],
      ['write_bw', 61.7, 'MiB/s'],
      ['write_clat_mean_us', 128.77554, 'µs'],
    ]);
    expect(rs[0]!.params).toEqual({ pattern: 'rnd', bs_kb: 4, qd: 4 });
    expect(rs[0]!.job).toBe('mix');
  });
  it('reads fio JSON: bw in KiB/s, clat_ns mean in µs, idle directions skipped', () => {
    const rs = parseFio(load('fio-3.33-seqwrite.json'));
    expect(rs.map((r) => [r.metric, r.value, r.unit])).toEqual([
      ['write_iops', 1353.293413, 'IOPS'],
      ['write_bw', 1385772, 'KiB/s'],
      ['write_clat_mean_us', 5791.60379793, 'µs'],
    ]);
    expect(rs[0]!.params).toEqual({ pattern: 'seq', bs_kb: 1024, qd: 8 });
  });
  it('reads fio 2.x lines', () => {
    const t = [
      'rr: (g=0): rw=randread, bs=4K-4K/4K-4K/4K-4K, ioengine=libaio, iodepth=32',
      'rr: (groupid=0, jobs=1): err= 0: pid=123: Mon Jan  1 00:00:00 2015',
      '  read : io=1024.0MB, bw=104857KB/s, iops=26214 , runt= 10000msec',
      '    clat (usec): min=50, max=9000, avg=1219.50, stdev=300.00',
    ].join('\n');
    expect(parseFio(t).map((r) => [r.metric, r.value, r.unit])).toEqual([
      ['read_iops', 26214, 'IOPS'],
      ['read_bw', 104857, 'KiB/s'],
      ['read_clat_mean_us', 1219.5, 'µs'],
    ]);
  });
});

describe('detection', () => {
  it('a mixed paste (dd followed by seeker) yields both, dd as the main tool', () => {
    const j = importJson(detect(load('mixed-dd-then-seeker.txt')));
    expect(j.tool).toBe('dd');
    expect(j.results.map((r) => `${r.tool}:${r.metric}`)).toEqual([
      'dd:throughput',
      'dd:throughput',
      'dd:throughput',
      'seeker:seeks_per_second',
      'seeker:random_access_ms',
    ]);
  });
  it('recognises nothing in prose, JSON that is not fio, or an empty paste', () => {
    for (const t of [
      '',
      'hello world\n',
      '{"jobs": 3}',
      'Timing cached reads: lots',
      'KB reclen write\nfoo',
    ])
      expect(detect(t)).toEqual({ tool: null, tools: [], results: [] });
  });
  it('accepts CRLF pastes', () => {
    const t = load('seed003-seeker-raid5.txt').replace(/\n/g, '\r\n');
    expect(detect(t).results.map((r) => r.value)).toEqual([85, 11.73]);
  });
});
