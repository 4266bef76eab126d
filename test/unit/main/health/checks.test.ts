// The statuses the fixtures do not reach, on inputs changed one fact at a time.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkAlignment } from '../../../../src/main/health/alignment';
import { checkOldDrive, checkResume, checkSwap } from '../../../../src/main/health/boot';
import { checkFstabNames, checkFstabResolves } from '../../../../src/main/health/fstab';
import { checkLink } from '../../../../src/main/health/link';
import { parseCmdline, parseSfdiskJson } from '../../../../src/main/health/parse';
import { checkScheduler } from '../../../../src/main/health/scheduler';
import { checkTrim, lvmName } from '../../../../src/main/health/trim';
import type { DiskFacts } from '../../../../src/main/health/types';
import { FIXTURES, fixtureHealthInputs } from './fixture';

const file = (path: string, text: string | null, error: string | null = null) => ({
  path,
  text,
  error,
});

describe('TRIM', () => {
  it('unknown when discard_max_bytes cannot be read; warn when the timer state is unreadable', async () => {
    const inp = await fixtureHealthInputs('sata-ssd-sata2');
    expect(checkTrim({ ...inp, disk: { ...inp.disk!, discardMax: null } }).status).toBe('unknown');
    expect(checkTrim({ ...inp, disk: null }).status).toBe('unknown');
    const cloned = await fixtureHealthInputs('cloned-misaligned');
    const t = checkTrim({
      ...cloned,
      fstrimTimer: { enabled: null, source: 'x', value: 'unreadable' },
    });
    expect(t.status).toBe('warn');
    expect(t.fix?.text).toBe('sudo systemctl enable --now fstrim.timer');
  });
  it('no "OK" from fstrim.timer where systemd did not boot the system: unknown, and why', async () => {
    const raw = await fixtureHealthInputs('sata-ssd-sata2');
    // Without online discard, so only the timer could trim.
    const mounts = raw.mounts.map((m) => ({
      ...m,
      options: m.options.filter((o) => !o.startsWith('discard')),
    }));
    const inp = { ...raw, mounts };
    const timer = { enabled: true, source: 'x', value: 'present (fstrim.timer enabled)' };
    const booted = checkTrim({ ...inp, fstrimTimer: { ...timer, systemdBooted: true } });
    expect(booted.status).toBe('ok');
    const ok = booted.status;
    const t = checkTrim({ ...inp, fstrimTimer: { ...timer, systemdBooted: false } });
    expect(t.status).toBe('unknown');
    expect(t.summary).toMatch(/not booted with systemd/);
    const cron = checkTrim({
      ...inp,
      fstrimTimer: { ...timer, systemdBooted: false, viaCron: true },
    });
    expect(cron.status).toBe(ok); // cron runs without systemd
  });
  it('an SSD that accepts no discards warns', async () => {
    const inp = await fixtureHealthInputs('sata-ssd-sata2');
    expect(checkTrim({ ...inp, disk: { ...inp.disk!, discardMax: 0 } })).toMatchObject({
      status: 'warn',
    });
  });
  it('names LVM volumes the way lvchange wants them', () => {
    expect(lvmName('vg0-pool-tpool')).toBe('vg0/pool');
    expect(lvmName('my--vg-thin--pool-tpool')).toBe('my-vg/thin-pool');
  });
});

