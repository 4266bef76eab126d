// Where a baseline file is safe: off the drive being replaced (a fresh install wipes it).
import type { DriveInfo } from '../../../shared/schemas/drive';

/**
 * The system's own mount points: boot and swap, and the bind mounts and runtime trees that show a
 * drive's filesystem a second time (`ip netns` binds /run/netns, container tools /var/lib/…): on a
 * machine with a network namespace the wizard proposed "/run/netns/drivewise-baseline-….json".
 * /run/media stays: udisks mounts removable drives there (Fedora, Arch).
 */
const SYSTEM_MOUNTS =
  /^\/(boot|efi|proc|sys|dev|tmp|snap|var\/(lib|snap|tmp|run))(\/|$)|^\/run(?!\/media\/)(\/|$)|^\[SWAP\]$/;

/** Writable mount points of a drive a person can keep a file on (not /, /boot, /efi, swap). */
const places = (d: DriveInfo): string[] =>
  d.partitions
    .filter((p) => !p.readOnly)
    .flatMap((p) => p.mountpoints)
    .filter((m) => m.startsWith('/') && m !== '/' && !SYSTEM_MOUNTS.test(m));

/**
 * Where to propose the baseline file: the last removable medium plugged in, else the home folder
 * when it is on another drive than the one being replaced (`homeIsSafe`), else a mounted folder of
 * another internal drive; null when there is none: then the person picks a place. Never the old
 * drive's folders, which a fresh install wipes, and never a filesystem's root: a loop device's
 * baseline was proposed as "/drivewise-baseline-….json" because the system disk holds "/".
 */
export function safeBaselineDir(
  drives: DriveInfo[],
  replaced: DriveInfo | null,
  home: { path: string; safe: boolean } | null = null,
): string | null {
  const others = drives.filter((d) => d.path !== replaced?.path && d.kind !== 'loop');
  const removable = others.filter((d) => d.removable || d.kind === 'usb').flatMap(places);
  if (removable.length) return removable[removable.length - 1]!;
  if (home?.safe) return home.path;
  return others.flatMap(places)[0] ?? null;
}
