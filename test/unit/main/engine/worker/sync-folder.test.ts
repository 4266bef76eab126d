import { describe, expect, it } from 'vitest';
import {
  FLUSH_FROM_BYTES,
  syncFolder,
} from '../../../../../src/main/engine/worker/phase-conditions';

/** syncFolder with a given machine-wide Dirty + Writeback, recording the flushes it asks for. */
async function flushesAt(dirty: number): Promise<[string, number][]> {
  const asked: [string, number][] = [];
  await syncFolder('/mnt/drive/work', {
    dirty: async () => dirty,
    flush: async (dir, waitMs) => void asked.push([dir, waitMs]),
  });
  return asked;
}

describe('the flush before a cache drop', () => {
  it('is skipped when nothing is left to write (a task that just synced its files)', async () => {
    // /proc/meminfo on this idle VM: Dirty 16 kB, Writeback 0 kB.
    expect(await flushesAt(16 * 1024)).toEqual([]);
    expect(await flushesAt(0)).toEqual([]);
    // What the machine left dirty after the workload's own sync, and during an app-like start.
    expect(await flushesAt(220 * 1024)).toEqual([]);
    expect(await flushesAt(1.1 * 1024 * 1024)).toEqual([]);
  });

  it('writes the folder out, however long it takes, when there is dirty data', async () => {
    // A previous test's writes, or the dir atime updates of a walk, journaled and not yet home.
    expect(await flushesAt(FLUSH_FROM_BYTES)).toEqual([['/mnt/drive/work', 120_000]]);
    expect(await flushesAt(8 * 1024 * 1024)).toEqual([['/mnt/drive/work', 120_000]]);
  });

  it('flushes when Dirty cannot be read (Infinity): the safe side', async () => {
    expect(await flushesAt(Infinity)).toHaveLength(1);
  });
});
