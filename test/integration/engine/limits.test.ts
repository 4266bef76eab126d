// ENOSPC on a small loop-mounted ext4 and a read-only bind mount: clear one-line errors, no leftovers.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserError } from '../../../src/main/core/errors';
import { runBench } from '../../../src/main/engine/host/bench-service';
import { planBench } from '../../../src/main/engine/host/validated-plan';
import { req, saver, tempDir } from './helpers';

const isRoot = process.getuid?.() === 0;
const sh = (cmd: string, ...args: string[]) => execFileSync(cmd, args, { encoding: 'utf8' }).trim();
const MiB = 1024 * 1024;

describe.skipIf(!isRoot)('limits of the target filesystem (root: loop device + mounts)', () => {
  let base = '';
  let small = '';
  let loop = '';
  let ro = '';
  let roSource = '';
  beforeAll(() => {
    base = tempDir('limits');
    const img = join(base, 'small.img');
    small = join(base, 'small');
    mkdirSync(small);
    sh('truncate', '-s', '48M', img);
    sh('mkfs.ext4', '-q', '-F', img);
    loop = sh('losetup', '-f', '--show', img);
    sh('mount', loop, small);
    roSource = join(base, 'ro-src');
    ro = join(base, 'ro');
    mkdirSync(roSource);
    mkdirSync(ro);
    sh('mount', '--bind', roSource, ro);
    sh('mount', '-o', 'remount,bind,ro', ro);
  });
  afterAll(() => {
    for (const m of [small, ro])
      try {
        sh('umount', m);
      } catch {
        /* not mounted */
      }
    if (loop) sh('losetup', '-d', loop);
    rmSync(base, { recursive: true, force: true });
  });

  it('refuses up front when size + 10% + 1 GiB is not free, writing nothing', async () => {
    const err = await runBench(
      planBench(req(small, { tests: ['dd-write'] })),
      saver(),
      {},
      {
        signal: new AbortController().signal,
      },
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UserError);
    expect((err as Error).message).toMatch(
      /^not enough free space in .*small: the run needs .* free .* — free .* there or choose a folder on a larger filesystem of the drive$/,
    );
    expect((err as Error).message).not.toContain('\n');
    expect(readdirSync(small).filter((n) => n.startsWith('.drivewise'))).toEqual([]);
  });

  it('a real ENOSPC fails that test with a clear error, the run goes on, nothing is left', async () => {
    const env = saver();
    const doc = await runBench(
      planBench(
        req(small, {
          tests: ['dd-write', 'seeker'],
          sizes: { dd: 128 * MiB, file: 8 * MiB, seekerSeconds: 0.2 },
        }),
      ),
      env,
      { workDir: { skipSpaceCheck: true } },
      { signal: new AbortController().signal },
    );
    const dd = doc!.tests[0]!;
    expect(dd.status).toBe('failed');
    expect(dd.error).toBe("no space left on the drive while writing 128 MiB with dd's method");
    expect(doc!.tests[1]!.status).toBe('ok');
    expect(doc!.caveats.join()).toMatch(/1 test\(s\) failed: dd-write/);
    expect(readdirSync(small).filter((n) => n.startsWith('.drivewise'))).toEqual([]);
    expect(Number(sh('df', '--output=used', '-B1', small).split('\n')[1])).toBeLessThan(8 * MiB);
  });

  it('a read-only target gives one clear line and no leftovers', async () => {
    const err = await runBench(
      planBench(req(ro, { tests: ['seeker'] })),
      saver(),
      {
        workDir: { marginBytes: 0, skipSpaceCheck: true },
      },
      { signal: new AbortController().signal },
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UserError);
    expect((err as Error).message).toBe(
      `${ro} is on a read-only filesystem: choose a writable folder on the drive, or grant admin rights to run only the read tests (buffered-read, seeker) here`,
    );
    expect(readdirSync(roSource)).toEqual([]);
  });
});
