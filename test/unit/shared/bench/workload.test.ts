import { describe, expect, it } from 'vitest';
import { workloadSeconds } from '../../../../src/shared/bench/workload';

describe('the workload in the estimate', () => {
  it('writing, syncing and removing 20,000 files costs what the HDD-like device took', () => {
    // Probe figures of the HDD-like quick runs; measured there: 1.2 s to write, 9-22 s of
    // writeback before the first cold walk (16 s in bench:quick since the cache drop runs no
    // global sync), 9.4-11.3 s to remove the cold tree at the end.
    const hdd = workloadSeconds({ seqBps: 80e6, iops: 152, cpu: 1 });
    expect(hdd).toBeGreaterThan(1.2 + 12 + 9.4);
    expect(hdd).toBeLessThan(1.2 + 18 + 11.3 + 3);
  });

  it('costs seconds, not tens of them, on a drive with 20,000 IOPS', () => {
    // The fast loop's quick run: the disk search, workload included, took 2.2-2.4 s in all; the
    // per-request terms add a quarter of a second there, the files' CPU the rest.
    expect(workloadSeconds({ seqBps: 420e6, iops: 20_000, cpu: 1 })).toBeLessThan(3.5);
  });
});
