import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  detectDrivesWith,
  takeSnapshot,
  type DetectOptions,
  type Runner,
} from '../../../../src/main/drives/detect';

export const FIXTURES = resolve('test/fixtures/drives');

/** Plays lsblk from a fixture tree; the old-util-linux case rejects MOUNTPOINTS like 2.33 does. */
export function fixtureRunner(name: string, calls: string[][] = []): Runner {
  const dir = join(FIXTURES, name);
  return async (cmd, args) => {
    calls.push([cmd, ...args]);
    if (cmd !== 'lsblk') throw new Error(`unexpected command ${cmd}`);
    if (existsSync(join(dir, 'lsblk-old')) && args.some((a) => a.includes('MOUNTPOINTS')))
      throw new Error('lsblk failed: lsblk: unknown column: MOUNTPOINTS');
    return readFileSync(join(dir, 'lsblk.json'), 'utf8');
  };
}

export const fixtureOpts = (name: string, extra: DetectOptions = {}): DetectOptions => ({
  root: join(FIXTURES, name),
  run: fixtureRunner(name),
  ...extra,
});

export const detectFixture = (name: string, extra: DetectOptions = {}) =>
  detectDrivesWith(fixtureOpts(name, extra));

export const snapshotFixture = (name: string) => takeSnapshot(fixtureOpts(name));

export const identifyFixture = (file: string): string =>
  readFileSync(join(FIXTURES, 'identify', file), 'utf8');
