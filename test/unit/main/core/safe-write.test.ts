// The one writer: temp + fsync + link/rename; special files and links refused even with overwrite.
import { execFileSync } from 'node:child_process';
import {
  lstatSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkWritablePath, writeFileSafe } from '../../../../src/main/core/safe-write';
import { tempDirs } from '../../../integration/engine/helpers';

const tempDir = tempDirs();

// The same behaviour through the addon's folder descriptor and through the path fallback.
describe.each(['dirfd', 'path'] as const)('writeFileSafe (%s)', (how) => {
  beforeEach(() => {
    if (how === 'path') process.env['DRIVEWISE_NATIVE_DIRFD'] = '0';
  });
  afterEach(() => {
    delete process.env['DRIVEWISE_NATIVE_DIRFD'];
  });

  it('creates a new file with the mode asked, leaving no temp file', async () => {
    const d = tempDir('sw');
    const f = join(d, 'out.csv');
    expect(await writeFileSafe(f, 'a,b\n', { mode: 0o644 })).toBe(f);
    expect(readFileSync(f, 'utf8')).toBe('a,b\n');
    expect(statSync(f).mode & 0o777).toBe(0o644 & ~process.umask());
    expect(readdirSync(d)).toEqual(['out.csv']);
  });

  it('replaces a regular file only with overwrite', async () => {
    const f = join(tempDir('sw'), 'x');
    writeFileSync(f, 'old');
    await expect(writeFileSafe(f, 'new')).rejects.toThrow(
      `${f} already exists; choose another name or add --force`,
    );
    expect(readFileSync(f, 'utf8')).toBe('old');
    await writeFileSafe(f, 'new', { overwrite: true });
    expect(readFileSync(f, 'utf8')).toBe('new');
  });

  it('refuses links, FIFOs, folders and devices even with overwrite; refuses a missing folder', async () => {
    const d = tempDir('sw');
    writeFileSync(join(d, 'target'), 'keep');
    symlinkSync(join(d, 'target'), join(d, 'link'));
    execFileSync('mkfifo', [join(d, 'fifo')]);
    for (const [p, what] of [
      [join(d, 'link'), 'a symbolic link'],
      [join(d, 'fifo'), 'a FIFO'],
      [d, 'a folder'],
      ['/dev/null', 'a device node'],
    ] as const)
      await expect(writeFileSafe(p, 'x', { overwrite: true })).rejects.toThrow(
        `refusing to write ${p}: it is ${what}`,
      );
    expect(readFileSync(join(d, 'target'), 'utf8')).toBe('keep');
    expect(lstatSync(join(d, 'link')).isSymbolicLink()).toBe(true);
    await expect(checkWritablePath(join(d, 'no', 'x'))).rejects.toThrow(
      /folder .*no does not exist/,
    );
    await expect(checkWritablePath('')).rejects.toThrow('no output file given');
  });
});
