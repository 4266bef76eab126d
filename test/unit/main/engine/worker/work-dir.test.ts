import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UserError } from '../../../../../src/main/core/errors';
import {
  checkTargetDir,
  prepareWorkDir,
  removeWorkDir,
  sweepStale,
} from '../../../../../src/main/engine/worker/work-dir';
import { newRunId } from '../../../../../src/main/store/run-store';

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'dw-workdir-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('work folder safety', () => {
  it('creates .drivewise-<run> 0700 with an owner file and removes it', () => {
    const id = newRunId();
    const { workDir } = prepareWorkDir(checkTargetDir(dir), id, 1024, { marginBytes: 0 });
    expect(workDir).toBe(join(dir, `.drivewise-${id}`));
    expect(statSync(workDir).mode & 0o7777).toBe(0o700);
    expect(readdirSync(workDir)).toEqual(['owner.json']);
    removeWorkDir(workDir);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses when size + 10% + margin is not free, before writing anything', () => {
    expect(() => prepareWorkDir(checkTargetDir(dir), newRunId(), 1024 ** 5)).toThrow(UserError);
    expect(() => prepareWorkDir(checkTargetDir(dir), newRunId(), 1024 ** 5)).toThrow(
      /^not enough free space in .*: the run needs [\d.]+ [kMGTP]B free .* — free .* there or choose a folder on a larger filesystem of the drive$/,
    );
    expect(readdirSync(dir)).toEqual([]);
  });

  it('sweeps folders of dead runs, keeps live ones, names what is not its own', () => {
    const made = (owner: number | null): string => {
      const d = join(dir, `.drivewise-${newRunId()}`);
      mkdirSync(d);
      chmodSync(d, 0o700);
      if (owner !== null) writeFileSync(join(d, 'owner.json'), JSON.stringify({ pid: owner }));
      return d;
    };
    const dead = made(2 ** 22 + 12345);
    writeFileSync(join(dead, 'junk.bin'), 'x');
    const live = made(process.pid);
    const orphan = made(null);
    const loose = made(2 ** 22 + 12346);
    chmodSync(loose, 0o755);
    writeFileSync(join(dir, '.drivewise-notes.txt'), 'mine');
    symlinkSync(live, join(dir, `.drivewise-${newRunId()}`));
    mkdirSync(join(dir, 'keep-me'));
    const r = sweepStale(dir);
    expect(r.removed).toEqual([dead.slice(dir.length + 1)]);
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(live) && existsSync(orphan) && existsSync(loose)).toBe(true);
    expect(r.skipped).toHaveLength(4);
    expect(r.skipped.join('\n')).toMatch(/notes\.txt alone: not named like/);
    expect(r.skipped.join('\n')).toMatch(/alone: a symlink/);
    expect(r.skipped.join('\n')).toMatch(/alone: mode 0755, not 0700/);
    expect(r.skipped.join('\n')).toMatch(
      new RegExp(`${orphan.slice(dir.length + 1)} alone: no owner record`),
    );
    expect(readdirSync(dir)).toHaveLength(6);
  });

  it('removes an empty folder of ours only after the grace period (killed before its owner record)', () => {
    const d = join(dir, `.drivewise-${newRunId()}`);
    mkdirSync(d, { mode: 0o700 });
    chmodSync(d, 0o700);
    expect(sweepStale(dir).skipped).toEqual([`left ${d} alone: no owner record`]);
    writeFileSync(join(d, 'data'), 'x');
    const later = Date.now() + 120_000;
    expect(sweepStale(dir, undefined, later).skipped).toHaveLength(1); // not empty: kept
    rmSync(join(d, 'data'));
    expect(sweepStale(dir, undefined, later).removed).toEqual([d.slice(dir.length + 1)]);
    expect(existsSync(d)).toBe(false);
  });

  it('rejects missing paths, files and devices with one-line errors', () => {
    expect(() => checkTargetDir(join(dir, 'nope'))).toThrow(/no such directory/);
    writeFileSync(join(dir, 'f'), '');
    expect(() => checkTargetDir(join(dir, 'f'))).toThrow(
      /is not a folder — choose a folder on the drive/,
    );
    if (existsSync('/dev/null')) expect(() => checkTargetDir('/dev/null')).toThrow(/is a device/);
  });
});
