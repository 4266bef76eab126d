import { describe, expect, it } from 'vitest';
import {
  folderFit,
  onlyReadTests,
  parseApps,
  planNeed,
  READ_TESTS,
  requiredFreeBytes,
} from '../../../../src/shared/bench/plan';

describe('parseApps (the Plan step field and bench --apps)', () => {
  it('splits on commas, trims, drops empties and repeats', () => {
    expect(parseApps('')).toEqual([]);
    expect(parseApps('firefox,libreoffice')).toEqual(['firefox', 'libreoffice']);
    expect(parseApps(' a , b , a ')).toEqual(['a', 'b']);
  });
});

describe('folderFit (the one bad-folder rule of Drive, Plan, bench.start and the CLI)', () => {
  const quick = { tests: ['buffered-read', 'dd-write', 'task.du'], bytesRequired: 1.4 * 2 ** 30 };
  const reads = { tests: ['buffered-read', 'seeker'], bytesRequired: 0 };

  it('a writable folder with the plan’s need free is fine; short of it, says how much to free', () => {
    expect(folderFit({ path: '/d', writable: true, freeBytes: 2 ** 32 }, quick, false).ok).toBe(
      true,
    );
    const f = folderFit({ path: '/d', writable: true, freeBytes: 4 * 2 ** 20 }, quick, false);
    expect(f).toEqual({
      ok: false,
      readTestsOnly: false,
      message:
        'not enough free space in /d: the run needs 1.5 GB free (1.1 GB of it kept free as a margin), 4 MB free — free 1.5 GB there or choose a folder on a larger filesystem of the drive',
    });
  });

  it('planNeed: what a plan needs of its folder, the one amount of every surface', () => {
    const plan = { tests: [{ id: 'dd-write' }, { id: 'task.du' }], bytesNeeded: 300e6 };
    expect(planNeed(plan)).toEqual({
      tests: ['dd-write', 'task.du'],
      bytesRequired: requiredFreeBytes(300e6),
    });
    expect(planNeed(plan, 0).bytesRequired).toBe(330e6);
  });

  it('a folder that cannot be written: the read tests with admin rights only, each refusal says what to do', () => {
    const ro = { path: '/ro', writable: false, freeBytes: 0 };
    expect(folderFit(ro, reads, false).message).toMatch(
      /grant admin rights to run only the read tests/,
    );
    expect(folderFit(ro, reads, false).ok).toBe(false);
    expect(folderFit(ro, quick, true).message).toMatch(/choose only those, or a writable folder/);
    expect(folderFit(ro, quick, true).ok).toBe(false);
    expect(folderFit(ro, reads, true)).toMatchObject({ ok: true, readTestsOnly: true });
    expect(onlyReadTests(['cached-read', ...READ_TESTS])).toBe(true);
    expect(onlyReadTests([])).toBe(false);
  });
});
