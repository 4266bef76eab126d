// The parsers on text captured from this project's build machine (test/fixtures/proc).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  allTicks,
  busyTicks,
  parseBlockStat,
  parsePressureSome,
  parseProcessIo,
  parseProcessStat,
  parseProcStatCpu,
  parseVmstat,
  processTicks,
} from '../../../../src/main/core/io-counters';

const fx = (name: string): string =>
  readFileSync(join(__dirname, '../../../fixtures/proc', name), 'utf8');

describe('block device stat', () => {
  it('reads a whole disk (virtio, 17 fields)', () => {
    expect(parseBlockStat(fx('vda.stat'))).toEqual({
      readIos: 73219,
      readSectors: 4537516,
      readTicksMs: 13152,
      writeIos: 22986,
      writeSectors: 6939096,
      writeTicksMs: 35006,
      ioTicksMs: 10024,
    });
  });

  it('reads the 11-field layout of kernels before 4.18 and refuses short or garbled text', () => {
    expect(parseBlockStat('  10 0 80 3 2 0 16 1 0 4 4\n')).toMatchObject({
      readSectors: 80,
      writeSectors: 16,
      ioTicksMs: 4,
    });
    expect(parseBlockStat('1 2 3 4 5 6 7 8 9 10')).toBeNull();
    expect(parseBlockStat('')).toBeNull();
    expect(parseBlockStat('1 2 x 4 5 6 7 8 9 10 11')).toBeNull();
  });
});

describe('/proc/stat', () => {
  it('takes the aggregate cpu line, not cpu0', () => {
    const c = parseProcStatCpu(fx('proc-stat.txt'))!;
    expect(c).toEqual({
      user: 24074,
      nice: 0,
      system: 14512,
      idle: 843735,
      iowait: 464,
      irq: 0,
      softirq: 367,
      steal: 0,
    });
    expect(busyTicks(c)).toBe(24074 + 14512 + 367);
    expect(allTicks(c)).toBe(24074 + 14512 + 843735 + 464 + 367);
  });

  it('refuses text without a cpu line', () => {
    expect(parseProcStatCpu('cpu0 1 2 3 4 5 6 7 8\n')).toBeNull();
  });
});

describe('/proc/<pid>/stat', () => {
  it('finds utime..cstime after the command name', () => {
    const p = parseProcessStat(fx('self-stat-node-busy.txt'))!;
    expect(p).toEqual({ utime: 169, stime: 14, cutime: 0, cstime: 0 });
    expect(processTicks(p)).toBe(183);
  });

  it('counts from the last parenthesis: a name with spaces and ")" does not shift fields', () => {
    const real = fx('self-stat-node-busy.txt');
    const odd = real.replace('(node)', '(a b) 9 9 (c)');
    expect(parseProcessStat(odd)).toEqual(parseProcessStat(real));
    expect(parseProcessStat('123 node R 1')).toBeNull();
  });
});

describe('/proc/<pid>/io', () => {
  it('reads read_bytes and write_bytes, not rchar/wchar', () => {
    expect(parseProcessIo(fx('self-io-node.txt'))).toEqual({
      readBytes: 9015296,
      writeBytes: 8192,
    });
    expect(parseProcessIo('rchar: 1\nwchar: 2\n')).toBeNull();
  });
});

describe('pressure and vmstat', () => {
  it('takes the "some" total, not "full"', () => {
    expect(parsePressureSome(fx('pressure-io.txt'))).toBe(8848531);
    expect(parsePressureSome(fx('pressure-cpu.txt'))).toBe(87357255);
    expect(parsePressureSome(fx('pressure-memory.txt'))).toBe(0);
    expect(parsePressureSome('full avg10=0.00 total=5\n')).toBeNull();
  });

  it('finds pswpin and not pswpout', () => {
    const text = fx('vmstat.txt');
    expect(parseVmstat(text, 'pswpin')).toBe(0);
    expect(parseVmstat('pswpout 7\npswpin 42\n', 'pswpin')).toBe(42);
    expect(parseVmstat(text, 'no_such_counter')).toBeNull();
  });
});
