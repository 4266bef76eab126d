import type { DriveInfo } from '../../../shared/schemas/drive';

export { KIND_LABEL } from '../../../shared/format';

export function driveTitle(d: DriveInfo): string {
  if (d.model) return d.model;
  if (d.kind === 'loop') return `Loop device ${d.name}`;
  if (d.kind === 'virtual') return `Virtual disk ${d.name}`;
  return d.name;
}

export function linkLine(d: DriveInfo): string {
  const l = d.link;
  if (!l) return d.kind === 'virtual' || d.kind === 'loop' ? 'no physical link' : 'link unknown';
  const cur = l.current ?? 'link speed unknown';
  return l.ceilingMBps ? `${cur} · ceiling ~${Math.round(l.ceilingMBps)} MB/s` : cur;
}

/** Free space summed over the mounted filesystems of a disk, or null when nothing is mounted. */
export function freeOf(d: DriveInfo): number | null {
  const mounted = d.partitions.filter((p) => p.mountpoints.length && p.freeBytes !== null);
  return mounted.length ? mounted.reduce((a, p) => a + (p.freeBytes ?? 0), 0) : null;
}
