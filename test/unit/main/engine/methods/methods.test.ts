import { closeSync, mkdtempSync, openSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { untimedReps } from '../../../../../src/main/engine/worker/benchmarks/bonnie';
import { fileNames, fileOps } from '../../../../../src/main/engine/worker/benchmarks/bonnie-files';
import {
  alignedBuffer,
  createDataFile,
  makeRandom,
  openTestFile,
  permutation,
} from '../../../../../src/main/engine/methods/io';
import {
  bufferedReadMethod,
  cachedReadMethod,
  HDPARM_BLOCK,
} from '../../../../../src/main/engine/methods/hdparm';
import { seekerMethod } from '../../../../../src/main/engine/methods/seeker';

const MiB = 1024 * 1024;
let dir = '';
let file = '';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dw-methods-'));
  file = join(dir, 'data.bin');
  await createDataFile(file, 16 * MiB);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('aligned buffers', () => {
  it('are page-aligned so O_DIRECT accepts them', () => {
    const b = alignedBuffer(8192);
    expect(b.byteOffset % 4096).toBe(0);
    expect(b.length).toBe(8192);
  });
});

describe('fd-based methods (the root helper runs the same functions on a device fd)', () => {
  it('hdparm -t reads whole 2 MiB blocks from offset 0 and stops at the end', async () => {
    const { fd } = openTestFile(file, 'read');
    try {
      const r = await bufferedReadMethod(fd, 16 * MiB, { seconds: 30 });
      expect(r.bytes).toBe(16 * MiB);
      expect(r.reachedEnd).toBe(1);
      expect(r.mibPerSec).toBeCloseTo(16 / r.seconds, 6);
    } finally {
      closeSync(fd);
    }
  });

  it('hdparm -t refuses something smaller than one block', async () => {
    await expect(bufferedReadMethod(0, HDPARM_BLOCK - 1)).rejects.toThrow(/smaller than one 2 MiB/);
  });

  it('hdparm -T re-reads the first 2 MiB and subtracts a smaller overhead', async () => {
    const fd = openSync(file, 'r');
    try {
      const progress: number[] = [];
      const r = await cachedReadMethod(fd, { seconds: 0.3, onProgress: (f) => progress.push(f) });
      expect(r.bytes % HDPARM_BLOCK).toBe(0);
      expect(r.overheadSeconds).toBeLessThan(r.seconds);
      expect(r.mibPerSec).toBeCloseTo(r.bytes / MiB / r.seconds, 6);
      expect(progress.length).toBeGreaterThan(0);
    } finally {
      closeSync(fd);
    }
  });

  it('seeker counts random reads for the set time', async () => {
    const { fd } = openTestFile(file, 'read');
    try {
      const r = await seekerMethod(fd, 16 * MiB, { seconds: 0.2, random: makeRandom(42) });
      expect(r.seeks).toBeGreaterThan(0);
      expect(r.seeksPerSecond * r.randomAccessMs).toBeCloseTo(1000, 6);
      expect(r.blockSize).toBe(512);
    } finally {
      closeSync(fd);
    }
  });

  it('stops with AbortError when cancelled', async () => {
    const { fd } = openTestFile(file, 'read');
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 150);
    try {
      await expect(seekerMethod(fd, 16 * MiB, { seconds: 60, signal: ac.signal })).rejects.toThrow(
        'cancelled',
      );
    } finally {
      closeSync(fd);
    }
  });
});

describe('random helpers', () => {
  it('permutation visits every record exactly once (iozone random pass)', () => {
    const p = permutation(1000, makeRandom(7));
    expect(new Set(p).size).toBe(1000);
    expect(Math.max(...p)).toBe(999);
  });
  it('makeRandom is uniform enough over [0,1)', () => {
    const r = makeRandom(1);
    const v = Array.from({ length: 10000 }, r);
    expect(Math.min(...v)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...v)).toBeLessThan(1);
    expect(v.reduce((a, b) => a + b, 0) / v.length).toBeCloseTo(0.5, 1);
  });
});

describe('bonnie++ file phases', () => {
  it('gives no figure when only some repetitions could be timed (the fast ones are missing)', () => {
    const mixed = untimedReps([6998.4, null, null], 'phase took 12 ms, too short to time');
    expect(mixed.xs).toEqual([null, null, null]);
    expect(mixed.note).toBe(
      '2 of 3 repetitions too short to time (bonnie++ prints +++++), so no figure: the timed ones alone (6998) would read low',
    );
    expect(untimedReps([1, 2, 3], undefined)).toEqual({ xs: [1, 2, 3], note: undefined });
    expect(untimedReps([null, null], 'x')).toEqual({ xs: [null, null], note: 'x' });
  });

  it('names like bonnie++: hex number first (sequential) or last (random)', () => {
    const seq = fileNames(300, 'seq', makeRandom(3));
    expect(seq[0]).toMatch(/^0{10}[A-Za-z0-9]{0,12}$/);
    expect(seq[255]!.slice(0, 10)).toBe('00000000ff');
    expect([...seq].sort()).toEqual(seq);
    const rnd = fileNames(300, 'random', makeRandom(3));
    expect(rnd[255]).toMatch(/^[A-Za-z0-9]{0,12}00000000ff$/);
    expect(new Set(rnd).size).toBe(300);
  });
  it('creates, stats and deletes every file and leaves the directory empty', async () => {
    const d = mkdtempSync(join(dir, 'files-'));
    for (const order of ['seq', 'random'] as const) {
      const t = await fileOps(
        d,
        order,
        256,
        makeRandom(5),
        { signal: new AbortController().signal },
        () => () => {},
      );
      expect(t.create).toBeGreaterThan(0);
      expect(t.stat).toBeGreaterThan(0);
      expect(t.delete).toBeGreaterThan(0);
      expect(readdirSync(d)).toEqual([]);
    }
  });
});
