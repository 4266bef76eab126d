// Gathers what the checks read, from a machine ('/') or a fixture tree. Every side effect (commands,
// stat, statfs, the root helper) is passed in, and every file path can be pointed elsewhere.
import { lstatSync, readFileSync } from 'node:fs';
import { stat, statfs } from 'node:fs/promises';
import { join } from 'node:path';
import { detectFromSnapshot, execRunner, runLsblk, type Runner } from '../drives/detect';
import { parseMountinfo } from '../drives/mountinfo';
import { locate, majMinOf } from '../drives/resolve';
import { SysRoot } from '../drives/sysfs';
import {
  diskFactsOf,
  fstrimTimerState,
  liveExists,
  mergeSmartLink,
  mountLinesFrom,
  otherDisksOf,
  pathExistsFor,
  readInventory,
  readSmart,
  readSpace,
  stackMajMinFor,
} from './reader-parts';
import { resolveSpec } from './spec';
import { deviceStack } from './stack';
import type { FileText, HealthInputs, SmartInput, SpaceInput } from './types';

export const INVENTORY_COLUMNS = 'PATH,KNAME,TYPE,FSTYPE,UUID,PARTUUID,LABEL,PARTLABEL,MOUNTPOINT';

export interface HealthFiles {
  fstab: string;
  crypttab: string;
  cmdline: string;
  initramfsResume: string;
  swaps: string;
  mounts: string;
  /** The link `systemctl enable fstrim.timer` makes. */
  fstrimTimer: string;
}

export interface ReaderOptions {
  /** Where /sys, /proc and /etc live: '/' live, a fixture directory in tests. */
  root?: string;
  /** Individual files, e.g. a temp fstab in tests; default: under root. */
  files?: Partial<HealthFiles>;
  run?: Runner;
  /** MAJ:MIN of the filesystem holding a path (stat().dev live). */
  devOf?: (path: string) => Promise<string>;
  statfs?: (mountpoint: string) => Promise<SpaceInput>;
  /** SMART through the root helper's identify operation; absent = no admin rights. */
  smart?: (device: string) => Promise<SmartInput>;
  exists?: (path: string) => boolean;
  /** Why `smart` is absent, in the person's words (e.g. the admin-rights state). */
  smartUnavailable?: string;
  oldDrive?: HealthInputs['oldDrive'];
}

/** lstat first: only a regular file is read (never a FIFO or device someone put there). */
export function readText(file: string, path = file): FileText {
  try {
    const st = lstatSync(file);
    if (!st.isFile()) return { path, text: null, error: 'not a regular file' };
    return { path, text: readFileSync(file, 'utf8'), error: null };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return { path, text: null, error: code === 'ENOENT' ? 'absent' : (code ?? String(err)) };
  }
}

async function liveDevOf(path: string): Promise<string> {
  return majMinOf((await stat(path, { bigint: true })).dev);
}

async function liveStatfs(mountpoint: string): Promise<SpaceInput> {
  const s = await statfs(mountpoint);
  return {
    mountpoint,
    totalBytes: s.blocks * s.bsize,
    freeBytes: s.bfree * s.bsize,
    availBytes: s.bavail * s.bsize,
  };
}

export async function readHealthInputs(path: string, o: ReaderOptions = {}): Promise<HealthInputs> {
  const root = o.root ?? '/';
  const sys = new SysRoot(root);
  const run = o.run ?? execRunner;
  const logical: HealthFiles = {
    fstab: '/etc/fstab',
    crypttab: '/etc/crypttab',
    cmdline: '/proc/cmdline',
    initramfsResume: '/etc/initramfs-tools/conf.d/resume',
    swaps: '/proc/swaps',
    mounts: '/proc/mounts',
    fstrimTimer: '/etc/systemd/system/timers.target.wants/fstrim.timer',
  };
  // Evidence names the file as the machine knows it; a file given explicitly keeps its own path.
  const read = (k: keyof HealthFiles): FileText =>
    o.files?.[k] ? readText(o.files[k]) : readText(join(root, logical[k]), logical[k]);
  const nodes = await runLsblk(run);
  const mountinfo = parseMountinfo(sys.read('/proc/self/mountinfo') ?? '');
  const snap = { sys, nodes, mounts: mountinfo };
  const majMin = await (o.devOf ?? liveDevOf)(path);
  const loc = locate(snap, majMin, path);
  const drives = await detectFromSnapshot(snap);
  const drive = drives.find((d) => loc.disks.includes(d.path)) ?? null;
  const mounts = mountLinesFrom(read('mounts'), mountinfo);
  const stack = await deviceStack(sys, stackMajMinFor(sys, nodes, mountinfo, loc, majMin), run);
  const inventory = await readInventory(run, INVENTORY_COLUMNS);
  const diskNames = loc.disks.map((d) => d.replace('/dev/', ''));
  const diskMounts = mounts.filter((m) => {
    const e = resolveSpec(m.device, inventory).entry;
    return e?.disks.some((d) => diskNames.includes(d)) ?? false;
  });
  const fstab = read('fstab');
  const swaps = read('swaps');
  const exists = o.exists ?? ((p: string) => liveExists(join(root, p)));
  const pathExists = pathExistsFor(fstab, swaps, exists);
  const fstrimTimer = fstrimTimerState(
    root,
    o.files?.fstrimTimer ?? join(root, logical.fstrimTimer),
    o.files?.fstrimTimer ?? logical.fstrimTimer,
  );
  const disk = diskFactsOf(sys, drive, diskNames);
  const otherDisks = otherDisksOf(drives, loc);
  const { space, spaceError } = await readSpace(path, loc, o.statfs ?? liveStatfs);
  const smart = await readSmart(path, disk, o.smart, o.smartUnavailable);
  await mergeSmartLink(drive, disk, smart);
  return {
    path,
    mountpoint: loc.mountpoint,
    fsType: loc.fsType,
    device: loc.device,
    disks: loc.disks,
    stack,
    disk,
    mounts,
    diskMounts,
    fstab,
    crypttab: read('crypttab'),
    cmdline: read('cmdline'),
    initramfsResume: read('initramfsResume'),
    swaps,
    inventory,
    pathExists,
    fstrimTimer,
    smart,
    space,
    spaceError,
    otherDisks,
    oldDrive: o.oldDrive ?? null,
  };
}
