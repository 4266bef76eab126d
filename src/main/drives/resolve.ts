// A directory → its filesystem → partition/dm/md → physical disk(s), and whether tests can run there.
import { realpath, stat } from 'node:fs/promises';
import { dirname, resolve as resolvePathname } from 'node:path';
import type { ResolveResult } from '../../shared/contract/drives';
import type { DriveInfo } from '../../shared/schemas/drive';
import { missingFolder, systemDiskWarning } from '../../shared/bench/plan';
import { UserError } from '../core/errors';
import {
  detectFromSnapshot,
  liveFreeBytes,
  liveWritable,
  takeSnapshot,
  type DetectOptions,
  type Snapshot,
} from './detect';
import { mountFor, notADriveReason } from './mountinfo';
import { deviceNodeOf, disksOfDev, mountDevice } from './topology';

export type { ResolveResult };

/** stat().dev → "MAJ:MIN" with the kernel's split of the 64-bit dev_t (glibc's gnu_dev_major/minor). */
export function majMinOf(dev: bigint): string {
  const major = ((dev >> 8n) & 0xfffn) | ((dev >> 32n) & ~0xfffn);
  const minor = (dev & 0xffn) | ((dev >> 12n) & ~0xffn);
  return `${major}:${minor}`;
}

export interface Located {
  mountpoint: string | null;
  fsType: string | null;
  device: string | null;
  disks: string[];
  readOnlyMount: boolean;
  notDrive: string | null;
}

/** The pure part of resolving: a device number and path against a snapshot (fixtures test this). */
export function locate(snap: Snapshot, majMin: string, path: string): Located {
  const m = mountFor(snap.mounts, path);
  const fsType = m?.fsType ?? null;
  const notDrive = fsType ? notADriveReason(fsType) : null;
  const base = {
    mountpoint: m?.mountpoint ?? null,
    fsType,
    readOnlyMount: m?.readOnly ?? false,
    notDrive,
  };
  if (notDrive) return { ...base, device: null, disks: [] };
  let disks = disksOfDev(snap.sys, majMin);
  let device = deviceNodeOf(snap.sys, majMin);
  if (!disks.length && m) ({ device, disks } = mountDevice(snap.sys, snap.nodes, m));
  return { ...base, device, disks: disks.map((d) => `/dev/${d}`) };
}

export function warningFor(path: string, loc: Located, writable: boolean, drive: DriveInfo | null) {
  if (loc.notDrive) return `${path}: ${loc.notDrive}`;
  if (!loc.disks.length) return `${path}: cannot tell which disk holds it`;
  if (loc.disks.length > 1)
    return `${path} spans ${loc.disks.length} disks (${loc.disks.join(', ')}): results mix them`;
  if (!writable)
    return loc.readOnlyMount
      ? `${path} is on a read-only mount: only read tests, with admin rights`
      : `${path} is not writable for you: only read tests, with admin rights`;
  if (drive?.kind === 'loop')
    return `${path} is on a loop device${drive.backingFile ? ` backed by ${drive.backingFile}` : ''}: results include the disk under that file`;
  if (drive?.isSystem) return systemDiskWarning(path, drive.path);
  return null;
}

export async function resolvePathWith(
  input: string,
  opts: DetectOptions = {},
): Promise<ResolveResult> {
  if (typeof input !== 'string' || !input.trim()) throw new UserError('no path given');
  const abs = resolvePathname(input.trim());
  let real: string;
  let dev: bigint;
  let isDir: boolean;
  try {
    real = await realpath(abs);
    const st = await stat(real, { bigint: true });
    dev = st.dev;
    isDir = st.isDirectory();
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') throw new UserError(missingFolder(abs));
    if (code === 'EACCES') throw new UserError(`${abs}: permission denied`);
    throw new UserError(`${abs}: ${(err as Error).message}`);
  }
  const dir = isDir ? real : dirname(real);
  const writableFn = opts.writable ?? liveWritable;
  const freeFn = opts.freeBytes ?? liveFreeBytes;
  const full: DetectOptions = { ...opts, writable: writableFn, freeBytes: freeFn };
  const snap = await takeSnapshot(full);
  const loc = locate(snap, majMinOf(dev), dir);
  const drives = loc.notDrive ? [] : await detectFromSnapshot(snap, full);
  const drive = drives.find((d) => loc.disks.includes(d.path)) ?? null;
  const writable = !loc.readOnlyMount && (await writableFn(dir));
  return {
    path: dir,
    mountpoint: loc.mountpoint,
    fsType: loc.fsType,
    device: loc.device,
    disks: loc.disks,
    drive,
    writable,
    readOnly: loc.readOnlyMount,
    freeBytes: await freeFn(dir),
    warning: warningFor(dir, loc, writable, drive),
    // A file: its folder's facts above, and the refusal every surface gives (notAFolder).
    file: isDir ? null : abs,
  };
}
