// What the set-up checks read, as plain data: the reader (reader.ts) fills it from a machine or a
// fixture tree; every check is a pure function of it, so fixtures and temp files can stand in.
import type { HealthCheck } from '../../shared/contract/health';
import type { DriveKind, LinkInfo } from '../../shared/schemas/drive';

export type { HealthCheck };

/** A text file the checks read, or why it could not be read ('absent' or the error). */
export interface FileText {
  path: string;
  text: string | null;
  error: string | null;
}

/** One line of /proc/mounts. */
export interface MountLine {
  device: string;
  mountpoint: string;
  fsType: string;
  options: string[];
  raw: string;
}

/** One layer between the filesystem and the disk: partition, dm-crypt, LVM, md, the disk. */
export interface DeviceLayer {
  name: string;
  kind: 'disk' | 'part' | 'crypt' | 'lvm' | 'lvm-thin-pool' | 'lvm-thin' | 'md' | 'dm' | 'loop';
  /** queue/discard_max_bytes; null for partitions (they use the disk's) or when unreadable. */
  discardMax: number | null;
  dmName: string | null;
  /** `dmsetup table NAME` (needs root), null when not read. */
  dmTable: string | null;
}

export interface PartStart {
  name: string;
  /** Start in 512-byte sectors (sysfs `start` and sfdisk's unit when sectorsize is 512). */
  startSectors: number;
}

export interface DiskFacts {
  name: string;
  path: string;
  kind: DriveKind;
  model: string | null;
  serial: string | null;
  rotational: boolean;
  discardMax: number | null;
  physicalBytes: number | null;
  optimalIoBytes: number | null;
  schedulerText: string | null;
  link: LinkInfo | null;
  parts: PartStart[];
  /** Where the partition starts were read ('/sys/block/sda/sda*\/start', 'sfdisk -J img'). */
  partsSource: string;
}

/** A block device with its identifiers (lsblk -J -o PATH,UUID,PARTUUID,LABEL,...). */
export interface InventoryEntry {
  path: string;
  kname: string;
  type: string;
  fsType: string | null;
  uuid: string | null;
  partuuid: string | null;
  label: string | null;
  partlabel: string | null;
  /** Top-level disks holding it ('sda'). */
  disks: string[];
  mountpoints: string[];
}

export interface OtherDisk {
  name: string;
  path: string;
  kind: DriveKind;
  model: string | null;
  serial: string | null;
  rotational: boolean;
  mountpoints: string[];
}

export interface SmartInput {
  /** `smartctl -a -j` output from the root helper's identify operation. */
  json: string | null;
  /** Why there is no output (no admin rights, smartctl missing, ...). */
  reason: string | null;
  device: string | null;
}

export interface SpaceInput {
  mountpoint: string;
  totalBytes: number;
  freeBytes: number;
  availBytes: number;
}

export interface HealthInputs {
  path: string;
  mountpoint: string | null;
  fsType: string | null;
  device: string | null;
  disks: string[];
  /** From the filesystem's device down to the disk(s). */
  stack: DeviceLayer[];
  disk: DiskFacts | null;
  mounts: MountLine[];
  /** Mounts whose device sits on the checked disk(s). */
  diskMounts: MountLine[];
  fstab: FileText;
  crypttab: FileText;
  cmdline: FileText;
  initramfsResume: FileText;
  swaps: FileText;
  inventory: InventoryEntry[];
  /** Non-device paths named in fstab/swaps (swap files) and whether they exist. */
  pathExists: Record<string, boolean>;
  /** fstrim.timer: enabled (a timers.target.wants link), not, or null when unreadable. */
  fstrimTimer: {
    enabled: boolean | null;
    source: string;
    value: string;
    /** Whether systemd runs timers here (booted with systemd: /run/systemd/system); null unread. */
    systemdBooted?: boolean | null;
    /** Enabled through cron.weekly instead of the timer (cron runs without systemd). */
    viaCron?: boolean;
  };
  smart: SmartInput;
  space: SpaceInput | null;
  spaceError: string | null;
  otherDisks: OtherDisk[];
  /** The drive of the before-run, when the check belongs to an after-run. */
  oldDrive: { path: string; model: string | null; serial: string | null } | null;
}
