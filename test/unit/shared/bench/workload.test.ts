import { describe, expect, it } from 'vitest';
import {
  ownWalkWords,
  sameWorkload,
  workloadRemoveSeconds,
  workloadWriteSeconds,
  type WorkloadManifest,
} from '../../../../src/shared/bench/workload';

/** Writing, syncing and removing it: the plan counts both parts, each with its test. */
const workloadSeconds = (r: { seqBps: number; iops: number; cpu: number }): number =>
  workloadWriteSeconds(r) + workloadRemoveSeconds(r);

describe('the workload in the estimate', () => {
  it('writing, syncing and removing 20,000 files costs what the HDD-like device took', () => {
    // Probe figures of the HDD-like quick runs; measured there since the cache drop skips the
    // flush of a clean filesystem: 1.3-1.8 s to write and sync, 0.4 s to remove it right after
    // the disk search's walks. The estimate also writes the bytes at the probed sequential rate
    // (80 MB/s: 2.7 s), which a disk must, though the throttle let the writeback through at once.
    const hdd = workloadSeconds({ seqBps: 80e6, iops: 152, cpu: 1 });
    expect(hdd).toBeGreaterThan(1.8 + 0.4);
    expect(hdd).toBeLessThan(6);
  });

  it('costs seconds, not tens of them, on a drive with 20,000 IOPS', () => {
    // The fast loop's quick run: the disk search, workload included, took 2.2-2.4 s in all; the
    // per-request terms add a quarter of a second there, the files' CPU the rest.
    expect(workloadSeconds({ seqBps: 420e6, iops: 20_000, cpu: 1 })).toBeLessThan(3.5);
  });
});

describe('the person’s own tree across drives', () => {
  const before: WorkloadManifest = {
    kind: 'own',
    name: '/mnt/old',
    files: 20_000,
    digest: 'a'.repeat(64),
    of: 61_234,
  };

  it('is the same work where its entries are, whatever folder it is mounted at', () => {
    expect(sameWorkload(before, { ...before, name: '/mnt/new' })).toBe(true);
    expect(sameWorkload(before, { ...before, digest: 'b'.repeat(64) })).toBe(false);
    expect(sameWorkload(before, { ...before, files: 18_513 })).toBe(false);
    // Older runs (readdir order, no digest): the folder, count and bytes, as they recorded.
    const old = { kind: 'own' as const, name: '/mnt/old', files: 20_000 };
    expect(sameWorkload(old, { ...old, name: '/mnt/new' })).toBe(false);
    expect(sameWorkload(old, { ...old })).toBe(true);
  });

  it('says how much of the tree was walked', () => {
    expect(ownWalkWords(before)).toBe(
      'your files in /mnt/old: the first 20,000 entries by name, of 61,234 on that drive (33 %)',
    );
    expect(ownWalkWords({ kind: 'own', name: '/home/me', files: 21_500, bytes: 3e9 })).toBe(
      'your files in /home/me: all 21,500 entries',
    );
  });
});
