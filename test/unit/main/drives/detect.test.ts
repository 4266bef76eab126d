import { describe, expect, it } from 'vitest';
import { driveInfo } from '../../../../src/shared/schemas/drive';
import { detectDrivesWith } from '../../../../src/main/drives/detect';
import { detectFixture, fixtureOpts, fixtureRunner } from './fixture';

const one = async (name: string, path: string, extra = {}) => {
  const drives = await detectFixture(name, extra);
  for (const d of drives) driveInfo.parse(d); // every answer fits the contract
  const d = drives.find((x) => x.path === path);
  if (!d) throw new Error(`${path} not detected in ${name}`);
  return d;
};

describe('detectDrives on fixture trees', () => {
  it('SATA HDD on a 3 Gb/s link: HDD, SATA II ceiling, no TRIM, system drive', async () => {
    const d = await one('sata-hdd-3g', '/dev/sda', { home: '/home/ana' });
    expect(d).toMatchObject({
      kind: 'hdd',
      model: 'SAMSUNG HD204UI',
      transport: 'sata',
      rotational: true,
      trim: false,
      scheduler: 'mq-deadline',
      isSystem: true,
      holds: ['/', '/home', '/boot'],
    });
    expect(d.link).toMatchObject({
      bus: 'sata',
      current: 'SATA II 3.0 Gb/s',
      max: 'SATA III 6.0 Gb/s',
    });
    expect(d.link!.ceilingMBps).toBeCloseTo(279, 0);
    expect(d.link!.maxCeilingMBps).toBeCloseTo(558, 0);
    expect(d.kindEvidence).toContain('rotational=1');
    const names = d.partitions.map((p) => [p.name, p.fsType, p.mountpoints.join(' ')]);
    expect(names).toEqual([
      ['sda1', 'vfat', '/boot/efi'],
      ['sda2', 'ext4', '/'],
      ['sda3', 'swap', ''],
    ]);
    expect(d.partitions[1]!.mountOptions).toContain('errors=remount-ro');
    expect(d.partitions[1]!.startBytes).toBe(1050624 * 512);
    expect(d.testability).toMatchObject({ fileTests: true, suggestedDir: '/home/ana' });
  });

  it('SATA SSD on a SATA II port: ceiling in the 270–285 MB/s range, TRIM, noatime+discard', async () => {
    const d = await one('sata-ssd-sata2', '/dev/sda');
    expect(d.kind).toBe('sata-ssd');
    expect(d.kindEvidence).toEqual(['transport sata', 'rotational=0']);
    expect(d.link!.current).toBe('SATA II 3.0 Gb/s');
    expect(d.link!.ceilingMBps).toBeGreaterThanOrEqual(270);
    expect(d.link!.ceilingMBps).toBeLessThanOrEqual(285);
    expect(d.link!.maxCeilingMBps).toBe(d.link!.ceilingMBps);
    expect(d.trim).toBe(true);
    const home = d.partitions.find((p) => p.mountpoints.includes('/home'))!;
    expect(home.mountOptions).toEqual(expect.arrayContaining(['noatime', 'discard']));
    expect(d.holds).toEqual(['/', '/home', '/boot']);
  });

  it('NVMe Gen3 x4 with the old "8 GT/s" format, through an old lsblk', async () => {
    const calls: string[][] = [];
    const drives = await detectDrivesWith({
      ...fixtureOpts('nvme-gen3'),
      run: fixtureRunner('nvme-gen3', calls),
    });
    expect(calls).toHaveLength(2); // MOUNTPOINTS refused, retried with MOUNTPOINT
    const d = drives[0]!;
    expect(d).toMatchObject({
      kind: 'nvme-ssd',
      model: 'KXG6AZNV512G TOSHIBA',
      firmware: '5108AGLA',
      scheduler: 'none',
      trim: true,
    });
    expect(d.link).toMatchObject({ bus: 'pcie', current: 'PCIe Gen3 x4 (8 GT/s)' });
    expect(d.link!.ceilingMBps).toBeCloseTo(3741.5, 0);
    expect(d.partitions.find((p) => p.name === 'nvme0n1p2')!.mountpoints).toEqual(['/']);
    expect(d.sizeBytes).toBe(512110190592);
  });

  it('NVMe Gen4 x4 with the new "16.0 GT/s PCIe" format; btrfs subvolumes map back to the disk', async () => {
    const d = await one('nvme-gen4', '/dev/nvme0n1', { home: '/home/kim' });
    expect(d.link!.current).toBe('PCIe Gen4 x4 (16 GT/s)');
    expect(d.link!.ceilingMBps).toBeCloseTo(7483, 0);
    expect(d.holds).toEqual(['/', '/home', '/boot']);
    const root = d.partitions.find((p) => p.name === 'nvme0n1p3')!;
    expect(root.fsType).toBe('btrfs');
    expect(root.mountpoints).toEqual(['/', '/home']);
    expect(root.mountOptions).toContain('discard=async');
    expect(d.testability!.suggestedDir).toBe('/home/kim');
  });

  it('USB stick: kind usb on a USB 2.0 link, removable, proposes its mount', async () => {
    const drives = await detectFixture('usb-stick', { home: '/home/lee' });
    const [sda, sdb, sdc] = drives;
    expect(sdb).toMatchObject({ kind: 'usb', removable: true, isSystem: false, holds: [] });
    expect(sdb!.kindEvidence).toEqual(['transport usb', 'removable media']);
    expect(sdb!.link).toMatchObject({ bus: 'usb', current: 'USB 2.0 (480 Mb/s)', ceilingMBps: 40 });
    expect(sdb!.testability).toMatchObject({ fileTests: true, suggestedDir: '/media/lee/CRUZER' });
    expect(sdc).toMatchObject({ kind: 'usb', link: { ceilingMBps: 450 } });
    expect(sdc!.testability).toMatchObject({
      fileTests: false,
      rawReadTests: true,
      reason: expect.stringMatching(/encrypted partition is not unlocked/),
    });
    expect(sda).toMatchObject({ kind: 'sata-ssd', isSystem: true });
    expect(sda!.link!.current).toBe('SATA III 6.0 Gb/s');
  });

  it('virtio disk reporting rotational=1 is "virtual", not an HDD; zram of size 0 is skipped', async () => {
    const drives = await detectFixture('virtio', { home: '/root' });
    expect(drives.map((d) => d.path)).toEqual(['/dev/vda']);
    const d = drives[0]!;
    expect(d).toMatchObject({
      kind: 'virtual',
      rotational: true,
      link: null,
      isSystem: true,
      trim: true,
    });
    expect(d.kindEvidence).toContain('rotational=1 (ignored)');
    expect(d.physicalSectorBytes).toBe(4096);
    // A filesystem on the whole disk shows up as its own entry.
    expect(d.partitions).toEqual([
      expect.objectContaining({
        path: '/dev/vda',
        type: 'disk',
        fsType: 'ext4',
        mountpoints: ['/'],
      }),
    ]);
    expect(d.testability!.suggestedDir).toBe('/root');
  });

  it('loop device is "loop" with its backing file', async () => {
    const d = await one('loop', '/dev/loop1');
    expect(d).toMatchObject({
      kind: 'loop',
      backingFile: '/tmp/dw-cap-M6CA/img.ext4',
      isSystem: false,
      link: null,
      scheduler: 'none',
    });
    expect(d.testability).toMatchObject({ fileTests: true, suggestedDir: '/tmp/dw-cap-M6CA/mnt' });
  });

  it('dm-crypt on NVMe: / through dm-0 marks the NVMe as system drive; Gen4 drive in a Gen3 slot', async () => {
    const d = await one('dm-crypt-nvme', '/dev/nvme0n1');
    expect(d.holds).toEqual(['/', '/home', '/boot']);
    expect(d.link).toMatchObject({
      current: 'PCIe Gen3 x4 (8 GT/s)',
      max: 'PCIe Gen4 x4 (16 GT/s)',
    });
    expect(d.link!.maxCeilingMBps! / d.link!.ceilingMBps!).toBeCloseTo(2, 1);
    const crypt = d.partitions.find((p) => p.type === 'crypt')!;
    expect(crypt).toMatchObject({
      path: '/dev/mapper/luks-3f2a9c1e-7b4d-4e0a-9c8b-1d2e3f405162',
      fsType: 'ext4',
      mountpoints: ['/'],
      mountOptions: expect.arrayContaining(['noatime']),
    });
  });

  it('honours read-only and non-writable mounts when proposing a directory', async () => {
    const d = await one('sata-ssd-sata2', '/dev/sda', { writable: async () => false });
    expect(d.testability).toMatchObject({
      fileTests: false,
      reason: 'no directory on it is writable for you: only read tests, with admin rights',
    });
  });

  it('says so when lsblk is not JSON', async () => {
    await expect(
      detectDrivesWith({ ...fixtureOpts('virtio'), run: async () => 'NAME SIZE\nvda 256G' }),
    ).rejects.toThrow(/not JSON/);
  });
});

describe('proposed directory', () => {
  it('never proposes /boot or /boot/efi; falls back to /var/tmp on the root filesystem', async () => {
    // No home given: the HDD holds only /, /boot/efi and swap.
    const d = await one('sata-hdd-3g', '/dev/sda');
    expect(d.testability!.suggestedDir).toBe('/var/tmp');
  });
  it('prefers a roomy non-root mount over /', async () => {
    const d = await one('sata-ssd-sata2', '/dev/sda');
    expect(d.testability!.suggestedDir).toBe('/home');
  });
});
