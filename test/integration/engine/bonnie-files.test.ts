// bonnie++'s file phases on a temp dir: the native batch (openat/fstatat/unlinkat from C), its
// errors, and the JS path used when the addon is absent.
import {
  mkdirSync,
  mkdtempSync,
  openSync,
  closeSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { constants } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { makeRandom } from '../../../src/main/engine/methods/io';
import { nativeAio } from '../../../src/main/core/native-aio';
import {
  directoryOrder,
  fileNames,
  fileOps,
  fileOpsMode,
  nameRecords,
} from '../../../src/main/engine/worker/benchmarks/bonnie-files';

const root = mkdtempSync(join(tmpdir(), 'dw-files-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const fresh = (name: string): string => {
  const d = join(root, name);
  mkdirSync(d);
  return d;
};
const noCancel = { signal: new AbortController().signal };

describe('directory order', () => {
  it('lists every file once, as readdir returns them (not sorted by name)', () => {
    const d = fresh('order');
    const names = fileNames(500, 'seq', makeRandom(1));
    for (const n of names) writeFileSync(join(d, n), '');
    const listed = directoryOrder(d);
    expect([...listed].sort()).toEqual([...names].sort());
    // ext4 (hash order) and tmpfs (newest first) both differ from name order for 500 files.
    expect(listed).not.toEqual([...names].sort());
  });
});

describe.skipIf(!nativeAio().addon?.fileBatch)('native file batches', () => {
  const batch = (op: number, d: string, names: string[], from = 0, to = names.length) => {
    const { buf, width } = nameRecords(names);
    const fd = openSync(d, constants.O_RDONLY | constants.O_DIRECTORY);
    try {
      nativeAio().addon!.fileBatch!(op, fd, buf, width, from, to);
    } finally {
      closeSync(fd);
    }
  };

  it('creates, stats and unlinks exactly the names in the range', () => {
    const d = fresh('native');
    const names = fileNames(300, 'random', makeRandom(2));
    batch(0, d, names, 0, 200);
    expect(readdirSync(d).sort()).toEqual(names.slice(0, 200).sort());
    batch(1, d, names, 0, 200);
    batch(2, d, names, 50, 200);
    expect(readdirSync(d).sort()).toEqual(names.slice(0, 50).sort());
    expect(fileOpsMode()).toMatch(/from C/);
  });

  it('fails like fs does, naming the file: EEXIST on create, ENOENT on stat and unlink', () => {
    const d = fresh('errors');
    batch(0, d, ['a', 'b']);
    expect(() => batch(0, d, ['b'])).toThrow(/^EEXIST: .*, open 'b'$/);
    expect(() => batch(1, d, ['zz'])).toThrow(expect.objectContaining({ code: 'ENOENT' }));
    expect(() => batch(2, d, ['zz'])).toThrow(/^ENOENT: .*, unlink 'zz'$/);
  });

  it('refuses a range past the names buffer instead of reading beyond it', () => {
    const d = fresh('range');
    expect(() => batch(0, d, ['a'], 0, 2)).toThrow(/bad arguments/);
    expect(readdirSync(d)).toEqual([]);
  });
});

describe('fileOps without the addon', () => {
  it('runs every phase from JS and says so', async () => {
    vi.resetModules();
    vi.doMock('../../../src/main/core/native-aio', () => ({
      nativeAio: () => ({ addon: null, why: 'turned off' }),
    }));
    try {
      const m = await import('../../../src/main/engine/worker/benchmarks/bonnie-files');
      expect(m.fileOpsMode()).toMatch(/from JS/);
      const d = fresh('js');
      for (const order of ['seq', 'random'] as const) {
        const t = await m.fileOps(d, order, 300, makeRandom(4), noCancel, () => () => {});
        expect(Math.min(t.create, t.stat, t.delete)).toBeGreaterThan(0);
        expect(readdirSync(d)).toEqual([]);
      }
    } finally {
      vi.doUnmock('../../../src/main/core/native-aio');
      vi.resetModules();
    }
  });

  it('stops at a cancel between batches and reports it as AbortError', async () => {
    const d = fresh('cancel');
    const ac = new AbortController();
    ac.abort();
    // Pauses come every 100 ms; 200k creates take longer than that on any disk.
    await expect(
      fileOps(d, 'seq', 200_000, makeRandom(5), { signal: ac.signal }, () => () => {}),
    ).rejects.toMatchObject({ name: 'AbortError' });
    rmSync(d, { recursive: true, force: true });
  });
});
