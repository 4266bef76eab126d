// Issue 17: a run argument names a file (exists, or has a '/') or an id; files use the hardened reader.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../../src/main/program';
import { createServices } from '../../../../src/main/create-services';
import { isRunFileRef, loadRunRef, withRuns } from '../../../../src/main/store/run-ref';
import { tempDirs } from '../../../integration/engine/helpers';
import { findReference } from '../../../../src/shared/reference';
import { sampleRun } from '../../../security/store-fixtures';

const tempDir = tempDirs();

describe('run references', () => {
  it('an existing file or anything with a / is a file; anything else an id', async () => {
    const d = tempDir('ref');
    const cwd = process.cwd();
    process.chdir(d);
    try {
      writeFileSync('before.json', JSON.stringify(sampleRun('b-1')));
      expect(await isRunFileRef('before.json')).toBe(true);
      expect(await isRunFileRef('./nope')).toBe(true);
      expect(await isRunFileRef('ref-lj-x200s-intel-320')).toBe(false);
      const s = createServices({ configDir: join(d, 'cfg') });
      expect((await loadRunRef(s.runs, 'before.json')).id).toBe('b-1');
      expect((await loadRunRef(s.runs, 'ref-lj-x200s-intel-320')).label).toBe('reference');
      await expect(loadRunRef(s.runs, 'after.json')).rejects.toThrow(
        `no run with id after.json, and no file ${join(d, 'after.json')}`,
      );
      await expect(loadRunRef(s.runs, './missing.json')).rejects.toThrow(
        /missing\.json does not exist/,
      );
      // A folder of that name is not a run file: the argument stays an id; ./folder is a path.
      mkdirSync('folder');
      await expect(loadRunRef(s.runs, 'folder')).rejects.toThrow('no run with id folder');
      await expect(loadRunRef(s.runs, './folder')).rejects.toThrow(
        /folder is a folder, not a regular file/,
      );
    } finally {
      process.chdir(cwd);
    }
  });

  it('withRuns finds file runs by id and falls back to the history', async () => {
    const s = createServices({ configDir: tempDir('ref-cfg') });
    await s.runs.save(sampleRun('stored'));
    const o = withRuns(s.runs, [sampleRun('from-file')]);
    expect((await o.load('from-file')).id).toBe('from-file');
    expect((await o.load('stored')).id).toBe('stored');
    expect(await o.exists('from-file')).toBe(true);
    expect(o.runsDir).toBe(s.runs.runsDir);
  });

  it('verdict, compare, show and predict take run files (a mailed before.json)', async () => {
    const d = tempDir('ref-cli');
    const before = join(d, 'before.json');
    const after = join(d, 'after.json');
    writeFileSync(before, JSON.stringify(sampleRun('mailed-before')));
    writeFileSync(after, JSON.stringify(sampleRun('mailed-after')));
    // A run with the figures a prediction needs (a seed drive's), mailed under another id.
    const refFile = join(d, 'old-disk.json');
    const ref = findReference('ref-lj-x200s-fujitsu-mhz2160b')!;
    writeFileSync(refFile, JSON.stringify({ ...ref, id: 'mailed-disk', label: 'before' }));
    const s = createServices({ configDir: join(d, 'cfg') });
    for (const args of [
      ['verdict', before, after, '--json'],
      ['compare', before, 'ref-lj-x200s-intel-320', '--json'],
      ['show', after, '--json'],
      ['predict', refFile, '--json'],
    ]) {
      let out = '';
      let err = '';
      const code = await runCli(args, { out: (t) => (out += t), err: (t) => (err += t) }, s);
      expect({ args, code, err }).toEqual({ args, code: 0, err: '' });
      expect(out).toContain('mailed-');
    }
    // Nothing was added to the history by reading files.
    expect(await s.runs.list()).toEqual([]);
  });
});
