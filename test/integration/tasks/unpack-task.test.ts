import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeTarball } from '../../../src/main/tasks/tarball';
import { unpackTask } from '../../../src/main/tasks/unpack-task';
import { testResult } from '../../../src/shared/schemas/run';
import { makeContext } from './context';

const base = mkdtempSync(join(tmpdir(), 'dw-unpack-'));
afterAll(() => rm(base, { recursive: true, force: true }));
const fresh = (name: string): string => {
  const d = join(base, name);
  mkdirSync(d);
  return d;
};
const sha = (f: string): string => createHash('sha256').update(readFileSync(f)).digest('hex');

describe('tarball generator', () => {
  it('gzip output is byte-identical for the same seed and lists like a kernel tree', async () => {
    const a = await writeTarball(join(base, 'a.tar.gz'), {
      seed: 3,
      totalBytes: 2e6,
      compression: 'gzip',
    });
    await writeTarball(join(base, 'b.tar.gz'), { seed: 3, totalBytes: 2e6, compression: 'gzip' });
    expect(sha(join(base, 'a.tar.gz'))).toBe(sha(join(base, 'b.tar.gz')));
    const list = execFileSync('tar', ['-tzf', join(base, 'a.tar.gz')], { encoding: 'utf8' })
      .trim()
      .split('\n');
    expect(list.length).toBe(a.files + a.dirs);
    expect(list[0]).toBe('linux/');
    expect(list.some((p) => /^linux\/drivers\/.+\.[ch]$/.test(p))).toBe(true);
  });

  it('a gzip archive past one member (8 MiB) is several members, which gzip and tar read whole', async () => {
    const write = (n: string) =>
      writeTarball(join(base, n), { seed: 5, totalBytes: 20e6, compression: 'gzip' });
    const a = await write('m1.tar.gz');
    await write('m2.tar.gz');
    expect(sha(join(base, 'm1.tar.gz'))).toBe(sha(join(base, 'm2.tar.gz')));
    // Each member starts with gzip's magic and deflate method (1f 8b 08): more than one.
    const bytes = readFileSync(join(base, 'm1.tar.gz'));
    let members = 0;
    for (let i = bytes.indexOf(0x1f); i >= 0; i = bytes.indexOf(0x1f, i + 1))
      if (bytes[i + 1] === 0x8b && bytes[i + 2] === 8 && bytes[i + 3] === 0) members++;
    expect(members).toBeGreaterThanOrEqual(3);
    execFileSync('gzip', ['-t', join(base, 'm1.tar.gz')]);
    const list = execFileSync('tar', ['-tzf', join(base, 'm1.tar.gz')], { encoding: 'utf8' });
    expect(list.trim().split('\n').length).toBe(a.files + a.dirs);
  });

  it.each(['xz', 'bzip2'] as const)('writes %s archives that tar reads', async (compression) => {
    const p = join(base, `c-${compression}`);
    const t = await writeTarball(p, { seed: 3, totalBytes: 1e6, compression });
    const list = execFileSync('tar', ['-tf', p], { encoding: 'utf8' }).trim().split('\n');
    expect(list.length).toBe(t.files + t.dirs);
  });
});

describe('unpack task', () => {
  it('times tar -xf + sync with CPU of tar and gzip, and leaves nothing behind', async () => {
    const work = fresh('ok');
    const { ctx, fractions } = makeContext({ sizes: { unpack: 3e6 }, repetitions: 2 }, work);
    const r = testResult.parse(await unpackTask.run(ctx));
    expect(r.status).toBe('ok');
    expect(r.measurements[0]!.samples).toHaveLength(2);
    expect(r.cpuSeconds!.every((c) => c > 0)).toBe(true);
    expect(r.ioWaitShare).not.toBeNull();
    expect(r.extra).toMatchObject({ generated: true, compression: 'gzip' });
    expect(r.caveats).toContain('cache could not be dropped: warm-cache result');
    expect(fractions.at(-1)).toBe(1);
    expect(readdirSync(work)).toEqual([]);
  });

  it('cancel removes the extracted tree', async () => {
    const work = fresh('cancel');
    const rec = makeContext({ sizes: { unpack: 40e6 }, options: { compression: 'none' } }, work);
    let sawTree = false;
    rec.ctx.progress = (_f, _l, m) => {
      if (m?.startsWith('unpacking'))
        setTimeout(() => {
          sawTree = readdirSync(join(work, 'unpack')).length > 0;
          rec.abort.abort();
        }, 150);
    };
    await expect(unpackTask.run(rec.ctx)).rejects.toThrow(/abort/i);
    expect(sawTree).toBe(true);
    expect(readdirSync(work)).toEqual([]);
  });

  it('a full disk gives a clear error and leaves nothing', async () => {
    const mnt = fresh('small');
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=3m', 'tmpfs', mnt], { stdio: 'ignore' });
    } catch {
      console.warn('cannot mount a small tmpfs here: full-disk case not exercised');
      return;
    }
    try {
      // The archive (picked by the person, elsewhere) unpacks to ~6 MB: more than the 3 MB disk.
      const archive = join(base, 'big.tar.gz');
      await writeTarball(archive, { seed: 5, totalBytes: 6e6, compression: 'gzip' });
      const { ctx } = makeContext({ options: { tarball: archive } }, mnt);
      await expect(unpackTask.run(ctx)).rejects.toThrow(
        `the disk ran full while unpacking into ${mnt}; the extracted files were removed`,
      );
      expect(readdirSync(mnt)).toEqual([]);
      expect(existsSync(archive)).toBe(true);
      // Running full while generating the tarball itself: the same clear line, nothing left.
      const gen = makeContext(
        { sizes: { 'task.unpack': 6e6 }, options: { compression: 'none' } },
        mnt,
      );
      await expect(unpackTask.run(gen.ctx)).rejects.toThrow(
        `the disk ran full while writing the test tarball into ${mnt}; it was removed`,
      );
      expect(readdirSync(mnt)).toEqual([]);
    } finally {
      execFileSync('umount', [mnt]);
    }
  });

  it('refuses a missing tarball and an unknown compression in one line', async () => {
    const work = fresh('bad');
    await expect(
      unpackTask.run(makeContext({ options: { tarball: '/nope.tgz' } }, work).ctx),
    ).rejects.toThrow('tarball not found: /nope.tgz');
    await expect(
      unpackTask.run(makeContext({ options: { compression: 'zip' } }, work).ctx),
    ).rejects.toThrow(/compression must be one of/);
  });
});
