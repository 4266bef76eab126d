// The one way Drivewise writes a file (run store, export, CSV, report, --json, fleet). Drivewise
// often runs as root in folders other users can write, so:
// - a device node, FIFO, socket, folder or symlink at the path is refused, even when replacing
//   is allowed (renaming over /dev/sdX would delete the node; a link may point anywhere);
// - an existing file is replaced only when the caller says so (--force);
// - the folder is opened once (native dirAt: one component at a time with O_NOFOLLOW, a link
//   followed only where no other account could have put it) and everything after happens
//   relative to that descriptor: a folder on the way swapped for a link mid-run changes which
//   path names the folder, never which folder is written (issue 25, class 6);
// - the data goes to a fresh temp file in that folder, created O_EXCL|O_NOFOLLOW, fsync'd, then
//   moved into place: link() when nothing may be replaced (fails with EEXIST, never clobbers),
//   rename() otherwise. A crash leaves the old file or the new one, never half of one.
// Without the addon, the same steps go by path, which is safe only where no other account can
// change the path: as root anywhere else the write is refused in one line.
import { randomBytes } from 'node:crypto';
import { constants, type Stats } from 'node:fs';
import { lstat } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { dirFd, pathFolder, writeAllAndClose, type OpenDir } from './dir-fd';
import { UserError } from './errors';
import { fileWorkAccount } from './file-owner';

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

/** Why an entry of type `mode` (st_mode) may not be written, or null for a regular file. */
function describeMode(mode: number): string | null {
  const t = mode & constants.S_IFMT;
  if (t === constants.S_IFLNK) return 'a symbolic link (Drivewise never writes through links)';
  if (t === constants.S_IFDIR) return 'a folder; give a file name';
  if (t === constants.S_IFBLK || t === constants.S_IFCHR) return 'a device node';
  if (t === constants.S_IFIFO) return 'a FIFO (named pipe)';
  if (t === constants.S_IFSOCK) return 'a socket';
  if (t !== constants.S_IFREG) return 'not a regular file';
  return null;
}

const describe = (st: Stats): string | null => describeMode(st.mode);

/**
 * Without dirAt, a path-based write as root is refused where another account controls a folder
 * on the way (it could swap the folder between two of root's calls). Null when it may go ahead.
 */
function pathWriteRefusal(abs: string): string | null {
  if ((process.getuid?.() ?? -1) !== 0) return null;
  const dir = dirname(abs);
  let why: string | null = null;
  try {
    const account = fileWorkAccount(dir);
    if (account) why = `${dir} belongs to ${account.name}`;
  } catch (err) {
    why = (err as Error).message.replace(/^refusing to work as root in [^:]*: /, '').split(',')[0]!;
  }
  return why
    ? `refusing to write ${abs} as root: ${why}, and without the native addon (npm install builds it) the folder cannot be pinned against a swap; write to a folder of root's`
    : null;
}

async function openFolder(open: (d: string) => Promise<OpenDir>, abs: string): Promise<OpenDir> {
  try {
    return await open(dirname(abs));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why =
      code === 'EUNTRUSTEDLINK'
        ? (err as Error).message
        : code === 'EAGAIN'
          ? `${dirname(abs)} kept changing between a folder and a link while being opened`
          : errnoText(err);
    if (code === 'ENOENT')
      throw new WriteError(`cannot save to ${abs}: folder ${dirname(abs)} does not exist`, code);
    throw new WriteError(`cannot write ${abs}: ${why}`, code);
  }
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
  // A folder reached through a trusted link is fine (~/Documents -> /data/docs); one that another
  // account could re-aim is refused now, before the caller's long work, and again at the write.
  const open = dirFd();
  if (open) await (await openFolder(open, abs)).close();
  else {
    const refusal = pathWriteRefusal(abs);
    if (refusal) throw new WriteError(refusal, 'EPERM');
  }
  return abs;
}

/** `p<pid>-<random>.tmp`: unique, and says which process wrote it (see `tempWriterPid`). */
export const tempSuffix = (): string => `p${process.pid}-${randomBytes(6).toString('hex')}.tmp`;

/** The pid a temp name made by `tempSuffix` records, or null for any other name. */
export function tempWriterPid(name: string): number | null {
  const m = /\.p(\d{1,10})-[0-9a-f]{12}\.tmp$/.exec(name);
  return m ? Number(m[1]) : null;
}

/** Moves the finished temp file `tmp` to `name` in `d`, replacing only a regular file, if allowed. */
function publishAt(d: OpenDir, tmp: string, name: string, abs: string, overwrite: boolean): void {
  const mode = d.lstatMode(name);
  if (mode !== null) {
    const bad = describeMode(mode);
    if (bad) throw new WriteError(`refusing to write ${abs}: it is ${bad}`, undefined);
    if (!overwrite)
      throw new WriteError(`${abs} already exists; choose another name or add --force`, 'EEXIST');
    d.rename(tmp, name);
    return;
  }
  try {
    d.link(tmp, name);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST')
      throw new WriteError(`${abs} appeared while writing; choose another name`, 'EEXIST');
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'EOPNOTSUPP' || code === 'EMLINK') {
      d.rename(tmp, name);
      return;
    }
    throw err;
  }
  d.unlink(tmp);
}

const tempName = (abs: string): string => `.${basename(abs).slice(0, 200)}.${tempSuffix()}`;

async function writeInFolder(
  d: OpenDir,
  abs: string,
  data: string | Uint8Array,
  opts: SafeWriteOptions,
): Promise<string> {
  const tmp = tempName(abs);
  let created = false;
  let placed = false;
  try {
    const fd = d.createExclusive(tmp, opts.mode ?? 0o600);
    created = true;
    await writeAllAndClose(fd, data);
    publishAt(d, tmp, basename(abs), abs, opts.overwrite ?? false);
    placed = true;
    await d.sync().catch(() => undefined);
    return abs;
  } catch (err) {
    if (err instanceof UserError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    throw new WriteError(`cannot write ${abs}: ${errnoText(err)}`, code);
  } finally {
    if (created && !placed) {
      try {
        d.unlink(tmp);
      } catch {
        /* already gone */
      }
    }
    await d.close().catch(() => undefined);
  }
}

/** Writes `data` to `path` safely (see the top of this file). Returns the absolute path. */
export async function writeFileSafe(
  path: string,
  data: string | Uint8Array,
  opts: SafeWriteOptions = {},
): Promise<string> {
  const abs = await checkWritablePath(path, opts);
  const open = dirFd();
  if (open) return writeInFolder(await openFolder(open, abs), abs, data, opts);
  return writeFileByPath(abs, data, opts);
}

/**
 * The same steps by path, for when the addon is missing (checkWritablePath has refused it as
 * root where another account controls the folder). Exported for the class 6 race's control,
 * which runs it as root where it is not safe to show the harness hits the window.
 */
export const writeFileByPath = (
  abs: string,
  data: string | Uint8Array,
  opts: SafeWriteOptions = {},
): Promise<string> => writeInFolder(pathFolder(dirname(abs)), abs, data, opts);
