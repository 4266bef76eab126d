// Files relative to an opened folder (issue 25, class 6): a folder swapped for a link after it was
// opened is still the folder written; a link another account could re-aim is never followed; and
// without the addon, root refuses to write by path where another account controls the folder.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, readdirSync, renameSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dirFd, writeAllAndClose } from '../../../../src/main/core/dir-fd';
import { writeFileSafe } from '../../../../src/main/core/safe-write';
import { tempDirs } from '../../../integration/engine/helpers';

const tempDir = tempDirs();
/** Debian's acl package (npm test's set-up installs it). */
const hasSetfacl = (): boolean => spawnSync('setfacl', ['--version']).status === 0;
const isRoot = process.getuid?.() === 0;
const NOBODY = 65534;

afterEach(() => {
  delete process.env['DRIVEWISE_NATIVE_DIRFD'];
});

describe('dirFd', () => {
  const open = dirFd();

  it.skipIf(!open)('writes into the folder it opened even after the path is swapped', async () => {
    const base = tempDir('dirfd');
    const out = join(base, 'out');
    const elsewhere = join(base, 'elsewhere');
    mkdirSync(out);
    mkdirSync(elsewhere);
    const d = await open!(out);
    renameSync(out, join(base, 'moved'));
    symlinkSync(elsewhere, out);
    await writeAllAndClose(d.createExclusive('f.tmp', 0o600), 'data');
    d.link('f.tmp', 'f');
    d.unlink('f.tmp');
    expect(d.lstatMode('f')).not.toBeNull();
    expect(d.lstatMode('none')).toBeNull();
    await d.close();
    expect(readdirSync(join(base, 'moved'))).toEqual(['f']);
    expect(readdirSync(elsewhere)).toEqual([]);
  });

  it.skipIf(!open)(
    'follows links of its own account; refuses to create through a planted name',
    async () => {
      const base = tempDir('dirfd');
      mkdirSync(join(base, 'real'));
      symlinkSync(join(base, 'real'), join(base, 'link'));
      const d = await open!(join(base, 'link', '.', 'sub', '..'));
      d.createExclusive('x', 0o600);
      expect(() => d.createExclusive('x', 0o600)).toThrow(/EEXIST/);
      await d.close();
      expect(readdirSync(join(base, 'real'))).toEqual(['x']);
    },
  );
});

describe.skipIf(!isRoot)('root and folders of another account', () => {
  it.skipIf(!dirFd())(
    'a link in a folder another account owns is refused, not followed',
    async () => {
      const base = tempDir('dirfd-foreign');
      const theirs = join(base, 'theirs');
      const victim = join(base, 'victim');
      mkdirSync(theirs);
      mkdirSync(victim);
      symlinkSync(victim, join(theirs, 'out'));
      chownSync(theirs, NOBODY, NOBODY);
      await expect(writeFileSafe(join(theirs, 'out', 'r.json'), '{}')).rejects.toThrow(
        `cannot write ${join(theirs, 'out', 'r.json')}: ${join(theirs, 'out')} is a symbolic link in a folder another account can change`,
      );
      expect(readdirSync(victim)).toEqual([]);
      // A real folder of theirs is written (through its descriptor).
      mkdirSync(join(theirs, 'real'));
      await writeFileSafe(join(theirs, 'real', 'r.json'), '{}');
      expect(readdirSync(join(theirs, 'real'))).toEqual(['r.json']);
    },
  );

  it.skipIf(!dirFd())(
    'a link in a folder a group (root’s too) or an ACL entry lets others write is refused',
    async () => {
      const base = tempDir('dirfd-group');
      const real = join(base, 'real');
      mkdirSync(real);
      const acl = hasSetfacl();
      const cases = [
        ['plain', 0o755, 0, true],
        ['g0', 0o775, 0, false],
        ['gnobody', 0o775, NOBODY, false],
        ...(acl ? ([['acl', 0o755, 0, false]] as const) : []),
      ] as const;
      for (const [name, mode, gid, followed] of cases) {
        const g = join(base, name);
        mkdirSync(g);
        chmodSync(g, mode);
        chownSync(g, 0, gid);
        // root:root 0755 that reads drwxr-xr-x+ with a named user given write, mask without it.
        if (name === 'acl') execFileSync('setfacl', ['-m', `u:${NOBODY}:rwx,m:rx`, g]);
        symlinkSync(real, join(g, 'out'));
        const w = writeFileSafe(join(g, 'out', `r-${name}.json`), '{}');
        if (followed) await w;
        else
          await expect(w).rejects.toThrow(
            /is a symbolic link in a folder another account can change/,
          );
      }
      expect(readdirSync(real)).toEqual(['r-plain.json']);
    },
  );

  it('without the addon, root refuses to write by path in a folder of another account', async () => {
    const theirs = join(tempDir('dirfd-fallback'), 'theirs');
    mkdirSync(theirs);
    chownSync(theirs, NOBODY, NOBODY);
    process.env['DRIVEWISE_NATIVE_DIRFD'] = '0';
    await expect(writeFileSafe(join(theirs, 'r.json'), '{}')).rejects.toThrow(
      /^refusing to write .*r\.json as root: .*theirs belongs to .*without the native addon/,
    );
    expect(readdirSync(theirs)).toEqual([]);
    await writeFileSafe(join(tempDir('dirfd-own'), 'r.json'), '{}');
  });
});
