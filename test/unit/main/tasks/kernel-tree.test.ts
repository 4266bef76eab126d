import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { kernelTree, prng } from '../../../../src/main/tasks/kernel-tree';
import { planTree, tarHeader, tarStream } from '../../../../src/main/tasks/tar-writer';

async function hashOf(seed: number, bytes: number): Promise<string> {
  const h = createHash('sha256');
  for await (const chunk of tarStream(planTree(seed, bytes), seed)) h.update(chunk as Buffer);
  return h.digest('hex');
}

describe('kernel-like tree', () => {
  it('prng is a fixed sequence', () => {
    const r = prng(42);
    expect([r(), r(), r()].map((x) => x.toFixed(6))).toEqual(['0.601104', '0.448291', '0.852466']);
  });

  it('has ≈ 25k files in nested directories for 250 MB, with a kernel-like size spread', () => {
    const plan = planTree(20111, 250e6);
    expect(plan.files.length).toBeGreaterThan(22_000);
    expect(plan.files.length).toBeLessThan(28_000);
    expect(Math.abs(plan.contentBytes - 250e6)).toBeLessThan(plan.files.length);
    const sizes = plan.files.map((f) => f.size).sort((a, b) => a - b);
    const med = sizes[sizes.length >> 1]!;
    expect(med).toBeGreaterThan(2_000);
    expect(med).toBeLessThan(10_000);
    expect(sizes.at(-1)!).toBeGreaterThan(100_000);
    expect(plan.dirs.length).toBeGreaterThan(300);
    const depth = Math.max(...plan.files.map((f) => f.path.split('/').length));
    expect(depth).toBeGreaterThanOrEqual(5);
    expect(new Set(plan.files.map((f) => f.path)).size).toBe(plan.files.length);
  });

  it('scales down for tests', () => {
    const files = kernelTree(1, 2e6);
    expect(files.length).toBeGreaterThan(100);
    expect(files.reduce((a, f) => a + f.size, 0)).toBeLessThanOrEqual(2e6);
  });

  it('same seed → same bytes; another seed → other bytes', async () => {
    const a = await hashOf(7, 3e6);
    expect(await hashOf(7, 3e6)).toBe(a);
    expect(await hashOf(8, 3e6)).not.toBe(a);
  });

  it('writes valid ustar headers (checksum, long paths through the prefix field)', () => {
    const h = tarHeader('linux/' + 'd/'.repeat(60) + 'file.c', 1234, '0');
    let sum = 0;
    for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 32 : h[i]!;
    expect(parseInt(h.toString('ascii', 148, 154), 8)).toBe(sum);
    expect(h.toString('ascii', 124, 135)).toBe((1234).toString(8).padStart(11, '0'));
    expect(h.toString('ascii', 257, 262)).toBe('ustar');
    expect(h.toString('utf8', 345, 500).replace(/\0+$/, '')).toMatch(/^linux\/d\//);
  });
});
