// Typical figures of drive classes (what reviews of mainstream models measure, not the best on
// the box): sequential MB/s and 4 KiB random reads at queue depth 1.
import type { DriveKind } from '../schemas/drive';
import type { TargetPreset } from './schema';

export interface PresetFigures {
  name: string;
  bus: 'sata' | 'pcie';
  seqReadMBps: number;
  seqWriteMBps: number;
  random4kQ1Iops: number;
  /** The link the class needs to reach its figures; null = no cap assumed (its own slot). */
  needsLinkMBps: number | null;
}

export const PRESETS: Record<Exclude<TargetPreset, 'custom'>, PresetFigures> = {
  'hdd-5400': {
    name: '5400 rpm hard disk',
    bus: 'sata',
    // Laptop and console disks: ~11 ms seek + 5.6 ms half rotation ≈ 16.7 ms per random read.
    seqReadMBps: 100,
    seqWriteMBps: 95,
    random4kQ1Iops: 60,
    needsLinkMBps: 100,
  },
  'hdd-7200': {
    name: '7200 rpm hard disk',
    bus: 'sata',
    seqReadMBps: 160,
    seqWriteMBps: 150,
    // ~8.5 ms seek + 4.2 ms half rotation ≈ 12.5 ms per random read.
    random4kQ1Iops: 80,
    needsLinkMBps: 160,
  },
  'sata-ssd': {
    name: 'SATA SSD',
    bus: 'sata',
    seqReadMBps: 550,
    seqWriteMBps: 500,
    random4kQ1Iops: 9000,
    needsLinkMBps: 550,
  },
  'nvme-gen3': {
    name: 'NVMe SSD (PCIe 3.0 x4)',
    bus: 'pcie',
    seqReadMBps: 3400,
    seqWriteMBps: 3000,
    random4kQ1Iops: 14000,
    needsLinkMBps: 3400,
  },
  'nvme-gen4': {
    name: 'NVMe SSD (PCIe 4.0 x4)',
    bus: 'pcie',
    seqReadMBps: 7000,
    seqWriteMBps: 6000,
    random4kQ1Iops: 18000,
    needsLinkMBps: 7000,
  },
};

/** A hard disk named by its rotation speed, where the person knows it. */
export type HddModel = 'hdd-5400' | 'hdd-7200';

/** What `predict --old-drive` takes: drive detection's names ('hdd' = a 7200 rpm disk) or an rpm. */
export type OldDrive = DriveKind | HddModel;

/** The old drives `predict --old-drive` knows typical figures for. */
export const OLD_DRIVE_KINDS: OldDrive[] = ['hdd', 'hdd-5400', 'hdd-7200', 'sata-ssd', 'nvme-ssd'];

/** What to assume about the current drive when the before-run lacks a figure. */
export function presetForKind(kind: OldDrive | undefined): Exclude<TargetPreset, 'custom'> | null {
  if (kind === 'hdd-5400' || kind === 'hdd-7200') return kind;
  // Drive detection cannot tell the rpm: 'hdd' keeps its old meaning, a 7200 rpm disk.
  if (kind === 'hdd') return 'hdd-7200';
  if (kind === 'sata-ssd') return 'sata-ssd';
  if (kind === 'nvme-ssd') return 'nvme-gen3';
  return null;
}
