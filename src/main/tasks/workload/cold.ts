// Making workload files cold. With admin rights: the root helper drops the whole page cache (data,
// dentries and inodes). Without: each file is fdatasync'ed and its pages dropped with
// posix_fadvise(POSIX_FADV_DONTNEED) (native/files.cc, op 3); that empties the file contents from
// the cache (fincore shows 0 pages) but not the dentries and inodes, so a disk search stays warm.
import { execFile, spawn } from 'node:child_process';
import { closeSync, constants, openSync } from 'node:fs';
import { join } from 'node:path';
import { nativeAio } from '../../core/native-aio';
import type { TestContext } from '../../engine/types';
import { addCaveat, dropCachesIfPrivileged } from '../common';

const OP_DROP = 3;
const BATCH = 256;

/** Drops one file's clean pages through dd (posix_fadvise DONTNEED), where the addon is missing. */
function ddDrop(file: string): Promise<void> {
  return new Promise((resolve) => {
    const c = spawn('dd', [`if=${file}`, 'iflag=nocache', 'count=0', 'status=none'], {
      stdio: 'ignore',
    });
    c.on('close', () => resolve());
    c.on('error', () => resolve());
  });
}

/** Drops the cached pages of `paths` (relative to `dir`) without root. */
export async function dropFilePages(dir: string, paths: readonly string[]): Promise<void> {
  const batch = nativeAio().addon?.fileBatch;
  if (!batch) {
    for (const p of paths) await ddDrop(`${dir}/${p}`);
    return;
  }
  const width = paths.reduce((a, p) => Math.max(a, Buffer.byteLength(p)), 0) + 1;
  const names = Buffer.alloc(width * paths.length);
  paths.forEach((p, i) => names.write(p, i * width));
  const fd = openSync(dir, constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW);
  try {
    for (let i = 0; i < paths.length; i += BATCH) {
      batch(OP_DROP, fd, names, width, i, Math.min(paths.length, i + BATCH));
      await new Promise((r) => setImmediate(r));
    }
  } finally {
    closeSync(fd);
  }
}

export const FADVISE_CAVEAT =
  'without admin rights the files were made cold with fdatasync + posix_fadvise(DONTNEED) each: their contents were read from the disk, their directory entries and inodes may have stayed cached';

/**
 * Before a timing of content reads: 'cold' when the caches were dropped (root) or every file's
 * pages were (no root); 'warm' only when the root helper failed.
 */
export async function coldFiles(
  ctx: Pick<TestContext, 'privileged'>,
  dir: string,
  paths: readonly string[],
  caveats: string[],
): Promise<'cold' | 'warm'> {
  const dropped = await dropCachesIfPrivileged(ctx, caveats);
  if (dropped) return dropped;
  await dropFilePages(dir, paths);
  addCaveat(caveats, FADVISE_CAVEAT);
  return 'cold';
}

/** fincore -b -n -r -o RES,SIZE: one "resident size" line of bytes per file. */
export function parseFincore(text: string): { residentBytes: number; checkedBytes: number } | null {
  let residentBytes = 0;
  let checkedBytes = 0;
  let lines = 0;
  for (const line of text.split('\n')) {
    const m = /^\s*(\d+)\s+(\d+)\s*$/.exec(line);
    if (!m) continue;
    residentBytes += Number(m[1]);
    checkedBytes += Number(m[2]);
    lines++;
  }
  return lines ? { residentBytes, checkedBytes } : null;
}

/**
 * How much of `paths` (relative to `dir`) is still in the page cache, as mincore(2) reads it
 * through util-linux's fincore: the check that a cold run starts cold. Undefined without fincore.
 */
export function residency(
  dir: string,
  paths: readonly string[],
): Promise<{ residentBytes: number; checkedBytes: number } | undefined> {
  return new Promise((resolve) => {
    execFile(
      'fincore',
      ['-b', '-n', '-r', '-o', 'RES,SIZE', '--', ...paths.map((p) => join(dir, p))],
      { maxBuffer: 4 << 20, timeout: 30_000 },
      (_err, stdout) => resolve(parseFincore(String(stdout)) ?? undefined),
    );
  });
}
