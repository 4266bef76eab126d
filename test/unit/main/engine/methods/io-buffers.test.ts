import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  bufferAt,
  devName,
  ioBuffers,
  parseReadsCompleted,
  queueLimit,
} from '../../../../../src/main/engine/methods/io-buffers';

describe('io-buffers: pure parts', () => {
  it('decodes dev_t like glibc (small and large majors/minors)', () => {
    expect(devName(0xfe00n)).toBe('254:0'); // vda
    expect(devName(0x0701n)).toBe('7:1'); // loop1
    expect(devName(0x10300n)).toBe('259:0'); // nvme0n1 (blkext major 259)
    // minor 300 needs the high minor bits
    expect(devName((0x103n << 8n) | (0x2cn & 0xffn) | ((300n & ~0xffn) << 12n))).toBe('259:300');
  });

  it('reads the completed-reads field of a block stat line', () => {
    const line = '  16000180  2528464655  12345  999   5 6 7 8 0 10 11 0 0 0 0 0 0\n';
    expect(parseReadsCompleted(line)).toBe(16000180);
    expect(() => parseReadsCompleted('garbage')).toThrow(/unreadable/);
  });

  const dir = mkdtempSync(join(tmpdir(), 'dw-qlimit-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads a queue limit from the disk, or from the parent for a partition', () => {
    mkdirSync(join(dir, 'disk/queue'), { recursive: true });
    mkdirSync(join(dir, 'disk/part1'), { recursive: true });
    writeFileSync(join(dir, 'disk/queue/max_segments'), '254\n');
    expect(queueLimit(join(dir, 'disk'), 'max_segments')).toBe(254);
    expect(queueLimit(join(dir, 'disk/part1'), 'max_segments')).toBe(254);
    expect(queueLimit(join(dir, 'disk/part1'), 'max_sectors_kb')).toBeNull();
  });

  it('gives page-aligned, distinct windows without probing when not O_DIRECT', () => {
    const b = ioBuffers(1024 * 1024, 3);
    expect(b.requestsPerIo).toBeNull();
    expect(new Set(b.offsets).size).toBe(3);
    for (const o of b.offsets) expect(o % 4096).toBe(0);
    expect(b.memory).toBeInstanceOf(SharedArrayBuffer);
    const w = bufferAt(b, 1);
    expect(w.length).toBe(1024 * 1024);
    expect(w.byteOffset).toBe(b.offsets[1]);
  });
});
