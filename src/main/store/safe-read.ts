// The one way Drivewise reads a run file or an imported file: lstat first, regular files only,
// never through a symlink, size-capped before a byte is read. A FIFO named X.json would block
// open() forever, a link to /dev/zero would be read until memory runs out, and a 700 MB file
// would be read whole; each is refused here with one line naming the file instead.
import { constants, type Stats } from 'node:fs';
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

/**
 * Reads a regular file of at most `max` bytes. lstat → open(O_NOFOLLOW|O_NONBLOCK) → fstat: the
 * open cannot follow a link planted after the lstat, cannot block on a FIFO swapped in, and the
 * fstat must name the same inode the lstat saw. Reading stops at max + 1 bytes, so a file that
 * grows after the check is still refused rather than read whole.
 */
export async function readRegularFile(file: string, max = MAX_RUN_FILE_BYTES): Promise<Buffer> {
  let st: Stats;
  try {
    st = await lstat(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'error';
    if (code === 'ENOENT' || code === 'ENOTDIR')
      throw new UnsafeFileError(file, 'missing', 'does not exist');
    throw new UnsafeFileError(file, 'unreadable', `cannot be read (${code})`);
  }
  refuseUnsafe(file, st, max);
  const flags =
    constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK | constants.O_NOCTTY;
  let fh;
  try {
    fh = await open(file, flags);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'error';
    if (code === 'ELOOP')
      throw new UnsafeFileError(
        file,
        'swapped',
        'was replaced by a symbolic link while being opened; not read',
      );
    if (code === 'ENOENT') throw new UnsafeFileError(file, 'missing', 'does not exist');
    throw new UnsafeFileError(file, 'unreadable', `cannot be read (${code})`);
  }
  try {
    const fst = await fh.stat();
    if (fst.dev !== st.dev || fst.ino !== st.ino)
      throw new UnsafeFileError(file, 'swapped', 'was replaced while being opened; not read');
    refuseUnsafe(file, fst, max);
    const chunks: Buffer[] = [];
    let total = 0;
    // The first read asks for the size fstat saw plus one byte: a file that did not grow is read
    // in one call into a buffer of its size (a fleet reads thousands; 1 MiB buffers each cost
    // more than the read), and a short read of a regular file is its end.
    let want = Math.min(fst.size + 1, max + 1);
    for (;;) {
      const buf = Buffer.allocUnsafe(want);
      const { bytesRead } = await fh.read(buf, 0, want, null);
      if (bytesRead === 0) break;
      chunks.push(buf.subarray(0, bytesRead));
      total += bytesRead;
      if (total > max) throw tooLarge(file, total, max);
      if (bytesRead < want) break;
      want = Math.min(1024 * 1024, max + 1 - total);
    }
    return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total);
  } catch (err) {
    if (err instanceof UserError) throw err;
    const code = (err as NodeJS.ErrnoException).code ?? 'error';
    throw new UnsafeFileError(file, 'unreadable', `cannot be read (${code})`);
  } finally {
    await fh.close();
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
