import { describe, expect, it } from 'vitest';
import { dirsOf, manifestOf, workloadTree } from '../../../../src/main/tasks/workload/tree';
import {
  WORKLOAD_APP_FILES,
  WORKLOAD_BYTES,
  WORKLOAD_DIRS,
  WORKLOAD_FILES,
  WORKLOAD_SEED,
} from '../../../../src/shared/bench/workload';

describe('the generated workload', () => {
  const files = workloadTree(WORKLOAD_SEED);
  const m = manifestOf(WORKLOAD_SEED, files);

  it('has at least 20,000 files and the counts the plan estimates with', () => {
    expect(m.files).toBe(WORKLOAD_FILES);
    expect(m.files).toBeGreaterThanOrEqual(20_000);
    expect(m.dirs).toBe(WORKLOAD_DIRS);
    expect(Math.abs(m.bytes! - WORKLOAD_BYTES) / WORKLOAD_BYTES).toBeLessThan(0.01);
    expect(files.filter((f) => f.part === 'app')).toHaveLength(WORKLOAD_APP_FILES);
    expect(new Set(files.map((f) => f.path)).size).toBe(files.length);
  });

  it('mixes a source tree, a home folder and an application', () => {
    const share = (p: string) => files.filter((f) => f.part === p).length / files.length;
    expect(share('src')).toBeGreaterThan(0.5);
    expect(share('home')).toBeGreaterThan(0.4);
    const sizes = files.map((f) => f.size).sort((a, b) => a - b);
    // Mostly small files with a long tail: median a few KB, the largest megabytes.
    expect(sizes[Math.floor(sizes.length / 2)]!).toBeLessThan(8_000);
    expect(sizes.at(-1)!).toBeGreaterThan(1e6);
    // Directories hold about a dozen files each, as a kernel tree's do.
    expect(files.length / dirsOf(files).length).toBeGreaterThan(8);
  });

  it('is the same for the same seed and different for another (the digest says which)', () => {
    expect(manifestOf(WORKLOAD_SEED, workloadTree(WORKLOAD_SEED)).digest).toBe(m.digest);
    const other = manifestOf(WORKLOAD_SEED + 1, workloadTree(WORKLOAD_SEED + 1));
    expect(other.digest).not.toBe(m.digest);
    expect(manifestOf(WORKLOAD_SEED, workloadTree(WORKLOAD_SEED, 2000)).files).toBe(2000);
  });
});
