// The pieces readHealthInputs gathers, one per fact, so the reader reads as a list of steps.
// Each keeps the reader's original order of side effects; nothing here decides a check.
import { lstatSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { DriveInfo } from '../../shared/schemas/drive';
import type { Runner } from '../drives/detect';
import type { BlockNode } from '../drives/lsblk';
import type { MountEntry } from '../drives/mountinfo';
import type { Located } from '../drives/resolve';
import type { SysRoot } from '../drives/sysfs';
import { mountDevice } from '../drives/topology';
import {
  parseBlkidExport,
  parseFstab,
  parseInventory,
  parseProcMounts,
  parseProcSwaps,
} from './parse';
import type {
  DiskFacts,
  FileText,
  HealthInputs,
  InventoryEntry,
  MountLine,
  OtherDisk,
  SmartInput,
  SpaceInput,
} from './types';

export const liveExists = (p: string) => {
  try {
    lstatSync(p);
    return true;
  } catch {
    return false;
  }
};

/** /proc/mounts when readable, else the same lines rebuilt from mountinfo. */
export function mountLinesFrom(procMounts: FileText, mountinfo: MountEntry[]): MountLine[] {
  if (procMounts.text) return parseProcMounts(procMounts.text);
  return mountinfo.map((m) => ({
    device: m.source,
    mountpoint: m.mountpoint,
    fsType: m.fsType,
    options: m.options,
    raw: `${m.source} ${m.mountpoint} ${m.fsType} ${m.options.join(',')}`,
  }));
}

/** The device the stack starts from: the path's own when /sys knows it, else the mount's. */
export function stackMajMinFor(
  sys: SysRoot,
  nodes: BlockNode[],
  mountinfo: MountEntry[],
  loc: Located,
  majMin: string,
): string {
  const devMajMin = loc.device
    ? (mountinfo.find((m) => m.mountpoint === loc.mountpoint)?.majMin ?? majMin)
    : majMin;
  return sys.real(`/sys/dev/block/${majMin}`)
    ? majMin
    : ((mountinfo.find((m) => m.mountpoint === loc.mountpoint) && loc.mountpoint
        ? mountDevice(
            sys,
            nodes,
            mountinfo.find((m) => m.mountpoint === loc.mountpoint)!,
          ).majMin
        : null) ?? devMajMin);
}

export async function readInventory(run: Runner, columns: string): Promise<InventoryEntry[]> {
  let inventory: InventoryEntry[] = [];
  try {
    inventory = parseInventory(await run('lsblk', ['-J', '-o', columns]));
  } catch {
    inventory = [];
  }
  // Without udev (containers, minimal VMs) lsblk knows no UUIDs or labels; blkid probes them.
  try {
    for (const b of parseBlkidExport(await run('blkid', ['-o', 'export']))) {
      const e = inventory.find((x) => x.path === b.DEVNAME);
      if (!e) continue;
      e.uuid ??= b.UUID ?? null;
      e.partuuid ??= b.PARTUUID ?? null;
      e.label ??= b.LABEL ?? null;
      e.partlabel ??= b.PARTLABEL ?? null;
      e.fsType ??= b.TYPE ?? null;
    }
  } catch {
    // blkid missing or refused: lsblk's identifiers are all there is
  }
  return inventory;
}

/** Whether each absolute path fstab and swaps name exists (a missing swap file is a finding). */
export function pathExistsFor(
  fstab: FileText,
  swaps: FileText,
  exists: (p: string) => boolean,
): Record<string, boolean> {
  const pathExists: Record<string, boolean> = {};
  for (const e of parseFstab(fstab.text ?? ''))
    if (e.spec.startsWith('/')) pathExists[e.spec] = exists(e.spec);
  for (const s of parseProcSwaps(swaps.text ?? '')) pathExists[s.filename] = exists(s.filename);
  return pathExists;
}

/** null when /etc/systemd/system itself is unreadable: then nobody can tell. */
export function fstrimTimerState(
  root: string,
  wants: string,
  source: string,
): HealthInputs['fstrimTimer'] {
  const cron = join(root, 'etc/cron.weekly/fstrim');
  const timerDir = liveExists(dirname(dirname(wants)));
  const viaCron = !liveExists(wants) && liveExists(cron);
  const enabled = liveExists(wants) || viaCron ? true : timerDir ? false : null;
  return {
    enabled,
    // sd_booted(): systemd made /run/systemd/system at boot; without it no timer ever fires.
    systemdBooted: liveExists(join(root, 'run/systemd/system'))
      ? true
      : liveExists(join(root, 'run'))
        ? false
        : null,
    viaCron,
    source,
    value: enabled
      ? 'present (fstrim.timer enabled)'
      : enabled === false
        ? 'absent (fstrim.timer not enabled)'
        : '/etc/systemd/system not readable',
  };
}

export function diskFactsOf(
  sys: SysRoot,
  drive: DriveInfo | null,
  diskNames: string[],
): DiskFacts | null {
  const diskName = drive?.name ?? diskNames[0] ?? null;
  const base = diskName ? `/sys/block/${diskName}` : null;
  if (!drive || !base) return null;
  return {
    name: drive.name,
    path: drive.path,
    kind: drive.kind,
    model: drive.model,
    serial: drive.serial,
    rotational: drive.rotational ?? false,
    discardMax: sys.readNumber(`${base}/queue/discard_max_bytes`),
    physicalBytes: sys.readNumber(`${base}/queue/physical_block_size`) ?? drive.physicalSectorBytes,
    optimalIoBytes: sys.readNumber(`${base}/queue/optimal_io_size`),
    schedulerText: sys.read(`${base}/queue/scheduler`),
    link: drive.link,
    parts: sys
      .list(base)
      .filter((n) => sys.read(`${base}/${n}/partition`) !== null)
      .map((n) => ({ name: n, startSectors: sys.readNumber(`${base}/${n}/start`) ?? 0 })),
    partsSource: `/sys/block/${diskName}/*/start`,
  };
}

export function otherDisksOf(drives: DriveInfo[], loc: Located): OtherDisk[] {
  return drives
    .filter((d) => !loc.disks.includes(d.path) && d.kind !== 'loop')
    .map((d) => ({
      name: d.name,
      path: d.path,
      kind: d.kind,
      model: d.model,
      serial: d.serial,
      rotational: d.rotational ?? false,
      mountpoints: d.partitions.flatMap((p) => p.mountpoints),
    }));
}

export async function readSpace(
  path: string,
  loc: Located,
  statfsOf: (mountpoint: string) => Promise<SpaceInput>,
): Promise<{ space: SpaceInput | null; spaceError: string | null }> {
  let space: SpaceInput | null = null;
  let spaceError: string | null = null;
  if (loc.mountpoint && !loc.notDrive) {
    try {
      space = await statfsOf(loc.mountpoint);
    } catch (err) {
      spaceError = `statfs ${loc.mountpoint}: ${(err as Error).message}`;
    }
  } else spaceError = loc.notDrive ?? `${path} is on no mounted filesystem`;
  return { space, spaceError };
}

export async function readSmart(
  path: string,
  disk: DiskFacts | null,
  smart: ((device: string) => Promise<SmartInput>) | undefined,
  smartUnavailable: string | undefined,
): Promise<SmartInput> {
  if (disk && smart)
    return smart(disk.path).catch((err: unknown) => ({
      json: null,
      reason: `smartctl through the root helper failed: ${(err as Error).message}`,
      device: disk.path,
    }));
  return {
    json: null,
    reason: disk
      ? (smartUnavailable ?? 'needs admin rights: SMART is read by the root helper (smartctl)')
      : `cannot tell which disk holds ${path}`,
    device: disk?.path ?? null,
  };
}

/** smartctl knows the drive's own maximum SATA speed, which /sys cannot tell. */
export async function mergeSmartLink(
  drive: DriveInfo | null,
  disk: DiskFacts | null,
  smart: SmartInput,
): Promise<void> {
  if (!drive || !smart.json) return;
  const { parseSmartctlJson, mergeIdentify } = await import('../drives/identify');
  try {
    const merged = mergeIdentify(drive, parseSmartctlJson(smart.json));
    if (disk && merged.link) disk.link = merged.link;
  } catch {
    // not identify output: the SMART check says so
  }
}
