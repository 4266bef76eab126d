// The one way Drivewise writes a file (run store, export, CSV, report, --json). Drivewise often
// runs as root in folders other users can write, so:
// - a device node, FIFO, socket, folder or symlink at the path is refused, even when replacing
//   is allowed (renaming over /dev/sdX would delete the node; a link may point anywhere);
// - an existing file is replaced only when the caller says so (--force);
// - the data goes to a fresh temp file in the same folder, created O_EXCL|O_NOFOLLOW (a planted
//   name or link fails the open instead of being written through), fsync'd, then moved into
//   place: link() when nothing may be replaced (fails with EEXIST, never clobbers), rename()
//   otherwise. A crash leaves the old file or the new one, never half of one.
import { randomBytes } from 'node:crypto';
import { constants, type Stats } from 'node:fs';
import { link, lstat, open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { UserError } from './errors';

export interface SafeWriteOptions {
  /** Replace an existing regular file (--force). Never applies to devices, FIFOs, sockets, links. */
  overwrite?: boolean;
  /** Permission bits of a new file (default 0600: run files name drives and machines). */
  mode?: number;
}

const ERRNO_TEXT: Record<string, string> = {
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  EROFS: 'read-only filesystem',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ENOENT: 'folder does not exist',
  ENOTDIR: 'a part of the path is not a folder',
  EIO: 'input/output error',
};

/** "ENOSPC (no space left on the device)" for a failed fs call. */
export function errnoText(err: unknown): string {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  if (!code) return err instanceof Error ? err.message.split('\n')[0]! : String(err);
  return ERRNO_TEXT[code] ? `${code} (${ERRNO_TEXT[code]})` : code;
}

/** A failed write: one line naming the file; `code` keeps the errno for callers that retry. */
export class WriteError extends UserError {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = 'WriteError';
  }
}

function describe(st: Stats): string | null {
  if (st.isSymbolicLink()) return 'a symbolic link (Drivewise never writes through links)';
  if (st.isDirectory()) return 'a folder; give a file name';
  if (st.isBlockDevice() || st.isCharacterDevice()) return 'a device node';
  if (st.isFIFO()) return 'a FIFO (named pipe)';
  if (st.isSocket()) return 'a socket';
  if (!st.isFile()) return 'not a regular file';
  return null;
}

async function lstatOrNull(path: string): Promise<Stats | null> {
  try {
    return await lstat(path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    throw new WriteError(`cannot write ${path}: ${errnoText(err)}`, code);
  }
}

/**
 * Checks that `path` may be written, without writing: callers with long work ahead (a report to
 * render, a benchmark to run) call this first so a refusal comes before the wait. Returns the
 * absolute path.
 */
export async function checkWritablePath(
  path: string,
  opts: SafeWriteOptions = {},
): Promise<string> {
  if (typeof path !== 'string' || !path.trim()) throw new UserError('no output file given');
  const abs = resolve(path);
  const st = await lstatOrNull(abs);
  if (st) {
    const bad = describe(st);
    if (bad) throw new WriteError(`refusing to write ${abs}: it is ${bad}`, undefined);
    if (!opts.overwrite)
      throw new WriteError(`${abs} already exists; choose another name or add --force`, 'EEXIST');
  }
  const dir = dirname(abs);
  const dst = await lstatOrNull(dir);
  if (!dst) throw new WriteError(`cannot save to ${abs}: folder ${dir} does not exist`, 'ENOENT');
  // A folder reached through a link is fine (e.g. ~/Documents -> /data/docs): the last part of
  // the path is what another user could plant, and that is checked above and at rename.
  return abs;
}

async function fsyncDir(dir: string): Promise<void> {
  const d = await open(dir, constants.O_RDONLY | constants.O_DIRECTORY);
  try {
    await d.sync();
  } finally {
    await d.close();
  }
}

/** Moves the finished temp file to `abs`, replacing only a regular file and only if allowed. */
async function publish(tmp: string, abs: string, overwrite: boolean): Promise<void> {
  const st = await lstatOrNull(abs);
  if (st) {
    const bad = describe(st);
    if (bad) throw new WriteError(`refusing to write ${abs}: it is ${bad}`, undefined);
    if (!overwrite)
      throw new WriteError(`${abs} already exists; choose another name or add --force`, 'EEXIST');
    await rename(tmp, abs);
    return;
  }
  try {
    await link(tmp, abs);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST')
      throw new WriteError(`${abs} appeared while writing; choose another name`, 'EEXIST');
    // Filesystems without hard links (vfat, some FUSE): the lstat above found nothing there.
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'EOPNOTSUPP' || code === 'EMLINK') {
      await rename(tmp, abs);
      return;
    }
    throw err;
  }
  await unlink(tmp);
}

/** `p<pid>-<random>.tmp`: unique, and says which process wrote it (see `tempWriterPid`). */
export const tempSuffix = (): string => `p${process.pid}-${randomBytes(6).toString('hex')}.tmp`;

/** The pid a temp name made by `tempSuffix` records, or null for any other name. */
export function tempWriterPid(name: string): number | null {
  const m = /\.p(\d{1,10})-[0-9a-f]{12}\.tmp$/.exec(name);
  return m ? Number(m[1]) : null;
}

/** Writes `data` to `path` safely (see the top of this file). Returns the absolute path. */
export async function writeFileSafe(
  path: string,
  data: string | Uint8Array,
  opts: SafeWriteOptions = {},
): Promise<string> {
  const abs = await checkWritablePath(path, opts);
  const dir = dirname(abs);
  // Hidden, random and ending in .tmp: the store sweeps stale ones, nothing lists them as runs.
  // The writer's pid is in the name so the next run removes a kill -9'd writer's temp at once.
  // (The name is cut so a long file name plus the suffix stays under NAME_MAX, 255 bytes.)
  const tmp = join(dir, `.${basename(abs).slice(0, 200)}.${tempSuffix()}`);
  const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;
  let fh;
  try {
    fh = await open(tmp, flags, opts.mode ?? 0o600);
  } catch (err) {
    throw new WriteError(
      `cannot write ${abs}: ${errnoText(err)}`,
      (err as NodeJS.ErrnoException).code,
    );
  }
  let placed = false;
  try {
    await fh.writeFile(data);
    await fh.sync();
    await fh.close();
    fh = null;
    await publish(tmp, abs, opts.overwrite ?? false);
    placed = true;
    await fsyncDir(dir).catch(() => undefined);
    return abs;
  } catch (err) {
    if (err instanceof UserError) throw err;
    throw new WriteError(
      `cannot write ${abs}: ${errnoText(err)}`,
      (err as NodeJS.ErrnoException).code,
    );
  } finally {
    if (fh) await fh.close().catch(() => undefined);
    if (!placed) await unlink(tmp).catch(() => undefined);
  }
}
