// The one way a task times its work cold and warm: the order of its steps. The cold check opens
// the files it checks, which reads their inodes and folders back into memory; with admin rights
// the cache is dropped again after it, so the cold run is cold in those too.
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { coldAndWarm, WorkLog } from '../../../../src/main/tasks/cold-warm';
import type { TestContext } from '../../../../src/main/engine/types';

function steps(privileged: boolean, withCheck: boolean, inMemory = false) {
  const log: string[] = [];
  const ctx = {
    sizes: {},
    signal: new AbortController().signal,
    privileged: privileged ? ({} as TestContext['privileged']) : null,
  } as Pick<TestContext, 'sizes' | 'signal' | 'privileged'>;
  const work = new WorkLog();
  const done = coldAndWarm(
    ctx,
    work,
    { row: 'x' },
    {
      dir: tmpdir(),
      makeCold: async () => (log.push('drop'), 'cold' as const),
      ...(withCheck
        ? { check: async () => (log.push('check'), { residentBytes: 0, checkedBytes: 10 }) }
        : {}),
      once: async (run) => (log.push(run), { wall: 0.01, cpu: 0.01 }),
      ...(inMemory
        ? { inMemory: async () => (log.push('in memory'), { wall: 0.005, cpu: 0.01 }) }
        : {}),
    },
  );
  return done.then((r) => ({ log, r, work }));
}

describe('cold and warm', () => {
  it('drops the cache again after the cold check when it can drop all of it (admin rights)', async () => {
    const { log, r, work } = await steps(true, true);
    expect(log).toEqual(['drop', 'check', 'drop', 'cold', 'warm']);
    expect(r.cache).toBe('cold');
    expect(work.list()[0]!.coldCheck).toEqual({
      how: 'drop-caches',
      residentBytes: 0,
      checkedBytes: 10,
    });
  });

  it('drops once without a check, and once without admin rights (a file drop keeps inodes anyway)', async () => {
    expect((await steps(true, false)).log).toEqual(['drop', 'cold', 'warm']);
    expect((await steps(false, true)).log).toEqual(['drop', 'check', 'cold', 'warm']);
  });

  it('runs the in-memory execution after the warm one and logs it apart', async () => {
    const { log, work } = await steps(true, false, true);
    expect(log).toEqual(['drop', 'cold', 'warm', 'in memory']);
    const row = work.list()[0]!;
    expect(row.warm.map((t) => t.wall)).toEqual([0.01]);
    expect(row.inMemory?.map((t) => t.wall)).toEqual([0.005]);
    expect((await steps(true, false)).work.list()[0]!.inMemory).toBeUndefined();
  });

  it('keeps the cold and warm runs when the in-memory run fails, and says why', async () => {
    const work = new WorkLog();
    const r = await coldAndWarm(
      { sizes: {}, signal: new AbortController().signal, privileged: null },
      work,
      { row: 'x' },
      {
        dir: tmpdir(),
        makeCold: async () => 'cold' as const,
        once: async () => ({ wall: 0.01, cpu: 0.01 }),
        inMemory: async () => {
          throw new Error('No space left on device');
        },
      },
    );
    expect(r.inMemoryError).toBe('No space left on device');
    expect(r.warm?.wall).toBe(0.01);
    expect(work.list()[0]!.inMemory).toBeUndefined();
  });
});
