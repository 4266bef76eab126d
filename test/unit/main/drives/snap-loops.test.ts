// Issue 38 item 3: a stock Ubuntu 24.04 with twelve snaps (lsblk and mountinfo as it prints them,
// test/fixtures/drives/ubuntu-snaps) lists the NVMe system disk and the SATA data disk by default,
// and every device with "show all"; a loop device set up on an ext4 image stays listed.
import { describe, expect, it } from 'vitest';
import { driveInfo } from '../../../../src/shared/schemas/drive';
import { hiddenReason, shownDrives } from '../../../../src/shared/drive-visibility';
import { detectFixture } from './fixture';
import { listText } from '../../../../src/main/drives/cli';

describe('snap loop devices on Ubuntu', () => {
  it('default list: only the real disks; with all: the twelve snaps too', async () => {
    const drives = await detectFixture('ubuntu-snaps', { home: '/home/ana' });
    drives.forEach((d) => driveInfo.parse(d));
    expect(shownDrives(drives, false).map((d) => [d.name, d.kind])).toEqual([
      ['sda', 'hdd'],
      ['nvme0n1', 'nvme-ssd'],
    ]);
    const all = shownDrives(drives, true).map((d) => d.name);
    expect(all).toHaveLength(14);
    expect(all).toEqual(expect.arrayContaining(['nvme0n1', 'sda']));
    for (let i = 0; i < 12; i++) expect(all).toContain(`loop${i}`);
    const firefox = drives.find((d) => d.name === 'loop3')!;
    expect(firefox.backingFile).toBe('/var/lib/snapd/snaps/firefox_5187.snap');
    expect(hiddenReason(firefox)).toBe('a snap package image');
    expect(drives.find((d) => d.name === 'nvme0n1')!.isSystem).toBe(true);
  });

  it('a read-only squashfs loop is hidden wherever its image lives', async () => {
    const drives = await detectFixture('ubuntu-snaps');
    const loop = { ...drives.find((d) => d.name === 'loop0')!, backingFile: '/home/ana/app.sqfs' };
    expect(hiddenReason(loop)).toBe('a read-only squashfs image');
    // Written to (the squashfs flag alone is not enough): listed.
    const rw = { ...loop, partitions: loop.partitions.map((p) => ({ ...p, readOnly: false })) };
    expect(hiddenReason(rw)).toBeNull();
  });

  it("the writable ext4 loop Drivewise's own tests use stays listed", async () => {
    const drives = await detectFixture('loop');
    const loop = drives.find((d) => d.name === 'loop1')!;
    expect(loop).toMatchObject({ kind: 'loop', backingFile: '/tmp/dw-cap-M6CA/img.ext4' });
    expect(shownDrives(drives, false)).toContain(loop);
  });
});

describe('drivewise drives', () => {
  it('says how many snap loops it left out and how to list them', async () => {
    const drives = await detectFixture('ubuntu-snaps', { home: '/home/ana' });
    const text = listText(drives, shownDrives(drives, false));
    expect(text).toMatch(
      /\n12 read-only loop devices \(snap packages\) not listed: drivewise drives --all lists them\n/,
    );
    expect(listText(drives, drives)).not.toMatch(/not listed/);
  });
});
