// Device number → physical disk(s): /sys/dev/block/MAJ:MIN, then up to the disk for a partition,
// or down through slaves/ for dm-crypt, LVM and md.
import { basename, dirname } from 'node:path';
import { descendants, type BlockNode } from './lsblk';
import type { MountEntry } from './mountinfo';
import type { SysRoot } from './sysfs';

export function disksOfSysPath(sys: SysRoot, p: string, depth = 0): string[] {
  if (depth > 8) return [];
  if (sys.read(`${p}/partition`) !== null) return disksOfSysPath(sys, dirname(p), depth + 1);
  const slaves = sys.list(`${p}/slaves`);
  if (slaves.length) {
    const all = slaves.flatMap((s) => {
      const q = sys.real(`${p}/slaves/${s}`);
      return q ? disksOfSysPath(sys, q, depth + 1) : [];
    });
    return [...new Set(all)];
  }
  return [basename(p)];
}

/** Disk names ('sda', 'nvme0n1') under a device number; [] when it is not a block device. */
export function disksOfDev(sys: SysRoot, majMin: string): string[] {
  const p = sys.real(`/sys/dev/block/${majMin}`);
  return p ? disksOfSysPath(sys, p) : [];
}

/** The device node for a device number: '/dev/sda2', '/dev/mapper/luks-…' for dm devices. */
export function deviceNodeOf(sys: SysRoot, majMin: string): string | null {
  const p = sys.real(`/sys/dev/block/${majMin}`);
  if (!p) return null;
  const dmName = sys.read(`${p}/dm/name`);
  return dmName ? `/dev/mapper/${dmName}` : `/dev/${basename(p)}`;
}

/** lsblk node a mount's source names ('/dev/sda1', '/dev/mapper/root'). */
export function nodeForSource(nodes: BlockNode[], source: string): BlockNode | null {
  for (const top of nodes)
    for (const n of [top, ...descendants(top)])
      if (n.path === source || `/dev/mapper/${n.name}` === source || `/dev/${n.kname}` === source)
        return n;
  return null;
}

/** Top-level lsblk disks that contain a node (several for RAID/LVM across disks). */
export function topsContaining(nodes: BlockNode[], target: BlockNode): string[] {
  return nodes
    .filter((t) => t === target || descendants(t).some((d) => d.kname === target.kname))
    .map((t) => t.kname);
}

export interface MountDevice {
  /** Device number of the block device behind the mount (btrfs mounts report an anonymous 0:N). */
  majMin: string | null;
  device: string | null;
  disks: string[];
}

/** Which disks a mount lives on: by device number, else by the source device lsblk knows. */
export function mountDevice(sys: SysRoot, nodes: BlockNode[], m: MountEntry): MountDevice {
  const direct = disksOfDev(sys, m.majMin);
  if (direct.length)
    return { majMin: m.majMin, device: deviceNodeOf(sys, m.majMin), disks: direct };
  const node = m.source.startsWith('/dev/') ? nodeForSource(nodes, m.source) : null;
  if (!node) return { majMin: null, device: null, disks: [] };
  const viaSys = node.majMin ? disksOfDev(sys, node.majMin) : [];
  return {
    majMin: node.majMin,
    device: node.path,
    disks: viaSys.length ? viaSys : topsContaining(nodes, node),
  };
}