describe('alignment', () => {
  const hdd: DiskFacts = {
    name: 'sdb',
    path: '/dev/sdb',
    kind: 'hdd',
    model: null,
    serial: null,
    rotational: true,
    discardMax: 0,
    physicalBytes: 512,
    optimalIoBytes: 0,
    schedulerText: '[bfq] mq-deadline none',
    link: null,
    parts: [],
    partsSource: 'x',
  };
  it('a real sfdisk -J of a 63-sector clone: warn on a 512-byte HDD, fail on an SSD or a 4K-sector disk', () => {
    const sf = parseSfdiskJson(
      readFileSync(join(FIXTURES, 'health/sfdisk-cloned-misaligned.json'), 'utf8'),
    );
    expect(sf.parts.map((p) => p.startSectors)).toEqual([63, 65599]);
    const d = { ...hdd, parts: sf.parts, partsSource: 'sfdisk -J mis.img (*)' };
    expect(checkAlignment(d).status).toBe('warn');
    expect(checkAlignment({ ...d, kind: 'sata-ssd', rotational: false }).status).toBe('fail');
    expect(checkAlignment({ ...d, physicalBytes: 4096 }).status).toBe('fail');
  });
  it('ok, warn, fail and unknown by the boundary each start sits on', () => {
    const at = (starts: number[], over: Partial<DiskFacts> = {}) =>
      checkAlignment({
        ...hdd,
        ...over,
        parts: starts.map((s, i) => ({ name: `sdb${i + 1}`, startSectors: s })),
      }).status;
    expect(at([2048, 1050624])).toBe('ok');
    expect(at([63])).toBe('warn'); // a 512-byte-sector disk: on its sectors, not on 1 MiB
    expect(at([64])).toBe('warn');
    expect(at([63], { physicalBytes: 4096 })).toBe('fail');
    expect(at([64], { kind: 'sata-ssd', rotational: false })).toBe('warn'); // 4 KiB multiple, not 1 MiB
    expect(checkAlignment(null).status).toBe('unknown');
  });
});

describe('link', () => {
  it('a SATA III SSD negotiated at 1.5 Gb/s on a 6 Gb/s port fails (cable)', async () => {
    const inp = await fixtureHealthInputs('usb-stick');
    const d = {
      ...inp.disk!,
      link: {
        ...inp.disk!.link!,
        current: 'SATA I 1.5 Gb/s',
        ceilingMBps: 139.5,
        deviceMax: '6.0 Gb/s',
      },
    };
    const c = checkLink(d);
    expect(c.status).toBe('fail');
    expect(c.summary).toMatch(
      /negotiated 1\.5 Gb\/s although the port supports 6\.0 Gb\/s and the drive 6\.0 Gb\/s: it caps this drive at about 140 MB\/s/,
    );
  });
  it('unknown without a link, with the reason', () => {
    expect(checkLink(null).status).toBe('unknown');
  });
});

describe('scheduler', () => {
  const base = {
    name: 'sda',
    path: '/dev/sda',
    model: null,
    serial: null,
    discardMax: 0,
    physicalBytes: 512,
    optimalIoBytes: 0,
    link: null,
    parts: [],
    partsSource: '',
  };
  it('bfq on an SSD and none on an HDD warn with a tee command; the offered list is named', () => {
    const ssd = checkScheduler({
      ...base,
      kind: 'sata-ssd',
      rotational: false,
      schedulerText: 'mq-deadline kyber [bfq] none',
    });
    expect(ssd.status).toBe('warn');
    expect(ssd.fix?.text).toBe('echo none | sudo tee /sys/block/sda/queue/scheduler');
    expect(ssd.summary).toMatch(/The kernel offers: mq-deadline, kyber, bfq, none\./);
    const hdd = checkScheduler({
      ...base,
      kind: 'hdd',
      rotational: true,
      schedulerText: '[none] mq-deadline bfq',
    });
    expect(hdd.status).toBe('warn');
    expect(hdd.fix?.text).toBe('echo bfq | sudo tee /sys/block/sda/queue/scheduler');
    expect(
      checkScheduler({
        ...base,
        kind: 'hdd',
        rotational: true,
        schedulerText: 'mq-deadline kyber [bfq] none',
      }).status,
    ).toBe('ok');
    expect(
      checkScheduler({ ...base, kind: 'hdd', rotational: true, schedulerText: null }).status,
    ).toBe('unknown');
  });
});

