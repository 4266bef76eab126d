// The one way Drivewise reads a run file or an imported file: lstat first, regular files only,
// never through a symlink, size-capped before a byte is read. A FIFO named X.json would block
// open() forever, a link to /dev/zero would be read until memory runs out, and a 700 MB file
// would be read whole; each is refused here with one line naming the file instead.
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readSync,
  type Stats,
} from 'node:fs';
import { lstat, open } from 'node:fs/promises';
import { UserError } from '../core/errors';

/** Run files are small (tens of kB); anything far bigger is not one of ours. */
export const MAX_RUN_FILE_BYTES = 32 * 1024 * 1024;

export type UnsafeKind =
  'missing' | 'symlink' | 'not-regular' | 'too-large' | 'swapped' | 'unreadable';

/** A file that was not read, and why in a few words (`why` completes "<file> ..."). */
export class UnsafeFileError extends UserError {
  constructor(
    readonly file: string,
    readonly kind: UnsafeKind,
    readonly why: string,
  ) {
    super(`${file} ${why}`);
    this.name = 'UnsafeFileError';
  }
}

const MiB = 1024 * 1024;
const sizeText = (n: number): string =>
  n >= MiB
    ? `${Number.isInteger(n / MiB) || n >= 100 * MiB ? Math.round(n / MiB) : (n / MiB).toFixed(1)} MiB`
    : `${n} bytes`;

/** What a non-regular directory entry is, for the one-line message. */
export function kindOf(st: Stats): string {
  if (st.isSymbolicLink()) return 'a symbolic link';
  if (st.isDirectory()) return 'a folder';
  if (st.isFIFO()) return 'a FIFO (named pipe)';
  if (st.isSocket()) return 'a socket';
  if (st.isBlockDevice()) return 'a block device';
  if (st.isCharacterDevice()) return 'a character device';
  return 'not a regular file';
}

function tooLarge(file: string, size: number, max: number): UnsafeFileError {
  return new UnsafeFileError(
    file,
    'too-large',
    `is ${sizeText(size)}, over the ${sizeText(max)} cap for a run file (not read)`,
  );
}

/** Checks an lstat result: only a regular file within the cap passes. */
function refuseUnsafe(file: string, st: Stats, max: number): void {
  if (st.isSymbolicLink())
    throw new UnsafeFileError(
      file,
      'symlink',
      'is a symbolic link (Drivewise does not follow links)',
    );
  if (!st.isFile())
    throw new UnsafeFileError(file, 'not-regular', `is ${kindOf(st)}, not a regular file`);
  if (st.size > max) throw tooLarge(file, st.size, max);
}

const OPEN_FLAGS =
  constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK | constants.O_NOCTTY;

const codeOf = (err: unknown): string => (err as NodeJS.ErrnoException).code ?? 'error';

function lstatError(file: string, err: unknown): UnsafeFileError {
  const code = codeOf(err);
  if (code === 'ENOENT' || code === 'ENOTDIR')
    return new UnsafeFileError(file, 'missing', 'does not exist');
  return new UnsafeFileError(file, 'unreadable', `cannot be read (${code})`);
}

function openError(file: string, err: unknown): UnsafeFileError {
  const code = codeOf(err);
  if (code === 'ELOOP')
    return new UnsafeFileError(
      file,
      'swapped',
      'was replaced by a symbolic link while being opened; not read',
    );
  if (code === 'ENOENT') return new UnsafeFileError(file, 'missing', 'does not exist');
  return new UnsafeFileError(file, 'unreadable', `cannot be read (${code})`);
}

const readError = (file: string, err: unknown): Error =>
  err instanceof UserError
    ? err
    : new UnsafeFileError(file, 'unreadable', `cannot be read (${codeOf(err)})`);

/** The opened file must be the inode the lstat saw, and still a regular file within the cap. */
function checkOpened(file: string, st: Stats, fst: Stats, max: number): void {
  if (fst.dev !== st.dev || fst.ino !== st.ino)
    throw new UnsafeFileError(file, 'swapped', 'was replaced while being opened; not read');
  refuseUnsafe(file, fst, max);
}

