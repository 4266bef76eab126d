// A finished run is never lost: history, else --json, else next to the work folder, home, /tmp.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RunStore } from '../../../../src/main/store/run-store';
import { rescuePlaces, saveRunSafely } from '../../../../src/main/store/save-run';
import { tempDirs } from '../../../integration/engine/helpers';
import { sampleRun } from '../../../security/store-fixtures';

const tempDir = tempDirs();

/** A store whose runs/ is a regular file: every save fails, as root too. */
function brokenStore(): RunStore {
  const cfg = tempDir('save-broken');
  writeFileSync(join(cfg, 'runs'), 'not a folder');
  return new RunStore(cfg);
}

describe('saveRunSafely', () => {
  it('saves to the history when it can', async () => {
    const store = new RunStore(tempDir('save-ok'));
    const o = await saveRunSafely(store, sampleRun('r1'), []);
    expect(o).toEqual({ file: join(store.runsDir, 'r1.json'), inHistory: true });
  });

  it('falls back in order and says why the history failed', async () => {
    const doc = { ...sampleRun('r2'), targetDir: tempDir('save-target') };
    const json = join(tempDir('save-json'), 'taken.json');
    writeFileSync(json, 'someone else\n'); // exists and no --force: skipped, not replaced
    const o = await saveRunSafely(brokenStore(), doc, rescuePlaces(doc, { jsonPath: json }));
    expect(o.inHistory).toBe(false);
    expect(o.file).toBe(join(doc.targetDir, 'drivewise-run-r2.json'));
    expect(o.problem).toMatch(/ENOTDIR|EEXIST|not a folder/);
    expect(readFileSync(json, 'utf8')).toBe('someone else\n');
    expect(JSON.parse(readFileSync(o.file, 'utf8')).id).toBe('r2');
  });

  it('throws one line only when no place at all works', async () => {
    const doc = { ...sampleRun('r3'), targetDir: null };
    const ro = tempDir('save-nowhere');
    mkdirSync(join(ro, 'sub'));
    chmodSync(join(ro, 'sub'), 0o500);
    const places = [{ path: join(ro, 'missing', 'x.json') }, { path: join(ro, 'sub') }];
    await expect(saveRunSafely(brokenStore(), doc, places)).rejects.toThrow(
      /^run r3 could not be saved to the history \(.*\) nor anywhere else \(.*\)$/,
    );
    expect(existsSync(join(ro, 'missing'))).toBe(false);
  });
});
