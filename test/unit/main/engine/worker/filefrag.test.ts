// Where the person's files sit: filefrag -e output (captured on this machine's ext4, paths
// renamed) parsed into extents and placed in thirds of the disk.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  parseFilefrag,
  placementOf,
} from '../../../../../src/main/engine/worker/benchmarks/filefrag';

const captured = readFileSync('test/fixtures/tool-output/filefrag-e.txt', 'utf8');

describe('parseFilefrag', () => {
  it('reads each placed extent in bytes, a file of six extents included', () => {
    const e = parseFilefrag(captured);
    // small: 1 extent, frag: 6, pad1: 1; the empty file has none.
    expect(e).toHaveLength(8);
    expect(e[0]).toEqual({ start: 16453613 * 4096, length: 2 * 4096 });
    expect(e.slice(1, 7).reduce((a, x) => a + x.length, 0)).toBe(440 * 4096);
    expect(e[7]).toEqual({ start: 61376768 * 4096, length: 74 * 4096 });
  });

  it('leaves out extents whose place is not real yet and lines before any file', () => {
    const text = [
      '   0:        0..       3:     100..       103:      4:             last,eof',
      'File size of /x is 8192 (2 blocks of 4096 bytes)',
      '   0:        0..       1:        0..         1:      2:             unknown_loc,delalloc,eof',
      '   1:        2..       3:     500..       501:      2:             last,eof',
    ].join('\n');
    expect(parseFilefrag(text)).toEqual([{ start: 500 * 4096, length: 2 * 4096 }]);
  });

  it('stays linear on a long line of repeated openers', () => {
    const line = `File size of ${'( is 1 ('.repeat(20_000)}`;
    const t0 = performance.now();
    expect(parseFilefrag(line)).toEqual([]);
    expect(performance.now() - t0).toBeLessThan(500);
  });
});

describe('placementOf', () => {
  it('splits bytes into thirds of the disk, after the partition offset', () => {
    const p = placementOf(
      [
        { start: 0, length: 100 },
        { start: 250, length: 100 },
      ],
      50,
      900,
    );
    // 50..150 outer; 300..400 straddles the outer/middle border at 300: all middle.
    expect(p).toMatchObject({ outer: 0.5, middle: 0.5, inner: 0, bytes: 200 });
    const across = placementOf([{ start: 500, length: 200 }], 0, 900);
    expect(across.middle).toBeCloseTo(0.5);
    expect(across.inner).toBeCloseTo(0.5);
  });
});
