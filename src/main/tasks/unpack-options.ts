// The unpack task's choices, checked where a plan comes in and again in the engine: the
// compression of the generated tarball, a tarball the person picked, and tar's failures in words.
import { accessSync, constants, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { UserError } from '../core/errors';
import { COMPRESSIONS, type Compression } from './tarball';

export function compressionOption(v: unknown): Compression {
  if (v === undefined) return 'gzip';
  if (typeof v === 'string' && (COMPRESSIONS as string[]).includes(v)) return v as Compression;
  throw new UserError(`compression must be one of ${COMPRESSIONS.join(', ')}, got ${String(v)}`);
}

/** What `tar -xf` unpacks without being told the compression (the list). */
export const TARBALL_EXTENSIONS = ['.tar', '.tar.gz', '.tgz', '.tar.xz', '.tar.bz2'];

/**
 * A tarball the person picked: an existing, readable .tar/.tar.gz/.tgz/.tar.xz/.tar.bz2 file.
 * Returns its absolute path (a leading ~ is the home folder); anything else is one line.
 */
export function checkTarball(v: unknown): string {
  if (typeof v !== 'string' || v.trim() === '')
    throw new UserError('tarball must be the path of a file');
  let p = v.trim();
  if (p === '~' || p.startsWith('~/')) p = join(homedir(), p.slice(1));
  if (!isAbsolute(p))
    throw new UserError(`tarball: give the full path (like /home/you/linux-6.8.tar.xz), not ${p}`);
  let isFile: boolean;
  try {
    isFile = statSync(p).isFile();
  } catch {
    throw new UserError(`tarball not found: ${p}`);
  }
  if (!isFile) throw new UserError(`tarball is not a file: ${p}`);
  if (!TARBALL_EXTENSIONS.some((e) => p.toLowerCase().endsWith(e)))
    throw new UserError(
      `tarball must be a ${TARBALL_EXTENSIONS.slice(0, -1).join(', ')} or ${TARBALL_EXTENSIONS.at(-1)} file: ${p}`,
    );
  try {
    accessSync(p, constants.R_OK);
  } catch {
    throw new UserError(`tarball cannot be read (permission denied): ${p}`);
  }
  return p;
}

/** "tar: x: Cannot write: No space left on device" and friends → one line for the person. */
export function explainTarFailure(stderr: string, dest: string): string {
  if (/No space left on device|Disk quota exceeded/i.test(stderr))
    return `the disk ran full while unpacking into ${dest}; the extracted files were removed`;
  const first = stderr
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l && !/Exiting with failure status/.test(l));
  return `unpacking failed: ${first ?? 'tar exited with an error'}`;
}
