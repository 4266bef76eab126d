// Gathers what the checks read, from a machine ('/') or a fixture tree. Every side effect (commands,
// stat, statfs, the root helper) is passed in, and every file path can be pointed elsewhere.
import { lstatSync, readFileSync } from 'node:fs';
import { stat, statfs } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { detectFromSnapshot, execRunner, runLsblk, type Runner } from '../drives/detect';
import { parseMountinfo } from '../drives/mountinfo';
import { locate, majMinOf } from '../drives/resolve';
import { SysRoot } from '../drives/sysfs';
import { mountDevice } from '../drives/topology';
import {
  parseBlkidExport,
  parseFstab,
  parseInventory,
  parseProcMounts,
  parseProcSwaps,
} from './parse';
import { resolveSpec } from './spec';
import { deviceStack } from './stack';
import type {
  FileText,
  HealthInputs,
  InventoryEntry,
  MountLine,
  OtherDisk,
  SmartInput,
  SpaceInput,
} from './types';

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

const liveExists = (p: string) => {
  try {
    lstatSync(p);
    return true;
  } catch {
    return false;
  }
};

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
  const procMounts = read('mounts');
  const mounts: MountLine[] = procMounts.text
    ? parseProcMounts(procMounts.text)
    : mountinfo.map((m) => ({
        device: m.source,
        mountpoint: m.mountpoint,
        fsType: m.fsType,
        options: m.options,
        raw: `${m.source} ${m.mountpoint} ${m.fsType} ${m.options.join(',')}`,
      }));
  const devMajMin = loc.device
    ? (mountinfo.find((m) => m.mountpoint === loc.mountpoint)?.majMin ?? majMin)
    : majMin;
  const stackMajMin = sys.real(`/sys/dev/block/${majMin}`)
    ? majMin
    : ((mountinfo.find((m) => m.mountpoint === loc.mountpoint) && loc.mountpoint
        ? mountDevice(
            sys,
            nodes,
            mountinfo.find((m) => m.mountpoint === loc.mountpoint)!,
          ).majMin
        : null) ?? devMajMin);
  const stack = await deviceStack(sys, stackMajMin, run);
  let inventory: InventoryEntry[] = [];
  try {
    inventory = parseInventory(await run('lsblk', ['-J', '-o', INVENTORY_COLUMNS]));
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
  const diskNames = loc.disks.map((d) => d.replace('/dev/', ''));
  const diskMounts = mounts.filter((m) => {
    const e = resolveSpec(m.device, inventory).entry;
    return e?.disks.some((d) => diskNames.includes(d)) ?? false;
  });
  const fstab = read('fstab');
  const swaps = read('swaps');
  const exists = o.exists ?? ((p: string) => liveExists(join(root, p)));
  const pathExists: Record<string, boolean> = {};
  for (const e of parseFstab(fstab.text ?? ''))
    if (e.spec.startsWith('/')) pathExists[e.spec] = exists(e.spec);
  for (const s of parseProcSwaps(swaps.text ?? '')) pathExists[s.filename] = exists(s.filename);
  const wants = o.files?.fstrimTimer ?? join(root, logical.fstrimTimer);
  const cron = join(root, 'etc/cron.weekly/fstrim');
  const timerDir = liveExists(dirname(dirname(wants)));
  const enabled = liveExists(wants) || liveExists(cron) ? true : timerDir ? false : null;
  const fstrimTimer = {
    enabled,
    source: o.files?.fstrimTimer ?? logical.fstrimTimer,
    value: enabled
      ? 'present (fstrim.timer enabled)'
      : enabled === false
        ? 'absent (fstrim.timer not enabled)'
        : '/etc/systemd/system not readable',
  };
  const diskName = drive?.name ?? diskNames[0] ?? null;
  const base = diskName ? `/sys/block/${diskName}` : null;
  const disk =
    drive && base
      ? {
          name: drive.name,
          path: drive.path,
          kind: drive.kind,
          model: drive.model,
          serial: drive.serial,
          rotational: drive.rotational ?? false,
          discardMax: sys.readNumber(`${base}/queue/discard_max_bytes`),
          physicalBytes:
            sys.readNumber(`${base}/queue/physical_block_size`) ?? drive.physicalSectorBytes,
          optimalIoBytes: sys.readNumber(`${base}/queue/optimal_io_size`),
          schedulerText: sys.read(`${base}/queue/scheduler`),
          link: drive.link,
          parts: sys
            .list(base)
            .filter((n) => sys.read(`${base}/${n}/partition`) !== null)
            .map((n) => ({ name: n, startSectors: sys.readNumber(`${base}/${n}/start`) ?? 0 })),
          partsSource: `/sys/block/${diskName}/*/start`,
        }
      : null;
  const otherDisks: OtherDisk[] = drives
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
  let space: SpaceInput | null = null;
  let spaceError: string | null = null;
  if (loc.mountpoint && !loc.notDrive) {
    try {
      space = await (o.statfs ?? liveStatfs)(loc.mountpoint);
    } catch (err) {
      spaceError = `statfs ${loc.mountpoint}: ${(err as Error).message}`;
    }
  } else spaceError = loc.notDrive ?? `${path} is on no mounted filesystem`;
  const smart: SmartInput =
    disk && o.smart
      ? await o.smart(disk.path).catch((err: unknown) => ({
          json: null,
          reason: `smartctl through the root helper failed: ${(err as Error).message}`,
          device: disk.path,
        }))
      : {
          json: null,
          reason: disk
            ? (o.smartUnavailable ??
              'needs admin rights: SMART is read by the root helper (smartctl)')
            : `cannot tell which disk holds ${path}`,
          device: disk?.path ?? null,
        };
  if (drive && smart.json) {
    // smartctl knows the drive's own maximum SATA speed, which /sys cannot tell.
    const { parseSmartctlJson, mergeIdentify } = await import('../drives/identify');
    try {
      const merged = mergeIdentify(drive, parseSmartctlJson(smart.json));
      if (disk && merged.link) disk.link = merged.link;
    } catch {
      // not identify output: the SMART check says so
    }
  }
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
