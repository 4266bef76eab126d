// The set-up check on real loop devices: ext4 images mounted with and without `discard`, and the
// fstab / resume= checks run against files written here. Needs root (losetup, mount).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChecks } from '../../../src/main/health/checks';
import { readHealthInputs, type HealthFiles } from '../../../src/main/health/reader';
import { parseSfdiskJson } from '../../../src/main/health/parse';
import { checkAlignment } from '../../../src/main/health/alignment';
import { healthReport } from '../../../src/shared/contract/health';
import { buildReport } from '../../../src/main/health/checks';

function canLoop(): string | null {
  if (process.getuid?.() !== 0) return 'not root: losetup/mount need root';
  try {
    execFileSync('losetup', ['-f'], { stdio: 'pipe' });
    return null;
  } catch (e) {
    return `losetup not permitted: ${String((e as Error).message).split('\n')[0]}`;
  }
}
const skip = canLoop();
if (skip) console.warn(`skipping set-up check loop tests: ${skip}`);

const sh = (cmd: string, args: string[]) => execFileSync(cmd, args, { encoding: 'utf8' }).trim();

describe.skipIf(skip !== null)('set-up check on loop devices', () => {
  let dir = '';
  const devs: string[] = [];
  const mounts: string[] = [];
  const uuid: Record<string, string> = {};
  let plain = '';
  let disc = '';
  let swapDev = '';

  function image(name: string, mkfs: string[]): string {
    const img = join(dir, `${name}.img`);
    execFileSync('truncate', ['-s', '40M', img]);
    execFileSync(mkfs[0]!, [...mkfs.slice(1), img], { stdio: 'ignore' });
    uuid[name] = sh('blkid', ['-s', 'UUID', '-o', 'value', img]);
    const dev = sh('losetup', ['-f', '--show', img]);
    devs.push(dev);
    return dev;
  }
  function mountAt(dev: string, name: string, opts: string[]): string {
    const mnt = join(dir, name);
    mkdirSync(mnt);
    execFileSync('mount', [...opts, dev, mnt]);
    mounts.push(mnt);
    return mnt;
  }

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'dw-health-'));
    plain = mountAt(image('plain', ['mkfs.ext4', '-q', '-F']), 'plain', []);
    disc = mountAt(image('disc', ['mkfs.ext4', '-q', '-F']), 'disc', ['-o', 'discard,noatime']);
    swapDev = image('swap', ['mkswap']);
  });
  afterAll(() => {
    // Leave the machine as found: unmount, detach, remove the temp dir (all made here).
    for (const m of mounts.reverse()) execFileSync('umount', [m], { stdio: 'ignore' });
    for (const d of devs) execFileSync('losetup', ['-d', d], { stdio: 'ignore' });
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** fstab, cmdline, swaps and the fstrim.timer link as files in the temp dir. */
  function files(over: Partial<Record<keyof HealthFiles, string>>): Partial<HealthFiles> {
    const out: Partial<HealthFiles> = {
      fstrimTimer: join(dir, 'systemd/system/timers.target.wants/fstrim.timer'),
      initramfsResume: join(dir, 'no-initramfs-resume'),
      crypttab: join(dir, 'no-crypttab'),
    };
    mkdirSync(join(dir, 'systemd/system/timers.target.wants'), { recursive: true });
    for (const [k, text] of Object.entries(over)) {
      const p = join(dir, `${k}-${Math.random().toString(36).slice(2)}`);
      writeFileSync(p, text);
      out[k as keyof HealthFiles] = p;
    }
    return out;
  }
  const byId = (c: ReturnType<typeof runChecks>, id: string) => c.find((x) => x.id === id)!;

  it('TRIM: without `discard` and no fstrim.timer it fails; the discard mount is ok', async () => {
    const f = files({ fstab: '', cmdline: 'quiet', swaps: 'Filename Type Size Used Priority\n' });
    const a = runChecks(await readHealthInputs(plain, { files: f }));
    const b = runChecks(await readHealthInputs(disc, { files: f }));
    expect(byId(a, 'trim').status).toBe('fail');
    expect(byId(a, 'trim').summary).toMatch(/never run/);
    expect(byId(b, 'trim').status).toBe('ok');
    expect(byId(b, 'trim').summary).toMatch(/mounted with "discard"/);
    // The loop device accepts discards (punches holes in its file): that is what was read.
    expect(Number(byId(a, 'trim').evidence[0]!.value)).toBeGreaterThan(0);
    // An enabled timer makes the plain mount ok too, where systemd runs timers; on a system not
    // booted with systemd (this machine's PID 1) the timer never fires: unknown, not ok.
    writeFileSync(f.fstrimTimer!, '');
    const timed = byId(runChecks(await readHealthInputs(plain, { files: f })), 'trim').status;
    expect(timed).toBe(existsSync('/run/systemd/system') ? 'ok' : 'unknown');
    rmSync(f.fstrimTimer!);
    // noatime on the discard mount, relatime on the plain one: both ok.
    expect(byId(b, 'mount-options').status).toBe('ok');
    expect(byId(a, 'space').status).toBe('ok');
    expect(byId(a, 'alignment').summary).toMatch(/has no partitions/);
  });

  it('fstab against files written here: UUIDs of the images resolve, /dev/loopN warns, a gone UUID fails', async () => {
    const good = `UUID=${uuid.plain} ${plain} ext4 defaults 0 2\nUUID=${uuid.disc} ${disc} ext4 discard,noatime 0 2\n`;
    const ok = runChecks(
      await readHealthInputs(plain, { files: files({ fstab: good, cmdline: 'quiet', swaps: '' }) }),
    );
    expect(byId(ok, 'fstab.names').status).toBe('ok');
    expect(byId(ok, 'fstab.resolve')).toMatchObject({ status: 'ok' });
    expect(byId(ok, 'fstab.resolve').evidence.map((e) => e.value)).toEqual([
      `${devs[0]} (ext4)`,
      `${devs[1]} (ext4)`,
    ]);
    const bad = `/dev/vdz1 ${plain} ext4 defaults 0 2\nUUID=00000000-dead-4bad-8bad-000000000000 /home ext4 defaults 0 2\n`;
    const c = runChecks(
      await readHealthInputs(plain, { files: files({ fstab: bad, cmdline: 'quiet', swaps: '' }) }),
    );
    expect(byId(c, 'fstab.names').status).toBe('warn');
    expect(byId(c, 'fstab.resolve').status).toBe('fail');
    expect(byId(c, 'fstab.resolve').summary).toMatch(
      /UUID=00000000-dead-4bad-8bad-000000000000 \(\/home\)/,
    );
  });

  it('resume= against a swap made with mkswap on a loop device: ok; at the ext4 image or a gone UUID: fail', async () => {
    const run = async (cmdline: string) =>
      byId(
        runChecks(
          await readHealthInputs(plain, { files: files({ fstab: '', cmdline, swaps: '' }) }),
        ),
        'fstab.resume',
      );
    expect((await run(`quiet resume=UUID=${uuid.swap}`)).status).toBe('ok');
    expect((await run(`quiet resume=${swapDev}`)).status).toBe('ok');
    const notSwap = await run(`quiet resume=UUID=${uuid.plain}`);
    expect(notSwap.status).toBe('fail');
    expect(notSwap.summary).toMatch(/holds ext4, not swap/);
    const gone = await run('quiet resume=UUID=11111111-2222-4333-8444-555555555555');
    expect(gone).toMatchObject({ status: 'fail' });
    expect(gone.fix?.text).toBe(`GRUB_CMDLINE_LINUX_DEFAULT="... resume=UUID=${uuid.swap}"`);
  });

  it('the whole report validates against the contract, every check with a status', async () => {
    const inp = await readHealthInputs(disc, {
      files: files({ fstab: '', cmdline: '', swaps: '' }),
    });
    const r = healthReport.parse(buildReport(inp));
    expect(r.checks).toHaveLength(12);
    expect(r.disks).toEqual([devs[1]]);
    expect(r.drive?.kind).toBe('loop');
  });
});

