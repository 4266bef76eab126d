// The devices of the verdict pairs: ext4 on loop devices over sparse images in /dev/shm (the "fast"
// one must stay fast while other work shares this VM's disk: on a disk-backed image its cold disk
// search once took 2.2 s against the HDD-like 1.9 s), the HDD-like one throttled with cgroup v1
// blkio, which does not throttle buffered writeback: only reads and O_DIRECT writes are limited.
import { execFileSync } from 'node:child_process';
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
import { splitLargeRequests } from '../integration/privileged/loop';

const BLKIO = '/sys/fs/cgroup/blkio';

/** Why the pairs cannot run here, or null. */
export function pairsSkipReason(): string | null {
  if (process.getuid?.() !== 0) return 'needs root (loop devices, mount, cgroups)';
  if (!existsSync('/usr/sbin/losetup') && !existsSync('/sbin/losetup')) return 'no losetup';
  if (!existsSync(join(BLKIO, 'blkio.throttle.read_iops_device')))
    return 'no cgroup v1 blkio throttle';
  if (!existsSync('/usr/sbin/mkfs.ext4') && !existsSync('/sbin/mkfs.ext4')) return 'no mkfs.ext4';
  return null;
}

export interface Disk {
  dev: string;
  majMin: string;
  /** Where it is mounted now (null: not mounted). */
  mnt: string | null;
  /** Mounts it at `at` (made if missing): the "swap" mounts two drives at one path in turn. */
  mount(at: string): string;
  umount(): void;
  done(): void;
}

/** ext4 on a loop device over a sparse image in `base`, mounted at base/name. */
export function disk(base: string, name: string, mib: number): Disk {
  const image = join(base, `${name}.img`);
  execFileSync('truncate', ['-s', `${mib}M`, image]);
  const dev = execFileSync('losetup', ['-f', '--show', image], { encoding: 'utf8' }).trim();
  const majMin = execFileSync('lsblk', ['-dno', 'MAJ:MIN', dev], { encoding: 'utf8' }).trim();
  const unsplit = splitLargeRequests(dev);
  // No lazy init: ext4lazyinit would zero inode tables in the background through the first runs,
  // on the throttled device's budget, so an A/A pair's first run came out 1.3–1.5× slower.
  execFileSync('mkfs.ext4', ['-q', '-F', '-E', 'lazy_itable_init=0,lazy_journal_init=0', dev]);
  const made: string[] = [];
  const d: Disk = {
    dev,
    majMin,
    mnt: null,
    mount: (at) => {
      if (!existsSync(at)) {
        mkdirSync(at);
        made.push(at);
      }
      execFileSync('mount', [dev, at]);
      d.mnt = at;
      return at;
    },
    umount: () => {
      if (d.mnt) execFileSync('umount', [d.mnt]);
      d.mnt = null;
    },
    done: () => {
      try {
        d.umount();
      } finally {
        unsplit();
        execFileSync('losetup', ['-d', dev]);
        for (const m of made) rmSync(m, { recursive: true, force: true });
        rmSync(image, { force: true });
      }
    },
  };
  d.mount(join(base, name));
  return d;
}

/**
 * A copy of a real tree (a part of /usr) on the disk, as a person's own files would be: copied
 * while mounted at a scratch folder, synced, unmounted again.
 */
export function copyTree(d: Disk, base: string, from: string): void {
  const at = d.mount(mkdtempSync(join(base, 'copy-')));
  try {
    execFileSync('cp', ['-a', from, join(at, 'own')]);
    execFileSync('sync', ['-f', at]);
  } finally {
    d.umount();
    rmdirSync(at);
  }
}

/**
 * A blkio group limiting reads and writes (bytes/s and IOPS) of some devices; this process joins
 * it, so the engine, the root helper and the browser it starts inherit it.
 */
export function throttle(limits: { majMin: string; bps: number; iops: number }[]): () => void {
  const dir = mkdtempSync(join(BLKIO, 's31-felt-pairs-'));
  for (const l of limits) {
    writeFileSync(join(dir, 'blkio.throttle.read_bps_device'), `${l.majMin} ${l.bps}\n`);
    writeFileSync(join(dir, 'blkio.throttle.write_bps_device'), `${l.majMin} ${l.bps}\n`);
    writeFileSync(join(dir, 'blkio.throttle.read_iops_device'), `${l.majMin} ${l.iops}\n`);
    writeFileSync(join(dir, 'blkio.throttle.write_iops_device'), `${l.majMin} ${l.iops}\n`);
  }
  const procs = join(dir, 'cgroup.procs');
  writeFileSync(procs, `${process.pid}\n`);
  return () => {
    // Everything still in the group (this process, a root helper or browser still exiting) goes
    // back to the root group first: with only this process moved, a group was left behind each run.
    for (let i = 0; i < 100; i++) {
      for (const pid of readFileSync(procs, 'utf8').split('\n').filter(Boolean))
        try {
          writeFileSync(join(BLKIO, 'cgroup.procs'), `${pid}\n`);
        } catch {
          /* gone meanwhile */
        }
      try {
        rmdirSync(dir);
        return;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EBUSY' || i === 99) throw err;
        execFileSync('sleep', ['0.05']);
      }
    }
  };
}
