// Reads a drive fixture tree the way `drivewise health` reads a machine: lsblk and dmsetup are
// played from files in the tree, the path's device number comes from its mountinfo.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Runner } from '../../../../src/main/drives/detect';
import { mountFor, parseMountinfo } from '../../../../src/main/drives/mountinfo';
import { readHealthInputs, type ReaderOptions } from '../../../../src/main/health/reader';
import type { HealthInputs } from '../../../../src/main/health/types';
import { FIXTURES } from '../drives/fixture';

export { FIXTURES };

export function healthRunner(name: string): Runner {
  const dir = join(FIXTURES, name);
  return async (cmd, args) => {
    if (cmd === 'dmsetup') {
      const f = join(dir, 'dmsetup', args[1] ?? '');
      if (!existsSync(f)) throw new Error('dmsetup failed: Permission denied');
      return readFileSync(f, 'utf8');
    }
    if (cmd !== 'lsblk') throw new Error(`unexpected command ${cmd}`);
    if (existsSync(join(dir, 'lsblk-old')) && args.some((a) => a.includes('MOUNTPOINTS')))
      throw new Error('lsblk failed: lsblk: unknown column: MOUNTPOINTS');
    return readFileSync(join(dir, 'lsblk.json'), 'utf8');
  };
}

export const smartFixture = (file: string) =>
  readFileSync(join(FIXTURES, 'identify', file), 'utf8');

export function fixtureHealthInputs(
  name: string,
  path = '/',
  extra: ReaderOptions = {},
): Promise<HealthInputs> {
  const root = join(FIXTURES, name);
  const mounts = parseMountinfo(readFileSync(join(root, 'proc/self/mountinfo'), 'utf8'));
  const statfsFile = join(root, 'statfs.json');
  return readHealthInputs(path, {
    root,
    run: healthRunner(name),
    devOf: async (p) => mountFor(mounts, p)?.majMin ?? '0:0',
    statfs: async (mp) =>
      existsSync(statfsFile)
        ? JSON.parse(readFileSync(statfsFile, 'utf8'))
        : { mountpoint: mp, totalBytes: 500e9, freeBytes: 250e9, availBytes: 240e9 },
    ...extra,
  });
}
