// Before a test that times writes, one small write of our own reaches the drive first: whatever
// the drive still owes for the tests before it is paid there, outside the test's clock.
//
// Found on the HDD-like loop (blkio throttle, 150 IOPS): bonnie++'s file phases end with ~600
// small metadata writes that pass at once and are charged to the group afterwards. iozone's first
// O_DIRECT write, right behind, waited 1.7 s for that charge, inside its 4 KiB write pass: that
// pass wrote 8 records instead of 2,048, the later 4 KiB passes of the repetition reused those 8
// records, and all six 4 KiB figures of the first repetition were off by 20-100x (17 KiB/s
// write, 62 MB/s reads where the drive gives 0.6 MB/s). A real drive has the same debt in other
// forms: a write cache still emptying, an SMR drive's background work.
import { constants } from 'node:fs';
import { join } from 'node:path';
import { alignedBuffer, openDirect } from '../methods/io';

/** The scratch file in the run's own folder; written in place, removed with the folder. */
export const DRAIN_FILE = '.drain';

/** The longest a test waits for its drain; then the test starts, and the conditions record what was still written. */
export const DRAIN_WAIT_MS = 30_000;

export interface DrainDeps {
  /** One 4 KiB write at offset 0 that reaches the drive (O_DIRECT, then fsync). */
  writeThrough(path: string): Promise<void>;
  now(): number;
}

/**
 * Seconds the drive took to take one 4 KiB write, the wait for what it still owed included; null
 * when the write failed (a full disk, a filesystem without O_DIRECT: the test says so itself) or
 * outlasted `waitMs` (the write goes on in the background; the test starts).
 */
export async function drainWrites(
  dir: string,
  waitMs = DRAIN_WAIT_MS,
  deps: DrainDeps = realDrainDeps,
): Promise<number | null> {
  const t0 = deps.now();
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), waitMs)));
  try {
    return await Promise.race([
      deps.writeThrough(join(dir, DRAIN_FILE)).then(
        () => (deps.now() - t0) / 1000,
        () => null,
      ),
      gaveUp,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

const page = alignedBuffer(4096);

async function writeThrough(path: string): Promise<void> {
  // O_NOFOLLOW: the file is ours, in the run's own folder; never a link someone put there.
  // A filesystem that refuses O_DIRECT (tmpfs): its tests run buffered and say so.
  const { fh } = await openDirect(
    path,
    constants.O_WRONLY | constants.O_CREAT | constants.O_NOFOLLOW,
  );
  try {
    await fh.write(page, 0, page.length, 0);
    // fsync, not fdatasync: the inode's new times go out now, not into the test's phase.
    await fh.sync();
  } finally {
    await fh.close();
  }
}

export const realDrainDeps: DrainDeps = { writeThrough, now: () => performance.now() };
