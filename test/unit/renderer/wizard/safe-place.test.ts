import { describe, expect, it } from 'vitest';
import { safeBaselineDir } from '../../../../src/renderer/wizard/baseline/safe-place';
import type { DriveInfo } from '../../../../src/shared/schemas/drive';

const part = (mountpoints: string[], readOnly = false) =>
  ({
    path: '/dev/x1',
    name: 'x1',
    sizeBytes: 1,
    fsType: 'ext4',
    mountpoints,
    mountOptions: [],
    readOnly,
    freeBytes: 1,
  }) as DriveInfo['partitions'][number];
const drive = (
  path: string,
  kind: DriveInfo['kind'],
  parts: DriveInfo['partitions'],
  removable = false,
) => ({ path, kind, removable, partitions: parts }) as DriveInfo;

describe('where the baseline file is proposed', () => {
  const old = drive('/dev/sda', 'hdd', [part(['/', '/home'])]);
  it('never on the drive being replaced: with no other drive, nothing is proposed', () => {
    expect(safeBaselineDir([old], old)).toBeNull();
    expect(
      safeBaselineDir([old, drive('/dev/loop0', 'loop', [part(['/mnt/img'])])], old),
    ).toBeNull();
  });
  it('a removable drive first, then another internal one; not /boot, not read-only', () => {
    const other = drive('/dev/sdb', 'sata-ssd', [part(['/boot/efi']), part(['/data'])]);
    const usb = drive(
      '/dev/sdc',
      'usb',
      [part(['/media/you/RO'], true), part(['/media/you/STICK'])],
      true,
    );
    expect(safeBaselineDir([old, other], old)).toBe('/data');
    expect(safeBaselineDir([old, other, usb], old)).toBe('/media/you/STICK');
  });
  it('the last removable medium, else the home folder off the old drive; never a root "/"', () => {
    const usb = (name: string) =>
      drive(`/dev/${name}`, 'usb', [part([`/media/you/${name}`])], true);
    expect(safeBaselineDir([old, usb('sdc'), usb('sdd')], old)).toBe('/media/you/sdd');
    // Measuring a loop device while the system disk holds "/": the home folder, not "/".
    const loop = drive('/dev/loop7', 'loop', [part(['/mnt/hdd-like'])]);
    const system = drive('/dev/vda', 'virtual', [part(['/'])]);
    expect(safeBaselineDir([system, loop], loop)).toBeNull();
    expect(safeBaselineDir([system, loop], loop, { path: '/root', safe: true })).toBe('/root');
    expect(safeBaselineDir([old], old, { path: '/home/you', safe: false })).toBeNull();
  });
  it("never a system tree a drive is bound to again: /run/netns, a container's /var/lib", () => {
    // `ip netns add` binds /run/netns on the disk that holds /run: it was proposed.
    const loop = drive('/dev/loop7', 'loop', [part(['/mnt/hdd-like'])]);
    const system = drive('/dev/vda', 'virtual', [
      part(['/', '/run/netns', '/var/lib/docker/overlay2/x', '/tmp', '/snap/core/1']),
    ]);
    expect(safeBaselineDir([system, loop], loop)).toBeNull();
    const data = drive('/dev/sdb', 'hdd', [part(['/run/user/0/x', '/srv/backup'])]);
    expect(safeBaselineDir([system, data, loop], loop)).toBe('/srv/backup');
    // udisks mounts removable drives under /run/media (Fedora, Arch): still proposed.
    const usb = drive('/dev/sdc', 'usb', [part(['/run/media/you/STICK'])], true);
    expect(safeBaselineDir([system, data, usb, loop], loop)).toBe('/run/media/you/STICK');
  });
});
