// The backup task's background load: a sequential copy of a big file, over and over, as a backup
// tool copies one, and the one way to stop it that leaves nothing running.
import { spawn, type ChildProcess } from 'node:child_process';
import { groupGone } from '../core/process-alive';

/** The background load: copy the big file over and over, dropping its cache each round. */
export function startCopyLoad(src: string, dst: string): ChildProcess {
  return spawn(
    'sh',
    [
      '-c',
      'while :; do dd if="$1" iflag=nocache count=0 status=none; dd if="$1" of="$2" bs=1M conv=fdatasync status=none || exit 1; done',
      'sh',
      src,
      dst,
    ],
    { stdio: 'ignore', detached: true },
  );
}

/**
 * Kills the copy's whole process group and waits until every member is gone, up to 30 s. The
 * shell exits at once, but a dd killed inside fdatasync lives on until that flush ends: it kept a
 * file open on the drive (a test's umount failed "target is busy") and its writes ran into the
 * next test.
 */
export async function stopLoad(child: ChildProcess): Promise<void> {
  const pgid = child.pid!;
  if (child.exitCode === null && child.signalCode === null) {
    const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
    try {
      process.kill(-pgid, 'SIGKILL');
      await closed;
    } catch {
      /* already gone */
    }
  }
  await groupGone(pgid, 30_000);
}
