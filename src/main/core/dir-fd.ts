// Node has no openat: file work relative to an open folder goes through the native addon's dirAt
// (native/files.cc). A folder opened this way stays the same folder when its path is swapped for a
// link mid-run, which is what root needs where another account can change the path (issue 25,
// class 6). Without the addon, `dirFd()` is null and callers must not race a path instead.
import {
  close,
  closeSync,
  constants,
  fstat,
  fsync,
  fsyncSync,
  linkSync,
  lstatSync,
  openSync,
  renameSync,
  unlinkSync,
  write,
} from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { nativeAio } from './native-aio';

interface DirAtAddon {
  dirAt(
    op: number,
    dirFd: number,
    name: string,
    name2: string,
    flags: number,
    mode: number,
  ): number;
}

const OP = { openDir: 0, open: 1, link: 2, rename: 3, unlink: 4, lstat: 5 } as const;

const closeFd = promisify(close);
const fsyncFd = promisify(fsync);
const fstatFd = promisify(fstat);
const writeFd = promisify(write);

/** An open folder and the calls made relative to it; `name`s are single path components. */
export interface OpenDir {
  /** O_CREAT|O_EXCL|O_NOFOLLOW|O_WRONLY: a planted name or link fails instead of being used. */
  createExclusive(name: string, mode: number): number;
  link(from: string, to: string): void;
  rename(from: string, to: string): void;
  unlink(name: string): void;
  /** st_mode of the entry itself (links not followed), or null when there is none. */
  lstatMode(name: string): number | null;
  sync(): Promise<void>;
  close(): Promise<void>;
}

/**
 * dirAt, unless turned off (tests: DRIVEWISE_NATIVE_DIRFD=0) or absent from an older build.
 * Returns an opener for absolute folder paths, walked one component at a time with O_NOFOLLOW
 * (a link is followed only where no other account could have put it).
 */
export function dirFd(): ((absDir: string) => Promise<OpenDir>) | null {
  if (process.env['DRIVEWISE_NATIVE_DIRFD'] === '0') return null;
  const addon = nativeAio().addon as Partial<DirAtAddon> | null;
  if (typeof addon?.dirAt !== 'function') return null;
  const at = addon.dirAt.bind(addon);
  return async (absDir) => {
    const fd = at(OP.openDir, -1, absDir, '', 0, 0);
    try {
      if (!(await fstatFd(fd)).isDirectory()) throw new Error(`${absDir} is not a folder`);
    } catch (err) {
      await closeFd(fd).catch(() => undefined);
      throw err;
    }
    return {
      createExclusive: (name, mode) =>
        at(
          OP.open,
          fd,
          name,
          '',
          constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
          mode,
        ),
      link: (from, to) => void at(OP.link, fd, from, to, 0, 0),
      rename: (from, to) => void at(OP.rename, fd, from, to, 0, 0),
      unlink: (name) => void at(OP.unlink, fd, name, '', 0, 0),
      lstatMode: (name) => {
        try {
          return at(OP.lstat, fd, name, '', 0, 0);
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
          throw err;
        }
      },
      // EBADF: a folder the user may write but not read has only its O_PATH descriptor, which
      // cannot be fsync'd; the file itself was, and the name is as durable as the filesystem makes it.
      sync: () =>
        fsyncFd(fd).catch((err: NodeJS.ErrnoException) => {
          if (err.code !== 'EBADF') throw err;
        }),
      close: () => closeFd(fd),
    };
  };
}

/**
 * The same calls by path, for when dirAt is missing: each resolves `dir` again, so this is safe
 * only where no other account can change the path (see safe-write's pathWriteRefusal).
 */
export function pathFolder(dir: string): OpenDir {
  return {
    createExclusive: (name, mode) =>
      openSync(
        join(dir, name),
        constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
        mode,
      ),
    link: (from, to) => linkSync(join(dir, from), join(dir, to)),
    rename: (from, to) => renameSync(join(dir, from), join(dir, to)),
    unlink: (name) => unlinkSync(join(dir, name)),
    lstatMode: (name) => {
      try {
        return lstatSync(join(dir, name)).mode;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    sync: async () => {
      const d = openSync(dir, constants.O_RDONLY | constants.O_DIRECTORY);
      try {
        fsyncSync(d);
      } finally {
        closeSync(d);
      }
    },
    close: async () => undefined,
  };
}

/** Writes all of `data` to descriptor `fd`, then fsyncs and closes it (also on failure). */
export async function writeAllAndClose(fd: number, data: string | Uint8Array): Promise<void> {
  const buf = typeof data === 'string' ? Buffer.from(data) : data;
  try {
    for (let off = 0; off < buf.length;) {
      const { bytesWritten } = await writeFd(fd, buf, off, buf.length - off, null);
      off += bytesWritten;
    }
    await fsyncFd(fd);
  } finally {
    await closeFd(fd);
  }
}
