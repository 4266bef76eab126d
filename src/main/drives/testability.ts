// What can be measured on a disk: file tests need a writable mounted filesystem on it; raw read
// tests need only the device, but always admin rights.
import type { DriveInfo, DriveTestability } from '../../shared/schemas/drive';

export function proposeDir(
  drive: Pick<DriveInfo, 'partitions'>,
  home: string | null,
  homeDisk: boolean,
  writableMounts: string[],
): string | null {
  if (home && homeDisk) return home;
  if (!writableMounts.length) return null;
  // The roomiest writable filesystem; '/' only when nothing else is mounted from this disk.
  const free = (mp: string) =>
    drive.partitions.find((p) => p.mountpoints.includes(mp))?.freeBytes ?? 0;
  const sorted = [...writableMounts].sort((a, b) => free(b) - free(a));
  return sorted.find((m) => m !== '/') ?? sorted[0] ?? null;
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
