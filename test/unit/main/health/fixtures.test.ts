// Every check over the drive fixtures, read the way `drivewise health` reads a machine.
import { describe, expect, it } from 'vitest';
import { runChecks } from '../../../../src/main/health/checks';
import type { HealthCheck } from '../../../../src/main/health/types';
import { fixtureHealthInputs, smartFixture } from './fixture';

const statuses = (checks: HealthCheck[]) => Object.fromEntries(checks.map((c) => [c.id, c.status]));
const byId = (checks: HealthCheck[], id: string) => checks.find((c) => c.id === id)!;

describe('set-up check on the drive fixtures', () => {
  it('SATA HDD on a 3 Gb/s link: TRIM does not apply, fstab by UUID and resume= resolve, 90% full warns', async () => {
    const checks = runChecks(await fixtureHealthInputs('sata-hdd-3g'));
    expect(statuses(checks)).toMatchObject({
      trim: 'ok',
      alignment: 'ok',
      link: 'ok',
      scheduler: 'ok',
      'fstab.names': 'ok',
      'fstab.resolve': 'ok',
      'fstab.resume': 'ok',
      'fstab.swap': 'ok',
      'mount-options': 'ok',
      smart: 'unknown',
      space: 'warn',
    });
    expect(byId(checks, 'link').summary).toMatch(/a hard disk does not reach that/);
    expect(byId(checks, 'fstab.resume').evidence[0]!.value).toBe(
      'resume=UUID=a4d1f1b8-3f0c-4c61-b8a6-5d0fdc0f7d1e',
    );
    expect(byId(checks, 'space').evidence[0]!.value).toMatch(/90% full/);
    expect(byId(checks, 'smart').summary).toMatch(/admin rights/);
  });

  it('SATA SSD on a SATA II port: the cap is said in MB/s, fstab by /dev/sda1 warns with a UUID line', async () => {
    const checks = runChecks(await fixtureHealthInputs('sata-ssd-sata2'));
    const link = byId(checks, 'link');
    expect(link.status).toBe('warn');
    expect(link.summary).toMatch(
      /Your port runs at 3\.0 Gb\/s and caps this drive at about 279 MB\/s/,
    );
    const names = byId(checks, 'fstab.names');
    expect(names.status).toBe('warn');
    expect(names.fix?.text).toBe(
      'UUID=c1f1e7a2-55d8-4a8e-9a1f-3f0b8e2d6c10 / ext4 noatime,errors=remount-ro 0 1',
    );
    expect(byId(checks, 'trim')).toMatchObject({
      status: 'ok',
      summary: 'fstrim.timer trims the SSD weekly.',
    });
    expect(byId(checks, 'fstab.swap').status).toBe('ok'); // /swapfile on the same disk
  });

  it('SATA SSD whose smartctl says it can do 6 Gb/s, on a port that negotiated 3: same warn, both speeds named', async () => {
    const inp = await fixtureHealthInputs('sata-ssd-sata2', '/', {
      smart: async (device) => ({
        json: smartFixture('smartctl-ssd-kingston-sv300.json'),
        reason: null,
        device,
      }),
    });
    const link = byId(runChecks(inp), 'link');
    expect(link.status).toBe('warn');
    expect(link.summary).toMatch(/the drive can do 6\.0 Gb\/s, about 558 MB\/s/);
    expect(link.evidence.map((e) => e.source)).toContain(
      'smartctl -a -j /dev/sda: interface_speed.max',
    );
  });

  it('NVMe Gen4 on btrfs with discard=async: TRIM ok, the odd-sector p3 start fails alignment, 91% full warns', async () => {
    const checks = runChecks(await fixtureHealthInputs('nvme-gen4'));
    expect(statuses(checks)).toMatchObject({
      trim: 'ok',
      alignment: 'fail',
      link: 'ok',
      scheduler: 'ok',
      space: 'warn',
      'fstab.swap': 'ok',
    });
    expect(byId(checks, 'trim').summary).toMatch(/discard=async/);
    expect(byId(checks, 'alignment').evidence.some((e) => /3327999 sectors/.test(e.value))).toBe(
      true,
    );
    expect(byId(checks, 'fstab.names').summary).toMatch(/does not exist.*root=UUID=40f2e6a1/);
  });

  it('NVMe with SMART from the helper (smartctl -a -j health log): ok, with wear, spare and hours as evidence', async () => {
    const inp = await fixtureHealthInputs('nvme-gen3', '/', {
      smart: async (device) => ({
        json: smartFixture('smartctl-nvme-health-kxg6.json'),
        reason: null,
        device,
      }),
    });
    const smart = byId(runChecks(inp), 'smart');
    expect(smart.status).toBe('ok');
    expect(smart.evidence[1]!.value).toBe(
      'percentage_used 3%, available_spare 100% (threshold 50%), media_errors 0, unsafe_shutdowns 97, power_on_hours 6158, critical_warning 0',
    );
  });

  it('LUKS on NVMe (Gen4 drive in a Gen3 slot): the dm-crypt table without allow_discards fails TRIM with a crypttab edit', async () => {
    const checks = runChecks(await fixtureHealthInputs('dm-crypt-nvme'));
    const trim = byId(checks, 'trim');
    expect(trim.status).toBe('fail');
    expect(trim.summary).toMatch(/LUKS mapping luks-3f2a9c1e.* does not allow discards/);
    expect(trim.fix).toMatchObject({
      kind: 'edit',
      text: 'luks-3f2a9c1e-7b4d-4e0a-9c8b-1d2e3f405162 UUID=3f2a9c1e-7b4d-4e0a-9c8b-1d2e3f405162 none luks,discard',
    });
    expect(trim.evidence.map((e) => e.source)).toContain(
      'dmsetup table luks-3f2a9c1e-7b4d-4e0a-9c8b-1d2e3f405162',
    );
    const link = byId(checks, 'link');
    expect(link.status).toBe('warn');
    expect(link.summary).toMatch(
      /PCIe Gen3 x4 \(8 GT\/s\).*about 3742 MB\/s.*PCIe Gen4 x4 \(16 GT\/s\), about 7483 MB\/s/,
    );
    expect(byId(checks, 'fstab.names').status).toBe('ok'); // /dev/mapper/… is stable
  });

  it('LUKS without root (no dm table, no sysfs figure): crypttab decides', async () => {
    const inp = await fixtureHealthInputs('dm-crypt-nvme');
    inp.stack = inp.stack.map((l) => ({ ...l, dmTable: null }));
    expect(byId(runChecks(inp), 'trim').status).toBe('fail');
    const withDiscard = {
      ...inp.crypttab,
      text: inp.crypttab.text!.replace(' luks', ' luks,discard'),
    };
    expect(byId(runChecks({ ...inp, crypttab: withDiscard }), 'trim').status).toBe('ok');
  });

  it('LUKS mapping opened with discards: the same stack passes TRIM', async () => {
    const inp = await fixtureHealthInputs('dm-crypt-nvme');
    inp.stack = inp.stack.map((l) =>
      l.kind === 'crypt'
        ? { ...l, dmTable: `${l.dmTable} 1 allow_discards`, discardMax: 2199023255040 }
        : l,
    );
    expect(byId(runChecks(inp), 'trim').status).toBe('ok');
  });

  it('LVM thin pool with no_discard_passdown: TRIM fails with the lvchange fix; readable without root it is not blamed', async () => {
    const inp = await fixtureHealthInputs('lvm-thin');
    expect(inp.stack.map((l) => l.kind)).toEqual([
      'lvm-thin',
      'lvm-thin-pool',
      'lvm',
      'part',
      'disk',
      'lvm',
    ]);
    const trim = byId(runChecks(inp), 'trim');
    expect(trim.status).toBe('fail');
    expect(trim.fix?.text).toBe('sudo lvchange --discards passdown vg0/pool');
    // Without root `dmsetup table` fails: the pool's mode is not known, so TRIM is judged on the rest.
    const noRoot = await fixtureHealthInputs('lvm-thin', '/', {
      run: async (cmd, args) => {
        if (cmd === 'dmsetup') throw new Error('Permission denied');
        const { healthRunner } = await import('./fixture');
        return healthRunner('lvm-thin')(cmd, args);
      },
    });
    const t2 = byId(runChecks(noRoot), 'trim');
    expect(t2.status).toBe('ok');
    expect(t2.evidence.find((e) => e.source === 'dmsetup table vg0-pool-tpool')?.value).toBe(
      'not read (needs admin rights)',
    );
  });

  it('cloned, misaligned SSD: sector 63 fails alignment; TRIM never run; sync mount, dead resume= and /home UUID fail', async () => {
    const checks = runChecks(await fixtureHealthInputs('cloned-misaligned'));
    expect(statuses(checks)).toMatchObject({
      trim: 'fail',
      alignment: 'fail',
      link: 'ok',
      'fstab.names': 'warn',
      'fstab.resolve': 'fail',
      'fstab.resume': 'fail',
      'fstab.swap': 'ok',
      'fstab.old-drive': 'ok',
      'mount-options': 'fail',
      space: 'fail',
    });
    expect(byId(checks, 'alignment').evidence[2]!.value).toBe(
      '63 sectors = 32256 bytes (32256 bytes past a 1 MiB boundary)',
    );
    expect(byId(checks, 'trim').fix?.text).toBe('sudo systemctl enable --now fstrim.timer');
    expect(byId(checks, 'mount-options').fix).toMatchObject({
      kind: 'edit',
      text: '/dev/sda1  /  ext4  errors=remount-ro  0  1',
    });
    expect(byId(checks, 'fstab.resume').fix?.text).toBe(
      'GRUB_CMDLINE_LINUX_DEFAULT="... resume=UUID=5a5a5a5a-6b6b-4c7c-8d8d-9e9e9e9e9e9e"',
    );
    expect(byId(checks, 'fstab.resolve').fix?.text).toBe(
      '# UUID=0d15ea5e-dead-4bad-8bad-0000feedface /home ext4 defaults 0 2',
    );
    expect(byId(checks, 'fstab.names').fix?.text).toBe(
      'UUID=c0ffee00-1111-4222-8333-444455556666 / ext4 errors=remount-ro 0 1\nUUID=b16b00b5-0000-4000-8000-00000000a11d /mnt/old ext4 defaults,nofail 0 2',
    );
  });

  it('cloned case with the before-run drive known: the old HDD still mounted at /mnt/old and in fstab warns', async () => {
    const inp = await fixtureHealthInputs('cloned-misaligned', '/', {
      oldDrive: { path: '/dev/sdb', model: 'WDC WD20EZRX-00D8PB0', serial: 'WD-WCC4M1234567' },
    });
    const old = byId(runChecks(inp), 'fstab.old-drive');
    expect(old.status).toBe('warn');
    expect(old.summary).toMatch(
      /still mounted at \/mnt\/old and in fstab \(\/dev\/sdb1 → \/mnt\/old\)/,
    );
    expect(old.fix).toMatchObject({
      kind: 'edit',
      text: '# /dev/sdb1 /mnt/old ext4 defaults,nofail 0 2',
    });
  });

  it('USB 2.0 stick: the link warns at ~40 MB/s; an HDD-like stick wants bfq or mq-deadline', async () => {
    const checks = runChecks(await fixtureHealthInputs('usb-stick', '/media/lee/CRUZER'));
    expect(byId(checks, 'link')).toMatchObject({ status: 'warn' });
    expect(byId(checks, 'link').summary).toMatch(
      /USB 2\.0 \(480 Mb\/s\), which caps it at about 40 MB\/s/,
    );
    expect(byId(checks, 'scheduler').status).toBe('ok');
    expect(byId(checks, 'trim').status).toBe('warn'); // the bridge passes no discards
  });

  it('virtio (this VM): link unknown with the reason, the rest decided', async () => {
    const checks = runChecks(await fixtureHealthInputs('virtio'));
    expect(byId(checks, 'link')).toMatchObject({
      status: 'unknown',
      summary: '/dev/vda is a virtual disk: there is no SATA or PCIe link to read',
    });
    for (const id of [
      'trim',
      'alignment',
      'scheduler',
      'fstab.names',
      'fstab.resolve',
      'mount-options',
      'space',
    ])
      expect(byId(checks, id).status, id).not.toBe('unknown');
  });
});
