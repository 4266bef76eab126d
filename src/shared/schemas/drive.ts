// Facts about a disk and the machine it sits in: what decides whether an upgrade pays off.
import { z } from 'zod';

export const driveKind = z.enum(['hdd', 'sata-ssd', 'nvme-ssd', 'usb', 'virtual', 'loop', 'other']);
export type DriveKind = z.infer<typeof driveKind>;

export const linkInfo = z.object({
  /** 'sata' | 'pcie' | 'usb' | ... */
  bus: z.string(),
  /** Human form as the kernel reports it: '3.0 Gbps', '8.0 GT/s PCIe x4'. */
  current: z.string().nullable(),
  max: z.string().nullable(),
  /** Usable payload throughput the current link allows, MB/s (10^6 bytes). */
  ceilingMBps: z.number().positive().nullable(),
  maxCeilingMBps: z.number().positive().nullable(),
  /** What the drive itself supports (smartctl/hdparm), e.g. a SATA III SSD on a SATA II port. */
  deviceMax: z.string().nullable().optional(),
  deviceMaxCeilingMBps: z.number().positive().nullable().optional(),
});
export type LinkInfo = z.infer<typeof linkInfo>;

export const partitionInfo = z.object({
  path: z.string(),
  name: z.string(),
  sizeBytes: z.number().nonnegative(),
  fsType: z.string().nullable(),
  mountpoints: z.array(z.string()),
  mountOptions: z.array(z.string()).default([]),
  readOnly: z.boolean().default(false),
  freeBytes: z.number().nonnegative().nullable(),
  uuid: z.string().nullable().optional(),
  /** Start offset in bytes, for the alignment check. */
  startBytes: z.number().nonnegative().nullable().optional(),
  /** lsblk TYPE: 'part', 'crypt', 'lvm', 'raid1', ... or 'disk' for a filesystem on the whole disk. */
  type: z.string().optional(),
});
export type PartitionInfo = z.infer<typeof partitionInfo>;

export const driveTestability = z.object({
  /** A writable mounted filesystem exists: every file-based test can run. */
  fileTests: z.boolean(),
  /** Raw-device read tests are possible (they always need admin rights). */
  rawReadTests: z.boolean(),
  /** One line on why file tests cannot run, null when they can. */
  reason: z.string().nullable(),
  /** A writable directory on this disk to propose (home when it lives there). */
  suggestedDir: z.string().nullable(),
});
export type DriveTestability = z.infer<typeof driveTestability>;

export const driveInfo = z.object({
  path: z.string(),
  name: z.string(),
  model: z.string().nullable(),
  vendor: z.string().nullable(),
  serial: z.string().nullable(),
  /** World Wide Name (/sys/block/<dev>/wwid or device/wwid): names the drive where a serial may not. */
  wwn: z.string().nullable().optional(),
  firmware: z.string().nullable(),
  sizeBytes: z.number().nonnegative(),
  kind: driveKind,
  kindEvidence: z.array(z.string()),
  transport: z.string().nullable(),
  rotational: z.boolean().nullable(),
  rpm: z.number().nullable().optional(),
  link: linkInfo.nullable(),
  logicalSectorBytes: z.number().nullable(),
  physicalSectorBytes: z.number().nullable(),
  trim: z.boolean().nullable(),
  scheduler: z.string().nullable(),
  removable: z.boolean(),
  partitions: z.array(partitionInfo),
  holds: z.array(z.enum(['/', '/home', '/boot'])),
  isSystem: z.boolean(),
  smartHealthy: z.boolean().nullable().optional(),
  /** Loop devices: the file behind the device. */
  backingFile: z.string().nullable().optional(),
  /** What Drivewise can measure on this disk, decided at detection time. */
  testability: driveTestability.optional(),
});
export type DriveInfo = z.infer<typeof driveInfo>;

export const machineProfile = z.object({
  hostname: z.string().nullable().optional(),
  cpuModel: z.string().nullable(),
  cpuCores: z.number().int().nonnegative(),
  ramBytes: z.number().nonnegative(),
  kernel: z.string().nullable(),
  distro: z.string().nullable(),
  session: z.string().nullable(),
});
export type MachineProfile = z.infer<typeof machineProfile>;
