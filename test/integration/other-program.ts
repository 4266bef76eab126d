// "Another program" for the tests of a run's conditions: fio reading and writing a file at random
// (64 KiB, O_DIRECT, one thread of the one process, so a kill leaves no forked job behind), for
// up to `seconds`; and the stop that waits until it is gone (its file can then be removed).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';

export const hasFio = ['/usr/bin/fio', '/usr/local/bin/fio'].some((f) => existsSync(f));

export function otherProgram(file: string, size = '256M', seconds = 900): ChildProcess {
  return spawn(
    'fio',
    [
      '--name=other-program',
      '--thread',
      `--filename=${file}`,
      `--size=${size}`,
      '--rw=randrw',
      '--bs=64k',
      '--direct=1',
      '--ioengine=psync',
      '--time_based',
      `--runtime=${seconds}`,
    ],
    { stdio: 'ignore' },
  );
}

/** Kills the processes and waits until each has gone. */
export async function stopPrograms(ps: (ChildProcess | null)[]): Promise<void> {
  await Promise.all(
    ps.map(
      (p) =>
        new Promise<void>((resolve) => {
          if (!p || p.exitCode !== null || p.signalCode !== null) return resolve();
          p.once('exit', () => resolve());
          p.kill('SIGKILL');
        }),
    ),
  );
}