/**
 * The read loop's request sizes: first the size fstat saw plus one byte, so a file that did not
 * grow is read in one call into a buffer of its size (a fleet reads thousands; 1 MiB buffers each
 * cost more than the read), and a short read of a regular file is its end; then 1 MiB at a time,
 * never past max + 1 bytes.
 */
class Chunks {
  private readonly parts: Buffer[] = [];
  private total = 0;
  want: number;
  constructor(
    private readonly file: string,
    size: number,
    private readonly max: number,
  ) {
    this.want = Math.min(size + 1, max + 1);
  }
  /** Takes one read's bytes; true when reading should go on. */
  add(buf: Buffer, bytesRead: number): boolean {
    if (bytesRead === 0) return false;
    this.parts.push(buf.subarray(0, bytesRead));
    this.total += bytesRead;
    if (this.total > this.max) throw tooLarge(this.file, this.total, this.max);
    if (bytesRead < this.want) return false;
    this.want = Math.min(1024 * 1024, this.max + 1 - this.total);
    return true;
  }
  result(): Buffer {
    return this.parts.length === 1 ? this.parts[0]! : Buffer.concat(this.parts, this.total);
  }
}

/**
 * Reads a regular file of at most `max` bytes. lstat → open(O_NOFOLLOW|O_NONBLOCK) → fstat: the
 * open cannot follow a link planted after the lstat, cannot block on a FIFO swapped in, and the
 * fstat must name the same inode the lstat saw. Reading stops at max + 1 bytes, so a file that
 * grows after the check is still refused rather than read whole.
 */
export async function readRegularFile(file: string, max = MAX_RUN_FILE_BYTES): Promise<Buffer> {
  const st = await lstat(file).catch((err: unknown) => {
    throw lstatError(file, err);
  });
  refuseUnsafe(file, st, max);
  const fh = await open(file, OPEN_FLAGS).catch((err: unknown) => {
    throw openError(file, err);
  });
  try {
    const fst = await fh.stat();
    checkOpened(file, st, fst, max);
    const c = new Chunks(file, fst.size, max);
    for (;;) {
      const buf = Buffer.allocUnsafe(c.want);
      const { bytesRead } = await fh.read(buf, 0, c.want, null);
      if (!c.add(buf, bytesRead)) return c.result();
    }
  } catch (err) {
    throw readError(file, err);
  } finally {
    await fh.close();
  }
}

/**
 * The same checks and reads with synchronous calls, for a worker thread that reads thousands of
 * files (drivewise fleet): each promise-based call is a hop through libuv's thread pool, which
 * cost a fleet of 10,000 files about 2.5 s of its 16 s here. Never on a thread that serves others.
 */
export function readRegularFileSync(file: string, max = MAX_RUN_FILE_BYTES): Buffer {
  let st: Stats;
  try {
    st = lstatSync(file);
  } catch (err) {
    throw lstatError(file, err);
  }
  refuseUnsafe(file, st, max);
  let fd: number;
  try {
    fd = openSync(file, OPEN_FLAGS);
  } catch (err) {
    throw openError(file, err);
  }
  try {
    const fst = fstatSync(fd);
    checkOpened(file, st, fst, max);
    const c = new Chunks(file, fst.size, max);
    for (;;) {
      const buf = Buffer.allocUnsafe(c.want);
      if (!c.add(buf, readSync(fd, buf, 0, c.want, null))) return c.result();
    }
  } catch (err) {
    throw readError(file, err);
  } finally {
    closeSync(fd);
  }
}

/** A stream (stdin for `import -`) read up to the same cap; stops reading as soon as it is over. */
export async function readStreamCapped(
  stream: NodeJS.ReadableStream & { destroy?: () => void },
  name: string,
  max = MAX_RUN_FILE_BYTES,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const c of stream) {
    const b = typeof c === 'string' ? Buffer.from(c) : (c as Buffer);
    total += b.length;
    if (total > max) {
      stream.destroy?.();
      throw new UnsafeFileError(
        name,
        'too-large',
        `is over the ${sizeText(max)} cap for a run file (reading stopped)`,
      );
    }
    chunks.push(b);
  }
  return Buffer.concat(chunks, total);
}
