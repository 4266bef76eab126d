// Where a baseline file is safe: off the drive being replaced (a fresh install wipes it).
import type { DriveInfo } from '../../../shared/schemas/drive';

const SYSTEM_MOUNTS = /^\/(boot|efi)(\/|$)|^\[SWAP\]$/;

/**
 * Where to propose the baseline file: a writable mounted filesystem on another drive than the
 * one being replaced (a removable one first), or null: then nothing is proposed and the person
 * picks a place. Never the old drive's folder, which a fresh install wipes.
 */
export function safeBaselineDir(drives: DriveInfo[], replaced: DriveInfo | null): string | null {
  const others = drives.filter((d) => d.path !== replaced?.path && d.kind !== 'loop');
  const ranked = [
    ...others.filter((d) => d.removable || d.kind === 'usb'),
    ...others.filter((d) => !d.removable && d.kind !== 'usb'),
  ];
  for (const d of ranked)
    for (const p of d.partitions)
      if (!p.readOnly)
        for (const m of p.mountpoints) if (m.startsWith('/') && !SYSTEM_MOUNTS.test(m)) return m;
  return null;
}
