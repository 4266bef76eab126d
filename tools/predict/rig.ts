// Drives that behave like a hard disk or an SSD, made of loop devices (root only): ext4 on a loop
// device over a sparse image in /dev/shm (memory, so no other disk's traffic is in it), Chromium
// copied onto it (an app whose files live on the drive under test), then a blkio throttle.
//
// The throttle is set on the root blkio group (cgroup v1), for this device only. A child group, as
// the time-budget tests use, throttles only I/O its own processes issue: buffered writeback is
// issued by the kernel's flusher threads, which sit in the root group, so a child group's limits
// never reach an unpack's writes (measured: 2,000 small files synced in 9.6 s unthrottled and 15.6 s
// throttled at the root, against no change in a child group). Nobody else uses the device.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

export interface Limits {
  readIops: number;
  writeIops: number;
  readBps: number;
  writeBps: number;
}

export interface DeviceSpec {
  id: string;
  name: string;
  /** null: unthrottled (the loop device at memory speed, CPU-bound). */
  limits: Limits | null;
}

const hdd = (iops: number, bps: number): Limits => ({
  readIops: iops,
  writeIops: iops,
  readBps: bps,
  writeBps: bps,
});

export const DEVICES: Record<string, DeviceSpec> = {
  hdd: { id: 'hdd', name: 'HDD-like (150 IOPS, 120 MB/s)', limits: hdd(150, 120e6) },
  hdd5400: { id: 'hdd5400', name: '5400 rpm-like (80 IOPS, 90 MB/s)', limits: hdd(80, 90e6) },
  ssd: { id: 'ssd', name: 'SATA-SSD-like (5,000 IOPS, 450 MB/s)', limits: hdd(5000, 450e6) },
  fast: { id: 'fast', name: 'unthrottled', limits: null },
};

/** The three pairs, before → after. */
export const PAIRS: [string, string][] = [
  ['hdd', 'fast'],
  ['hdd', 'ssd'],
  ['hdd5400', 'hdd'],
];

const BLKIO = '/sys/fs/cgroup/blkio';
const FILES: [keyof Limits, string][] = [
  ['readIops', 'read_iops_device'],
  ['writeIops', 'write_iops_device'],
  ['readBps', 'read_bps_device'],
  ['writeBps', 'write_bps_device'],
];

function setRootLimits(majMin: string, l: Limits | null): void {
  for (const [k, f] of FILES)
    writeFileSync(join(BLKIO, `blkio.throttle.${f}`), `${majMin} ${l ? Math.round(l[k]) : 0}\n`);
}

/** Why the rig cannot run here, or null. */
export function rigUnavailable(): string | null {
  if (process.getuid?.() !== 0) return 'needs root';
  if (!existsSync(join(BLKIO, 'blkio.throttle.read_iops_device')))
    return 'needs cgroup v1 blkio throttling (/sys/fs/cgroup/blkio)';
  for (const tool of ['losetup', 'mkfs.ext4', 'mount'])
    try {
      execFileSync('which', [tool], { stdio: 'ignore' });
    } catch {
      return `needs ${tool}`;
    }
  return null;
}

export interface Rig {
  spec: DeviceSpec;
  dev: string;
  mnt: string;
  /** The copy of Chromium's binary on the device, or null when Chromium is not installed. */
  chromium: string | null;
  dispose(): void;
}

const CHROMIUM_DIR = '/usr/lib/chromium';

/**
 * A fresh device of `spec`, Chromium copied on it before the throttle is set. Two loop devices:
 * the drive under test (ext4) is a loop device over a second one, and the throttle is on the
 * second. blkio counts the bios it is sent; on the drive under test small bios are merged into
 * requests first (readahead, writeback), and each of its requests reaches the one below as one
 * direct I/O: the throttle then charges each request the drive's own counters show, as a disk's
 * head pays per request, not per page (a throttle on the top device charged an unpack's sync
 * 12,000 bios for its 1,980 requests: 133 s).
 */
export function makeRig(spec: DeviceSpec, sizeMiB = 6144): Rig {
  const dir = mkdtempSync('/dev/shm/dw-h36-predict-');
  const image = join(dir, 'disk.img');
  const mnt = join(dir, 'mnt');
  const undo: (() => void)[] = [() => rmSync(dir, { recursive: true, force: true })];
  const dispose = (): void => {
    for (const u of undo.splice(0).reverse())
      try {
        u();
      } catch {
        /* the rest still runs */
      }
  };
  try {
    execFileSync('truncate', ['-s', `${sizeMiB}M`, image]);
    const below = attach(['-f', '--show', image], undo);
    const dev = attach(['--direct-io=on', '-f', '--show', below.dev], undo);
    execFileSync('mkfs.ext4', [
      '-q',
      '-F',
      '-E',
      'lazy_itable_init=0,lazy_journal_init=0',
      dev.dev,
    ]);
    mkdirSync(mnt);
    execFileSync('mount', [dev.dev, mnt]);
    undo.push(() => execFileSync('umount', [mnt]));
    let chromium: string | null = null;
    if (existsSync(join(CHROMIUM_DIR, 'chromium'))) {
      mkdirSync(join(mnt, 'apps'));
      execFileSync('cp', ['-a', CHROMIUM_DIR, join(mnt, 'apps', 'chromium')]);
      chromium = join(mnt, 'apps', 'chromium', 'chromium');
    }
    execFileSync('sync', ['-f', mnt]);
    setRootLimits(below.majMin, spec.limits);
    undo.push(() => setRootLimits(below.majMin, null));
    return { spec, dev: dev.dev, mnt, chromium, dispose };
  } catch (err) {
    dispose();
    throw err;
  }
}

/**
 * losetup with these arguments; requests of at most 512 KiB (a loop device takes 1 MiB or more),
 * so every drive gets the same request stream and the throttle's count is fixed.
 */
function attach(args: string[], undo: (() => void)[]): { dev: string; majMin: string } {
  const dev = execFileSync('losetup', args, { encoding: 'utf8' }).trim();
  undo.push(() => execFileSync('losetup', ['-d', dev]));
  const majMin = execFileSync('lsblk', ['-dno', 'MAJ:MIN', dev], { encoding: 'utf8' }).trim();
  const maxKb = `/sys/block/${basename(dev)}/queue/max_sectors_kb`;
  const was = readFileSync(maxKb, 'utf8').trim();
  writeFileSync(maxKb, '512');
  undo.push(() => writeFileSync(maxKb, was));
  return { dev, majMin };
}