describe('fstab and boot', () => {
  it('an unreadable fstab is unknown with the reason; an absent one is ok', async () => {
    const inp = await fixtureHealthInputs('sata-hdd-3g');
    expect(checkFstabNames({ ...inp, fstab: file('/etc/fstab', null, 'EACCES') })).toMatchObject({
      status: 'unknown',
      summary: 'cannot read /etc/fstab: EACCES',
    });
    expect(checkFstabResolves({ ...inp, fstab: file('/etc/fstab', null, 'absent') }).status).toBe(
      'ok',
    );
  });
  it('a missing nofail entry only warns', async () => {
    const inp = await fixtureHealthInputs('sata-hdd-3g');
    const fstab = file(
      '/etc/fstab',
      `${inp.fstab.text}\nUUID=dead-beef /mnt/backup ext4 defaults,nofail 0 2\n`,
    );
    expect(checkFstabResolves({ ...inp, fstab }).status).toBe('warn');
  });
  it("resume= at a non-swap fails, at the old drive's swap warns, unreadable cmdline is unknown", async () => {
    const inp = await fixtureHealthInputs('cloned-misaligned');
    const cmd = (t: string) => ({
      ...inp,
      cmdline: file('/proc/cmdline', t),
      initramfsResume: file('/x', null, 'absent'),
    });
    expect(
      checkResume(cmd('root=/dev/sda1 resume=UUID=c0ffee00-1111-4222-8333-444455556666')).summary,
    ).toMatch(/holds ext4, not swap/);
    expect(checkResume(cmd('resume=UUID=5a5a5a5a-6b6b-4c7c-8d8d-9e9e9e9e9e9e')).status).toBe('ok');
    const oldSwap = {
      ...inp,
      inventory: inp.inventory.map((e) => (e.path === '/dev/sdb1' ? { ...e, fsType: 'swap' } : e)),
      oldDrive: { path: '/dev/sdb', model: null, serial: 'WD-WCC4M1234567' },
    };
    expect(
      checkResume({
        ...oldSwap,
        cmdline: file('/proc/cmdline', 'resume=/dev/sdb1'),
        initramfsResume: file('/x', null, 'absent'),
      }).status,
    ).toBe('warn');
    expect(checkResume({ ...inp, cmdline: file('/proc/cmdline', null, 'EACCES') }).status).toBe(
      'unknown',
    );
    expect(parseCmdline('quiet resume=/dev/sda2 -- resume=/dev/x').get('resume')).toBe('/dev/sda2');
  });
  it('swap left on the old HDD warns with a swap-file recipe; unreadable /proc/swaps is unknown', async () => {
    const inp = await fixtureHealthInputs('cloned-misaligned');
    const swaps = file(
      '/proc/swaps',
      'Filename Type Size Used Priority\n/dev/sdb1 partition 8388604 0 -2\n',
    );
    const s = checkSwap({ ...inp, swaps });
    expect(s.status).toBe('warn');
    expect(s.summary).toMatch(/\/dev\/sdb1 is on \/dev\/sdb \(WDC WD20EZRX-00D8PB0\)/);
    expect(s.fix?.text).toMatch(/^sudo fallocate -l 4G \/swapfile/);
    expect(checkSwap({ ...inp, swaps: file('/proc/swaps', null, 'EACCES') }).status).toBe(
      'unknown',
    );
  });
  it('the old drive connected but unmounted and out of fstab is ok', async () => {
    const inp = await fixtureHealthInputs('cloned-misaligned');
    const c = checkOldDrive({
      ...inp,
      fstab: file('/etc/fstab', '/dev/sda1 / ext4 defaults 0 1\n'),
      otherDisks: inp.otherDisks.map((o) => ({ ...o, mountpoints: [] })),
      oldDrive: { path: '/dev/sdb', model: null, serial: 'WD-WCC4M1234567' },
    });
    expect(c.status).toBe('ok');
    expect(c.summary).toMatch(/can be removed/);
  });
  it('an old drive without a serial is never called "not connected": its name proves nothing', async () => {
    const inp = await fixtureHealthInputs('cloned-misaligned');
    const c = checkOldDrive({
      ...inp,
      otherDisks: [],
      oldDrive: { path: '/dev/loop0', model: null, serial: null },
    });
    expect(c.status).toBe('unknown');
    expect(c.summary).not.toMatch(/not connected/);
    expect(c.summary).toMatch(/no serial number/);
  });
});
