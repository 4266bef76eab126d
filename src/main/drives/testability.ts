// What can be measured on a disk: file tests need a writable mounted filesystem on it; raw read
// tests need only the device, but always admin rights.
import type { DriveInfo, DriveTestability } from '../../shared/schemas/drive';

/** Mount points that are never a sensible place for test files (tiny, boot-critical). */
const NOT_PROPOSED = /^\/(boot|efi)(\/|$)/;

export function proposeDir(
  drive: Pick<DriveInfo, 'partitions'>,
  home: string | null,
  homeDisk: boolean,
  writableMounts: string[],
  /** /var/tmp lives on this disk's '/' filesystem: the place meant for big temporary files. */
  varTmpOnRoot = false,
): string | null {
  if (home && homeDisk) return home;
  const candidates = writableMounts.filter((m) => !NOT_PROPOSED.test(m));
  if (!candidates.length) return null;
  const free = (mp: string) =>
    drive.partitions.find((p) => p.mountpoints.includes(mp))?.freeBytes ?? 0;
  const others = candidates.filter((m) => m !== '/').sort((a, b) => free(b) - free(a));
  if (others[0]) return others[0];
  return varTmpOnRoot ? '/var/tmp' : '/';
}

export function testabilityOf(
  drive: Pick<DriveInfo, 'partitions'>,
  writableMounts: string[],
  suggestedDir: string | null,
): DriveTestability {
  // Any block device lsblk lists can be read raw through the root helper.
  const rawReadTests = true;
  if (writableMounts.length && suggestedDir)
    return { fileTests: true, rawReadTests, reason: null, suggestedDir };
  const mounted = drive.partitions.filter((p) => p.mountpoints.length);
  let reason: string;
  if (!mounted.length) {
    const locked = drive.partitions.some((p) => p.fsType === 'crypto_LUKS');
    reason = locked
      ? 'its encrypted partition is not unlocked: only read tests, with admin rights'
      : 'no mounted filesystem: only read tests, with admin rights';
  } else if (mounted.every((p) => p.readOnly)) {
    reason = 'mounted read-only: only read tests, with admin rights';
  } else {
    reason = 'no directory on it is writable for you: only read tests, with admin rights';
  }
  return { fileTests: false, rawReadTests, reason, suggestedDir: null };
}
