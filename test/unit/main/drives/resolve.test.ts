import { describe, expect, it } from 'vitest';
import { locate, majMinOf, warningFor } from '../../../../src/main/drives/resolve';
import { parseMountinfo, mountFor, notADriveReason } from '../../../../src/main/drives/mountinfo';
import { snapshotFixture } from './fixture';

describe('majMinOf', () => {
  it('splits dev_t like glibc (small and large numbers)', () => {
    expect(majMinOf(0xfe00n)).toBe('254:0'); // this VM's /dev/vda
    expect(majMinOf(0x801n)).toBe('8:1');
    // major 259 minor 300: minor bits above 0xff go to bits 20.., major above 0xfff to 32..
    const dev = (259n << 8n) | (300n & 0xffn) | ((300n & ~0xffn) << 12n);
    expect(majMinOf(dev)).toBe('259:300');
  });
});

describe('locate (path → disk) on fixtures', () => {
  it('follows dm-crypt slaves down to the NVMe disk', async () => {
    const snap = await snapshotFixture('dm-crypt-nvme');
    expect(locate(snap, '252:0', '/home/pat')).toMatchObject({
      mountpoint: '/',
      fsType: 'ext4',
      device: '/dev/mapper/luks-3f2a9c1e-7b4d-4e0a-9c8b-1d2e3f405162',
      disks: ['/dev/nvme0n1'],
    });
    expect(locate(snap, '259:2', '/boot/grub')).toMatchObject({
      device: '/dev/nvme0n1p2',
      disks: ['/dev/nvme0n1'],
    });
  });
  it('maps btrfs (anonymous device number) through the mount source', async () => {
    const snap = await snapshotFixture('nvme-gen4');
    expect(locate(snap, '0:34', '/home/kim/Documents')).toMatchObject({
      mountpoint: '/home',
      fsType: 'btrfs',
      device: '/dev/nvme0n1p3',
      disks: ['/dev/nvme0n1'],
    });
  });
  it('refuses tmpfs with a reason and no disk', async () => {
    const snap = await snapshotFixture('sata-ssd-sata2');
    const loc = locate(snap, '0:29', '/tmp/x');
    expect(loc.disks).toEqual([]);
    expect(warningFor('/tmp/x', loc, true, null)).toMatch(/tmpfs.*would not measure a drive/);
  });
});

describe('mountinfo', () => {
  const text = [
    '26 1 254:0 / / rw,relatime - ext4 /dev/vda rw,discard',
    '41 26 7:1 / /mnt/with\\040space ro,relatime - ext4 /dev/loop1 ro',
    '50 26 0:50 / /mnt/nfs rw - nfs4 srv:/export rw,vers=4.2',
    '51 26 0:51 / /mnt/fuse rw - fuse.sshfs me@host: rw',
    '52 26 0:52 / /var/lib/docker/overlay2/x/merged rw - overlay overlay rw',
  ].join('\n');
  const mounts = parseMountinfo(text);
  it('unescapes paths, merges options, reads ro', () => {
    expect(mounts[1]).toMatchObject({
      mountpoint: '/mnt/with space',
      readOnly: true,
      source: '/dev/loop1',
    });
    expect(mounts[0]!.options).toEqual(['rw', 'relatime', 'discard']);
  });
  it('picks the longest mount point without matching siblings by prefix', () => {
    expect(mountFor(mounts, '/mnt/with space/a')!.mountpoint).toBe('/mnt/with space');
    expect(mountFor(mounts, '/mnt/nfsdata')!.mountpoint).toBe('/');
  });
  it('warns for NFS, FUSE and overlay', () => {
    expect(notADriveReason('nfs4')).toMatch(/network/);
    expect(notADriveReason('fuse.sshfs')).toMatch(/network|FUSE/);
    expect(notADriveReason('fuse.gvfsd-fuse')).toMatch(/FUSE/);
    expect(notADriveReason('overlay')).toMatch(/overlay/);
    expect(notADriveReason('ext4')).toBeNull();
    expect(notADriveReason('btrfs')).toBeNull();
  });
});
