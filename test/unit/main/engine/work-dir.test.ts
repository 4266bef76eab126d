import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UserError } from '../../../../src/main/core/errors';
import {
  checkTargetDir,
  prepareWorkDir,
  removeWorkDir,
  sweepStale,
} from '../../../../src/main/engine/work-dir';

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'dw-workdir-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('work folder safety', () => {
  it('creates .drivewise-<run> with an owner file and removes it', () => {
    const { workDir } = prepareWorkDir(dir, 'run1', 1024, { marginBytes: 0 });
    expect(workDir).toBe(join(dir, '.drivewise-run1'));
    expect(readdirSync(workDir)).toEqual(['owner.json']);
    removeWorkDir(workDir);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses when size + 10% + margin is not free, before writing anything', () => {
    expect(() => prepareWorkDir(dir, 'run2', 1024 ** 5)).toThrow(UserError);
    expect(() => prepareWorkDir(dir, 'run2', 1024 ** 5)).toThrow(
      /not enough free space.*\+ 10% \+ 1 GiB margin/,
    );
    expect(readdirSync(dir)).toEqual([]);
  });

  it('sweeps folders of dead runs but keeps those of live ones', () => {
    const dead = join(dir, '.drivewise-dead');
    const orphan = join(dir, '.drivewise-orphan');
    const live = join(dir, '.drivewise-live');
    for (const d of [dead, orphan, live]) mkdirSync(d);
    writeFileSync(join(dead, 'owner.json'), JSON.stringify({ pid: 2 ** 22 + 12345 }));
    writeFileSync(join(dead, 'junk.bin'), 'x');
    writeFileSync(join(live, 'owner.json'), JSON.stringify({ pid: process.pid }));
    mkdirSync(join(dir, 'keep-me'));
    expect(sweepStale(dir).sort()).toEqual(['.drivewise-dead', '.drivewise-orphan']);
    expect(readdirSync(dir).sort()).toEqual(['.drivewise-live', 'keep-me']);
  });

  it('rejects missing paths, files and devices with one-line errors', () => {
    expect(() => checkTargetDir(join(dir, 'nope'))).toThrow(/no such directory/);
    writeFileSync(join(dir, 'f'), '');
    expect(() => checkTargetDir(join(dir, 'f'))).toThrow(/not a directory/);
    if (existsSync('/dev/null')) expect(() => checkTargetDir('/dev/null')).toThrow(/is a device/);
  });
});
