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
import { basename, join } from 'node:path';
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

/**
 * A loop device over a zero-filled image, in /dev/shm by default (memory: no other disk traffic
 * involved). `onDisk` puts the image on the machine's own disk (/var/tmp) and writes it sparse, so
 * the device behaves like a drive with its own I/O path (what the time-budget tests need).
 */
export function attachLoop(
  sizeMiB: number,
  opts: { onDisk?: boolean; sparse?: boolean } = {},
): Loop {
  const dir = mkdtempSync(opts.onDisk ? '/var/tmp/dw-loop-' : '/dev/shm/dw-priv-');
  const image = join(dir, 'disk.img');
  if (opts.onDisk || opts.sparse) execFileSync('truncate', ['-s', `${sizeMiB}M`, image]);
  else
    execFileSync('dd', ['if=/dev/zero', `of=${image}`, 'bs=1M', `count=${sizeMiB}`, 'status=none']);
  // On disk: direct I/O to the image, so the loop device has no second page cache below it
  // (buffered, its backing file cached reads and piled up GBs of dirty data for the next sync).
  const dev = execFileSync(
    'losetup',
    [...(opts.onDisk ? ['--direct-io=on'] : []), '-f', '--show', image],
    { encoding: 'utf8' },
  ).trim();
  const majMin = execFileSync('lsblk', ['-dno', 'MAJ:MIN', dev], { encoding: 'utf8' }).trim();
  // A loop device keeps queue limits a test set before it was detached: start from the default.
  const queue = `/sys/block/${basename(dev)}/queue`;
  writeFileSync(`${queue}/max_sectors_kb`, readFileSync(`${queue}/max_hw_sectors_kb`, 'utf8'));
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
  return throttleDevice(majMin, { readBps: bytesPerSec });
}

export interface Limits {
  readBps?: number;
  writeBps?: number;
  readIops?: number;
  writeIops?: number;
}

/** 150 IOPS + 120 MB/s each way: what a 7200 rpm disk delivers. */
export const HDD_LIKE: Limits = {
  readBps: 120e6,
  writeBps: 120e6,
  readIops: 150,
  writeIops: 150,
};

/**
 * Byte-rate and IOPS limits on one device for the processes in the group. NOTE (cgroup v1):
 * blkio throttling applies to I/O the group's processes issue themselves (reads, O_DIRECT writes,
 * fsync'd writes the task waits on are charged only partly): buffered writeback is done by kernel
 * flusher threads outside the group, so page-cache writes are NOT throttled under v1. An HDD-like
 * device here is HDD-like for reads and direct I/O; buffered writes run at the backing disk's speed.
 */
export function throttleDevice(majMin: string, l: Limits): Throttle | null {
  const v1 = '/sys/fs/cgroup/blkio';
  const v2 = '/sys/fs/cgroup';
  let dir: string;
  if (existsSync(join(v1, 'blkio.throttle.read_bps_device'))) {
    dir = mkdtempSync(join(v1, 'drivewise-test-'));
    const files: [keyof Limits, string][] = [
      ['readBps', 'read_bps_device'],
      ['writeBps', 'write_bps_device'],
      ['readIops', 'read_iops_device'],
      ['writeIops', 'write_iops_device'],
    ];
    for (const [k, f] of files)
      if (l[k]) writeFileSync(join(dir, `blkio.throttle.${f}`), `${majMin} ${Math.round(l[k])}\n`);
  } else if (
    existsSync(join(v2, 'cgroup.controllers')) &&
    readFileSync(join(v2, 'cgroup.controllers'), 'utf8').includes('io')
  ) {
    dir = join(v2, `drivewise-test-${process.pid}`);
    mkdirSync(dir);
    const parts = [
      l.readBps && `rbps=${Math.round(l.readBps)}`,
      l.writeBps && `wbps=${Math.round(l.writeBps)}`,
      l.readIops && `riops=${Math.round(l.readIops)}`,
      l.writeIops && `wiops=${Math.round(l.writeIops)}`,
    ].filter(Boolean);
    writeFileSync(join(dir, 'io.max'), `${majMin} ${parts.join(' ')}\n`);
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

/**
 * Every 1 MiB request to `dev` becomes two 512 KiB ones, always; returns what puts the old limit
 * back (a loop device keeps it after detach). For throttled devices: otherwise the split depended
 * on how scattered the buffer's pages were in physical memory (over the loop queue's segment
 * limit: two requests), which changes from run to run, and blkio counts each half against the
 * IOPS limit, so SEQ 1M went 107–118 → 80 IOPS between two runs of the same device. A real disk
 * reads two adjacent halves at nearly the cost of one; the throttle cannot, so the split is fixed.
 */
export function splitLargeRequests(dev: string): () => void {
  const maxKb = `/sys/block/${basename(dev)}/queue/max_sectors_kb`;
  const was = readFileSync(maxKb, 'utf8').trim();
  writeFileSync(maxKb, '512');
  return () => writeFileSync(maxKb, was);
}

/** ext4 on a loop device over a disk-backed image, mounted at a fresh folder. */
export interface Ext4Loop extends Loop {
  mnt: string;
  /** Unmounts, detaches and removes the image. */
  dispose(): void;
}

/**
 * `inMemory`: the image in /dev/shm (sparse) instead of on the machine's disk. An A/A comparison
 * needs it: the disk here is shared with other work (GB/s of other reads at times), so a
 * disk-backed device's speed moves with it, throttled or not.
 */
export function ext4Loop(sizeMiB: number, opts: { inMemory?: boolean } = {}): Ext4Loop {
  const loop = attachLoop(sizeMiB, opts.inMemory ? { sparse: true } : { onDisk: true });
  const mnt = mkdtempSync('/var/tmp/dw-mnt-');
  try {
    execFileSync('mkfs.ext4', [
      '-q',
      '-F',
      '-E',
      'lazy_itable_init=0,lazy_journal_init=0',
      loop.dev,
    ]);
    execFileSync('mount', [loop.dev, mnt]);
    execFileSync('chmod', ['1777', mnt]);
  } catch (err) {
    loop.detach();
    rmdirSync(mnt);
    throw err;
  }
  return {
    ...loop,
    mnt,
    dispose: () => {
      try {
        execFileSync('umount', [mnt]);
      } finally {
        loop.detach();
        rmdirSync(mnt);
      }
    },
  };
}

/** Why the throttled-device tests cannot run here, or null when they can. */
export function throttleUnavailable(): string | null {
  if (!isRoot) return 'needs root';
  if (!hasLosetup) return 'needs losetup';
  if (
    !existsSync('/sys/fs/cgroup/blkio/blkio.throttle.read_bps_device') &&
    !existsSync('/sys/fs/cgroup/cgroup.controllers')
  )
    return 'needs cgroup blkio (v1) or io (v2)';
  return null;
}
