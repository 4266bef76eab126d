// The one way Drivewise deletes a folder it made, recursively. Drivewise runs as root in folders
// other users can write (sticky /tmp, shared mounts): a path-based recursive delete there can be
// steered outside the folder by swapping a subfolder for a symlink mid-walk. The native addon
// walks by descriptors (openat O_NOFOLLOW|O_DIRECTORY, fstatat AT_SYMLINK_NOFOLLOW, unlinkat) and
// never crosses a symlink or a mount (native/remove.cc). Without the addon, a JS walk is used only
// inside a folder no other user can write: a real directory of our uid with mode 0700.
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readdirSync,
  readSync,
  rmdirSync,
  unlinkSync,
} from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { nativeAio } from './native-aio';

/** The permission bits of every folder Drivewise makes to work or talk in. */
export const PRIVATE_MODE = 0o700;

export type RemoveState = 'removed' | 'gone' | 'refused' | 'partial';

export interface RemoveOutcome {
  state: RemoveState;
  /** Why it was refused or only partly removed ('' when removed). */
  reason: string;
  /** Entries left inside (mount points, entries that kept changing), relative, with why. */
  kept: string[];
  how: 'native' | 'js';
}

export interface RemoveOptions {
  /** The top folder must have this owner and these permission bits (checked on its descriptor). */
  require?: { uid: number; mode: number };
  /**
   * A private folder (ours, 0700) that contains the one removed: the JS fallback may then walk
   * it, as no other user can reach inside. Without it the folder itself must be private.
   */
  within?: string;
  /**
   * A top-level entry removed only once everything else is gone: the owner record, so a folder
   * that could not be emptied (a mount inside) is still recognised, and retried, by the next sweep.
   */
  last?: string;
}

interface NativeRemover {
  removeTree(
    parent: string,
    name: string,
    uid: number,
    mode: number,
    last: string,
  ): Omit<RemoveOutcome, 'how'>;
}

export const ourUid = (): number => process.getuid?.() ?? -1;

/** The native remover, unless turned off (tests: DRIVEWISE_NATIVE_REMOVE=0) or not built. */
export function nativeRemover(): NativeRemover | null {
  if (process.env['DRIVEWISE_NATIVE_REMOVE'] === '0') return null;
  const addon = nativeAio().addon as Partial<NativeRemover> | null;
  return typeof addon?.removeTree === 'function' ? (addon as NativeRemover) : null;
}

/**
 * Why `path` is not a private folder of ours (a real directory, owner uid, mode exactly 0700),
 * or null when it is. 'missing' when there is nothing there.
 */
export function privateDirProblem(path: string, uid = ourUid()): string | null {
  let st;
  try {
    st = lstatSync(path);
  } catch {
    return 'missing';
  }
  if (st.isSymbolicLink()) return 'a symlink';
  if (!st.isDirectory()) return 'not a folder';
  if (st.uid !== uid) return `owned by uid ${st.uid}, not ${uid}`;
  const mode = st.mode & 0o7777;
  if (mode !== PRIVATE_MODE) return `mode ${mode.toString(8).padStart(4, '0')}, not 0700`;
  return null;
}

/** Deletes the folder at `path` and everything in it, without following symlinks or mounts. */
export function removeTree(path: string, opts: RemoveOptions = {}): RemoveOutcome {
  const abs = resolve(path);
  const parent = dirname(abs);
  const name = basename(abs);
  if (abs === parent) return { state: 'refused', reason: 'the root folder', kept: [], how: 'js' };
  const native = nativeRemover();
  if (native) {
    const r = native.removeTree(
      parent,
      name,
      opts.require?.uid ?? -1,
      opts.require?.mode ?? -1,
      opts.last ?? '',
    );
    return { ...r, how: 'native' };
  }
  return removeTreeJs(abs, opts);
}

/** The fallback walk; exported for tests, which run it with and without the addon. */
export function removeTreeJs(abs: string, opts: RemoveOptions = {}): RemoveOutcome {
  const out = (state: RemoveState, reason = '', kept: string[] = []): RemoveOutcome => ({
    state,
    reason,
    kept,
    how: 'js',
  });
  let top;
  try {
    top = lstatSync(abs);
  } catch {
    return out('gone');
  }
  if (top.isSymbolicLink()) return out('refused', 'a symlink');
  if (!top.isDirectory()) return out('refused', 'not a directory');
  if (opts.require) {
    if (top.uid !== opts.require.uid) return out('refused', 'owned by another user');
    if ((top.mode & 0o7777) !== opts.require.mode)
      return out('refused', 'permissions are not the ones Drivewise sets');
  }
  const root = opts.within ? resolve(opts.within) : abs;
  if (root !== abs && !abs.startsWith(root + sep)) return out('refused', `not inside ${root}`);
  const problem = privateDirProblem(root);
  if (problem)
    return out(
      'refused',
      `the native remover is not available and ${root} is not a private folder (${problem})`,
    );
  try {
    if (lstatSync(dirname(abs)).dev !== top.dev) return out('refused', 'a mount point');
  } catch {
    return out('gone');
  }
  const kept: string[] = [];
  emptyJs(abs, '', top.dev, kept, opts.last);
  try {
    if (opts.last && readdirSync(abs).join('/') === opts.last) unlinkSync(`${abs}/${opts.last}`);
    rmdirSync(abs);
    return out('removed', '', kept);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return out('removed', '', kept);
    return out('partial', code ?? 'could not empty it', kept);
  }
}

function emptyJs(dir: string, rel: string, dev: number, kept: string[], last?: string): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (name === last) continue;
    const path = `${dir}/${name}`;
    const sub = rel ? `${rel}/${name}` : name;
    try {
      const st = lstatSync(path);
      if (!st.isDirectory()) {
        unlinkSync(path); // a symlink is unlinked itself, never followed
        continue;
      }
      if (st.dev !== dev) {
        kept.push(`${sub} (another filesystem is mounted there)`);
        continue;
      }
      emptyJs(path, sub, dev, kept);
      rmdirSync(path);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT') kept.push(`${sub} (${code ?? 'error'})`);
    }
  }
}

/** One line for notes and logs: what was left and why, or '' when the folder is gone. */
export function describeOutcome(path: string, r: RemoveOutcome): string {
  if (r.state === 'removed' || r.state === 'gone') return '';
  const kept = r.kept.length ? `; kept inside: ${r.kept.slice(0, 3).join(', ')}` : '';
  return `left ${path} in place: ${r.reason || r.state}${kept}`;
}

/**
 * The owner record inside a folder that passed the checks: a small regular file of `uid`, opened
 * without following a link or blocking on a FIFO. Its text, or why there is no usable record.
 */
export function readOwnerRecord(
  dir: string,
  file: string,
  uid: number,
  maxBytes: number,
): string | Error {
  let fd: number;
  try {
    fd = openSync(
      join(dir, file),
      constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK,
    );
  } catch {
    return new Error('no owner record');
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile() || st.uid !== uid || st.size > maxBytes)
      return new Error('no valid owner record');
    const buf = Buffer.alloc(st.size);
    readSync(fd, buf, 0, st.size, 0);
    return buf.toString('utf8');
  } catch {
    return new Error('no valid owner record');
  } finally {
    closeSync(fd);
  }
}
