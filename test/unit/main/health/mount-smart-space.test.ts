// Mount options, SMART and space statuses on inputs changed one fact at a time.
import { describe, expect, it } from 'vitest';
import { checkMountOptions, mountFindings } from '../../../../src/main/health/mount-options';
import { checkSmart } from '../../../../src/main/health/smart';
import { checkSpace } from '../../../../src/main/health/space';
import { fixtureHealthInputs, smartFixture } from './fixture';

describe('mount options', () => {
  const m = (fsType: string, opts: string) => ({
    device: '/dev/x',
    mountpoint: '/',
    fsType,
    options: opts.split(','),
    raw: '',
  });
  it('names what costs writes', () => {
    expect(mountFindings(m('ext4', 'rw,strictatime'), true).map((f) => f.severity)).toEqual([
      'warn',
    ]);
    expect(mountFindings(m('ext4', 'rw,relatime,data=journal,commit=1'), true)).toHaveLength(2);
    expect(mountFindings(m('btrfs', 'rw,relatime,autodefrag'), true)).toHaveLength(1);
    expect(mountFindings(m('btrfs', 'rw,relatime,autodefrag'), false)).toHaveLength(0);
    expect(mountFindings(m('xfs', 'rw,noatime,wsync'), true)).toHaveLength(1);
    expect(mountFindings(m('vfat', 'rw,fmask=0022'), true)).toHaveLength(0);
  });
  it('warn with a remount command when fstab has no line; unknown when nothing is mounted', async () => {
    const inp = await fixtureHealthInputs('virtio');
    const c = checkMountOptions({ ...inp, diskMounts: [m('ext4', 'rw,strictatime')] });
    expect(c).toMatchObject({
      status: 'warn',
      fix: { kind: 'command', text: 'sudo mount -o remount,noatime /' },
    });
    expect(checkMountOptions({ ...inp, diskMounts: [], mounts: [] }).status).toBe('unknown');
  });
});

describe('SMART', () => {
  const nvme = JSON.parse(smartFixture('smartctl-nvme-health-kxg6.json'));
  const run = (j: unknown) =>
    checkSmart({ json: JSON.stringify(j), reason: null, device: '/dev/nvme0n1' });
  it('NVMe: worn or erroring warns, spare below threshold or a critical warning fails', () => {
    const log = nvme.nvme_smart_health_information_log;
    expect(
      run({ ...nvme, nvme_smart_health_information_log: { ...log, percentage_used: 95 } }).status,
    ).toBe('warn');
    expect(
      run({ ...nvme, nvme_smart_health_information_log: { ...log, media_errors: 4 } }).summary,
    ).toMatch(/4 media errors/);
    expect(
      run({ ...nvme, nvme_smart_health_information_log: { ...log, available_spare: 40 } }).status,
    ).toBe('fail');
    expect(run({ ...nvme, smart_status: { passed: false } }).status).toBe('fail');
  });
  it('ATA: pending sectors warn; a passed HDD is ok', () => {
    const hdd = JSON.parse(smartFixture('smartctl-hdd-samsung-hd204ui.json'));
    expect(run(hdd).status).toBe('ok');
    const table = [{ id: 197, name: 'Current_Pending_Sector', raw: { value: 8 } }];
    expect(run({ ...hdd, ata_smart_attributes: { table } }).summary).toMatch(
      /8 sectors wait to be reallocated/,
    );
  });
  it("unknown with smartctl's own words on a loop device (real output), and without admin rights", () => {
    const loop = checkSmart({
      json: smartFixture('smartctl-loop-unsupported.json'),
      reason: null,
      device: '/dev/loop0',
    });
    expect(loop).toMatchObject({
      status: 'unknown',
      summary: 'smartctl gave no health verdict: /dev/loop0: Unable to detect device type',
    });
    expect(
      checkSmart({ json: null, reason: 'smartctl is not installed', device: '/dev/sda' }).summary,
    ).toBe('smartctl is not installed');
    expect(checkSmart({ json: 'garbage', reason: null, device: '/dev/sda' }).status).toBe(
      'unknown',
    );
  });
});

describe('space', () => {
  const s = (free: number, avail: number) => ({
    mountpoint: '/',
    totalBytes: 100e9,
    freeBytes: free,
    availBytes: avail,
  });
  it('85% warns, 95% fails, unreadable is unknown', () => {
    expect(checkSpace(s(50e9, 45e9), null).status).toBe('ok');
    expect(checkSpace(s(14e9, 14e9), null).status).toBe('warn');
    expect(checkSpace(s(16e9, 16e9), null).status).toBe('ok');
    expect(checkSpace(s(4e9, 4e9), null).status).toBe('fail');
    expect(checkSpace(null, 'statfs /: EACCES')).toMatchObject({
      status: 'unknown',
      summary: 'statfs /: EACCES',
    });
  });
});
