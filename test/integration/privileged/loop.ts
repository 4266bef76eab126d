// Loop devices and a root-started manager for the privileged integration tests (CI runs as root).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import {
  defaultManagerDeps,
  PrivilegedManager,
  type ManagerDeps,
} from '../../../src/main/privileged/manager';

export const isRoot = process.getuid?.() === 0;
export const hasLosetup = existsSync('/usr/sbin/losetup') || existsSync('/sbin/losetup');

export interface Loop {
  dev: string;
  image: string;
  majMin: string;
  detach(): void;
}

/** A loop device over a zero-filled image in /dev/shm (memory: no other disk traffic involved). */
export function attachLoop(sizeMiB: number): Loop {
  const dir = mkdtempSync('/dev/shm/dw-priv-');
  const image = join(dir, 'disk.img');
  execFileSync('dd', ['if=/dev/zero', `of=${image}`, 'bs=1M', `count=${sizeMiB}`, 'status=none']);
  const dev = execFileSync('losetup', ['-f', '--show', image], { encoding: 'utf8' }).trim();
  const majMin = execFileSync('lsblk', ['-dno', 'MAJ:MIN', dev], { encoding: 'utf8' }).trim();
  let attached = true;
  return {
    dev,
    image,
    majMin,
    detach: () => {
      if (attached) execFileSync('losetup', ['-d', dev]);
      attached = false;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const sha256 = (file: string): string =>
  createHash('sha256').update(readFileSync(file)).digest('hex');

export function rootManager(over: Partial<ManagerDeps> = {}): PrivilegedManager {
  return new PrivilegedManager({ ...defaultManagerDeps(false), ...over });
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function waitFor(cond: () => boolean, ms: number, step = 20): Promise<number> {
  const t0 = Date.now();
  while (!cond()) {
    if (Date.now() - t0 > ms) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, step));
  }
  return Date.now() - t0;
}

/**
 * A blkio read throttle on the loop device: on this noisy 2-core machine a loop device's speed
 * swings 10x between runs (it is CPU-bound); a throttled device reads at a steady rate like a
 * disk, so two tools can be compared. cgroup v1 (blkio) or v2 (io.max).
 */
export interface Throttle {
  /** Moves a process into the throttled group. */
  add(pid: number): void;
  /** argv that runs a command inside the group. */
  wrap(cmd: string[]): string[];
  remove(): void;
}

export function throttleReads(majMin: string, bytesPerSec: number): Throttle | null {
  const v1 = '/sys/fs/cgroup/blkio';
  const v2 = '/sys/fs/cgroup';
  let dir: string;
  if (existsSync(join(v1, 'blkio.throttle.read_bps_device'))) {
    dir = mkdtempSync(join(v1, 'drivewise-test-'));
    writeFileSync(join(dir, 'blkio.throttle.read_bps_device'), `${majMin} ${bytesPerSec}\n`);
  } else if (
    existsSync(join(v2, 'cgroup.controllers')) &&
    readFileSync(join(v2, 'cgroup.controllers'), 'utf8').includes('io')
  ) {
    dir = join(v2, `drivewise-test-${process.pid}`);
    mkdirSync(dir);
    writeFileSync(join(dir, 'io.max'), `${majMin} rbps=${bytesPerSec}\n`);
  } else return null;
  const procs = join(dir, 'cgroup.procs');
  return {
    add: (pid) => writeFileSync(procs, `${pid}\n`),
    wrap: (cmd) => ['sh', '-c', `echo $$ > '${procs}' && exec "$@"`, 'sh', ...cmd],
    remove: () => {
      // Move anything left back to the root group, then remove the group. A helper that is still
      // exiting keeps the group busy for a moment (EBUSY): try again for up to 2 s.
      const root = dir.startsWith(v1) ? v1 : v2;
      for (let tries = 0; ; tries++) {
        for (const pid of readFileSync(procs, 'utf8').split('\n').filter(Boolean))
          try {
            writeFileSync(join(root, 'cgroup.procs'), `${pid}\n`);
          } catch {
            /* gone */
          }
        try {
          rmdirSync(dir);
          return;
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== 'EBUSY' || tries >= 40) throw err;
          execFileSync('sleep', ['0.05']);
        }
      }
    },
  };
}
