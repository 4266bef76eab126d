// Which disks the Drive step and `drivewise drives` list unless asked for all of them. On Ubuntu
// every installed snap is a squashfs image attached read-only to a loop device: a stock 24.04 has
// about a dozen, each of which would be a drive card burying the real disks (issue 38). None of
// them can be measured or replaced. The loop devices a person (or Drivewise's own tests) sets up
// on purpose, an ext4 image file somewhere writable, stay listed.
import type { DriveInfo } from './schemas/drive';

/** Where snapd keeps the images it attaches (/var/lib/snapd/snaps/<name>_<rev>.snap). */
const SNAPD_DIR = '/var/lib/snapd/';

/** Why this disk is left out of the default list, or null when it is listed. */
export function hiddenReason(d: DriveInfo): string | null {
  if (d.kind !== 'loop') return null;
  if (d.backingFile?.startsWith(SNAPD_DIR)) return 'a snap package image';
  const fs = d.partitions;
  if (fs.length > 0 && fs.every((p) => p.fsType === 'squashfs' && p.readOnly))
    return 'a read-only squashfs image';
  return null;
}

/** The disks to list: all of them with `all`, else those without a hidden reason. */
export function shownDrives(drives: DriveInfo[], all: boolean): DriveInfo[] {
  return all ? drives : drives.filter((d) => hiddenReason(d) === null);
}