describe.skipIf(
  !(() => {
    try {
      execFileSync('sfdisk', ['--version'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })(),
)('a cloned 63-sector layout made with sfdisk on an image file', () => {
  it('sfdisk -J of the image feeds the alignment check: fail for an SSD', () => {
    const d = mkdtempSync(join(tmpdir(), 'dw-health-sf-'));
    try {
      const img = join(d, 'clone.img');
      execFileSync('truncate', ['-s', '64M', img]);
      execFileSync('sfdisk', ['-q', img], { input: 'label: dos\nstart=63, size=65536, type=83\n' });
      const sf = parseSfdiskJson(sh('sfdisk', ['-J', img]));
      expect(sf.parts).toEqual([{ name: `${img}1`, startSectors: 63 }]);
      const c = checkAlignment({
        name: 'sda',
        path: '/dev/sda',
        kind: 'sata-ssd',
        model: null,
        serial: null,
        rotational: false,
        discardMax: 1,
        physicalBytes: 512,
        optimalIoBytes: 0,
        schedulerText: null,
        link: null,
        parts: sf.parts,
        partsSource: `sfdisk -J ${img}: *`,
      });
      expect(c.status).toBe('fail');
      expect(c.evidence[2]!.value).toBe(
        '63 sectors = 32256 bytes (32256 bytes past a 1 MiB boundary)',
      );
    } finally {
      rmSync(d, { recursive: true, force: true });
    }
  });
});
