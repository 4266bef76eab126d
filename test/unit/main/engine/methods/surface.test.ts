// The surface scan's order of visits and its reads, on a file on this machine's disk.
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { constants } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { surfaceScanMethod, visitOrder } from '../../../../../src/main/engine/methods/surface';

describe('surface scan', () => {
  it('visits every place once, round the three thirds in turn', () => {
    for (const n of [100, 101, 128, 1000]) {
      const order = visitOrder(n);
      expect([...order].sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i));
      // Any nine visits in a row hold places from all three thirds: a slow moment hits each.
      const third = (i: number): number => Math.floor((3 * i) / n);
      for (let k = 0; k + 9 <= n - 3; k++)
        expect(new Set(order.slice(k, k + 9).map(third)).size).toBe(3);
    }
    expect(visitOrder(6)).toEqual([0, 2, 4, 1, 3, 5]);
  });

  it('reads each place after one untimed read there, and gives the speeds in position order', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dw-surface-'));
    const file = join(dir, 'img');
    writeFileSync(file, Buffer.alloc(24 << 20, 1));
    const fd = openSync(file, constants.O_RDONLY | constants.O_DIRECT);
    try {
      const seen: number[] = [];
      const r = await surfaceScanMethod(
        fd,
        24 << 20,
        { points: 12, secondsPerPoint: 0.05, bytesPerPoint: 2 << 20 },
        { onProgress: (f) => seen.push(f) },
      );
      expect(r.offsets).toHaveLength(12);
      expect(r.offsets.at(-1)! + (3 << 20)).toBeLessThanOrEqual(24 << 20);
      expect(r.offsets).toEqual([...r.offsets].sort((a, b) => a - b));
      expect(r.mibPerSec.every((x) => x > 0)).toBe(true);
      expect(seen.at(-1)).toBe(1);
      await expect(
        surfaceScanMethod(fd, 1 << 20, {
          points: 100,
          secondsPerPoint: 0.05,
          bytesPerPoint: 1 << 20,
        }),
      ).rejects.toThrow('device is smaller than two 1 MiB reads');
    } finally {
      closeSync(fd);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
