// Live: this machine's disks and a loop device holding a mounted ext4 image in a temp dir.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driveInfo } from '../../../src/shared/schemas/drive';
import { resolveResult } from '../../../src/shared/contract/drives';
import {
  describeTarget,
  detectDrives,
  isListedBlockDevice,
  resolvePath,
} from '../../../src/main/drives/index';

describe('live detection on this machine', () => {
  it('finds the system drive, valid against the contract', async () => {
    const drives = await detectDrives();
    drives.forEach((d) => driveInfo.parse(d));
    const system = drives.filter((d) => d.holds.includes('/'));
    expect(system.length).toBeGreaterThanOrEqual(1);
    expect(system[0]!.isSystem).toBe(true);
  });

  it.runIf(existsSync('/sys/block/vda'))(
    'calls the virtio vda "virtual" although it reports rotational=1',
    async () => {
      const vda = (await detectDrives()).find((d) => d.path === '/dev/vda')!;
      expect(vda.kind).toBe('virtual');
      expect(vda.rotational).toBe(true);
      expect(vda.link).toBeNull();
      const r = await resolvePath('/var/tmp');
      expect(r).toMatchObject({ disks: ['/dev/vda'], writable: true, file: null });
      // The system disk: every test can run, with a word about the system's own traffic.
      expect(r.warning).toBe(
        "/var/tmp is on the system disk (/dev/vda): the results include the running system's own disk traffic; close other programs while it runs",
      );
      expect(r.drive?.path).toBe('/dev/vda');
    },
  );

  it('warns that /dev/shm is not a drive, and rejects a missing path', async () => {
    const r = await resolvePath('/dev/shm');
    expect(r.disks).toEqual([]);
    expect(r.warning).toMatch(/tmpfs.*would not measure a drive/);
    await expect(resolvePath('/nonexistent/dir')).rejects.toThrow(
      '/nonexistent/dir: no such directory — create it first or choose an existing folder on the drive',
    );
  });
});

function canLoop(): string | null {
  if (process.getuid?.() !== 0) return 'not root: losetup/mount need root';
  try {
    execFileSync('losetup', ['-f'], { stdio: 'pipe' });
    return null;
  } catch (e) {
    return `losetup not permitted: ${String((e as Error).message).split('\n')[0]}`;
  }
}
const skipLoop = canLoop();
if (skipLoop) console.warn(`skipping loop-device tests: ${skipLoop}`);

describe.skipIf(skipLoop !== null)('live loop device with a mounted ext4 image', () => {
  let dir = '';
  let img = '';
  let mnt = '';
  let dev = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'dw-drives-'));
    img = join(dir, 'disk.img');
    mnt = join(dir, 'mnt');
    mkdirSync(mnt);
    execFileSync('truncate', ['-s', '48M', img]);
    execFileSync('mkfs.ext4', ['-q', '-F', img]);
    dev = execFileSync('losetup', ['-f', '--show', img], { encoding: 'utf8' }).trim();
    execFileSync('mount', [dev, mnt]);
  });
  afterAll(() => {
    // Always leave the machine as found: unmount, detach, remove.
    if (mnt) execFileSync('umount', [mnt], { stdio: 'ignore' });
    if (dev) execFileSync('losetup', ['-d', dev], { stdio: 'ignore' });
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('lists the loop device as kind "loop" with its backing file and mount', async () => {
    const d = (await detectDrives({ home: null })).find((x) => x.path === dev);
    expect(d).toBeDefined();
    expect(d).toMatchObject({ kind: 'loop', backingFile: img, isSystem: false, link: null });
    expect(d!.kindEvidence[0]).toMatch(/loop device/);
    const fs = d!.partitions.find((p) => p.mountpoints.includes(mnt));
    expect(fs).toMatchObject({ fsType: 'ext4', readOnly: false });
    expect(fs!.freeBytes).toBeGreaterThan(20 * 2 ** 20);
    expect(d!.testability).toMatchObject({ fileTests: true, suggestedDir: mnt });
  });

  it('resolves a directory inside the mount to the loop device', async () => {
    const sub = join(mnt, 'sub');
    mkdirSync(sub);
    const r = resolveResult.parse(await resolvePath(sub));
    expect(r).toMatchObject({
      path: sub,
      mountpoint: mnt,
      fsType: 'ext4',
      device: dev,
      disks: [dev],
      writable: true,
    });
    expect(r.drive?.kind).toBe('loop');
    expect(r.freeBytes).toBeGreaterThan(0);
    expect(r.warning).toMatch(/loop device backed by .*disk\.img/);
    const t = await describeTarget(sub);
    expect(t.drive?.path).toBe(dev);
    expect(t.machine.cpuCores).toBeGreaterThan(0);
  });

  it('reports a read-only mount as not writable', async () => {
    execFileSync('mount', ['-o', 'remount,ro', mnt]);
    try {
      const r = await resolvePath(mnt);
      expect(r.writable).toBe(false);
      expect(r.warning).toMatch(/read-only mount/);
      const d = (await detectDrives({ home: null })).find((x) => x.path === dev)!;
      expect(d.testability).toMatchObject({
        fileTests: false,
        reason: expect.stringMatching(/read-only/),
      });
    } finally {
      execFileSync('mount', ['-o', 'remount,rw', mnt]);
    }
  });

  it('accepts listed block devices for the root helper and nothing else', async () => {
    expect(await isListedBlockDevice(dev)).toBe(true);
    expect(await isListedBlockDevice('/dev/null')).toBe(false);
    expect(await isListedBlockDevice('/etc/passwd')).toBe(false);
    expect(await isListedBlockDevice('/dev/../etc/passwd')).toBe(false);
    expect(await isListedBlockDevice('/dev/does-not-exist')).toBe(false);
  });
});
