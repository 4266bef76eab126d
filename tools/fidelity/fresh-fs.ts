// A fresh, small ext4 filesystem on a loop device for each file-phase run (root only).
//
// Why: creating a file on ext4 walks the group's free inodes from the start and, without a
// journal (as on this VM's root filesystem), skips every inode deleted in the last 60 s — 360 s
// while its table block is dirty. Every bonnie++-style pass deletes tens of thousands of files,
// so the next pass, whoever runs it, creates files several times slower, and by how much depends
// on the whole history of the run. A fresh filesystem gives the engine and bonnie++ the same
// starting state every time.
import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, rmSync, ftruncateSync } from 'node:fs';
import { join } from 'node:path';
import { removeTree } from '../../src/main/core/safe-remove';

const active = new Set<() => void>();
let serial = 0;

const run = (cmd: string, args: string[]): string =>
  execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/** Each step undone even when an earlier one fails; errors here must not hide the run's own. */
function quietly(f: () => void): void {
  try {
    f();
  } catch {
    /* already gone */
  }
}

/**
 * Runs `fn` in the root of a new ext4 (sized for `inodes` files) built in an image under
 * `parent`; the filesystem, loop device and image are gone when it returns or throws.
 */
export async function withFreshFs<T>(
  parent: string,
  inodes: number,
  fn: (dir: string) => Promise<T>,
): Promise<T> {
  const id = ++serial;
  const img = join(parent, `fresh-${id}.img`);
  const mnt = join(parent, `fresh-${id}`);
  let dev: string | null = null;
  let mounted = false;
  const release = (): void => {
    if (mounted) quietly(() => run('umount', [mnt]));
    mounted = false;
    if (dev) quietly(() => run('losetup', ['-d', dev!]));
    dev = null;
    quietly(() => removeTree(mnt, { within: parent }));
    quietly(() => rmSync(img, { force: true }));
  };
  active.add(release);
  try {
    const fd = openSync(img, 'wx');
    try {
      // Sparse: only the metadata mkfs writes and the files' blocks take space.
      ftruncateSync(fd, 1024 ** 3);
    } finally {
      closeSync(fd);
    }
    // Inode tables and journal written now, not by ext4lazyinit in the background mid-run.
    run('mkfs.ext4', [
      '-q',
      '-F',
      '-N',
      String(inodes),
      '-E',
      'lazy_itable_init=0,lazy_journal_init=0',
      img,
    ]);
    dev = run('losetup', ['-f', '--show', img]);
    mkdirSync(mnt);
    run('mount', ['-t', 'ext4', dev, mnt]);
    mounted = true;
    return await fn(mnt);
  } finally {
    release();
    active.delete(release);
  }
}

/** Unmounts and removes whatever `withFreshFs` still holds (Ctrl+C mid-run). */
export function releaseFreshFs(): void {
  for (const release of active) release();
  active.clear();
}
