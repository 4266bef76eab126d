// The fidelity script's fresh ext4 per file-phase run: a real mount on a loop device, gone
// afterwards whether the run returns, throws or is interrupted.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { releaseFreshFs, withFreshFs } from '../../../../tools/fidelity/fresh-fs';
import { hasLosetup, isRoot } from '../../privileged/loop';

const parent = mkdtempSync(join(tmpdir(), 'dw-freshfs-'));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

const mountOf = (dir: string): string | undefined =>
  readFileSync('/proc/mounts', 'utf8')
    .split('\n')
    .map((l) => l.split(' '))
    .find((f) => f[1] === dir)?.[0];
const loopsOver = (image: string): string =>
  execFileSync('losetup', ['-j', image], { encoding: 'utf8' }).trim();
const hasMkfs = existsSync('/usr/sbin/mkfs.ext4') || existsSync('/sbin/mkfs.ext4');

describe.skipIf(!isRoot || !hasLosetup || !hasMkfs)('withFreshFs', () => {
  it('runs in an empty ext4 of its own and removes mount, loop device and image after', async () => {
    let seen = { dev: '', image: '', entries: [] as string[], inodes: 0 };
    const out = await withFreshFs(parent, 70_000, async (dir) => {
      const dev = mountOf(dir)!;
      const image = join(
        parent,
        readdirSync(parent).find((n) => n.endsWith('.img'))!,
      );
      writeFileSync(join(dir, 'x'), 'data');
      const df = execFileSync('df', ['--output=itotal', dir], { encoding: 'utf8' });
      seen = {
        dev,
        image,
        entries: readdirSync(dir),
        inodes: Number(df.split('\n')[1]),
      };
      expect(loopsOver(image)).toContain(dev);
      return 42;
    });
    expect(out).toBe(42);
    expect(seen.dev).toMatch(/^\/dev\/loop\d+$/);
    expect(seen.entries.sort()).toEqual(['lost+found', 'x']);
    expect(seen.inodes).toBeGreaterThanOrEqual(70_000);
    expect(readdirSync(parent)).toEqual([]);
    expect(existsSync(seen.image)).toBe(false);
  });

  it('cleans up when the run throws, and passes the error on', async () => {
    await expect(
      withFreshFs(parent, 10_000, async () => {
        throw new Error('phase failed');
      }),
    ).rejects.toThrow('phase failed');
    expect(readdirSync(parent)).toEqual([]);
  });

  it('releaseFreshFs (Ctrl+C) unmounts a run still in progress', async () => {
    let mnt = '';
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const running = withFreshFs(parent, 10_000, async (dir) => {
      mnt = dir;
      await gate;
    });
    while (!mnt) await new Promise((r) => setTimeout(r, 20));
    expect(mountOf(mnt)).toMatch(/^\/dev\/loop/);
    releaseFreshFs();
    expect(mountOf(mnt)).toBeUndefined();
    expect(readdirSync(parent)).toEqual([]);
    release();
    await running;
  });
});
