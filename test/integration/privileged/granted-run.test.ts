// A granted run on a real filesystem on a loop device: raw reads go through the helper; a helper
// crash mid-run makes the test it hit fall back to the test file (with the reason), and the run is saved.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../../../src/main/create-services';
import { defaultBenchDeps, runBench } from '../../../src/main/engine/host/bench-service';
import { planBench } from '../../../src/main/engine/host/validated-plan';
import { leftovers, req, saver, tempDir } from '../engine/helpers';
import { attachLoop, hasLosetup, isRoot, rootManager, type Loop } from './loop';

describe.skipIf(!isRoot || !hasLosetup)('granted run with a helper crash', () => {
  let loop: Loop;
  const mnt = tempDir('granted-mnt');
  const config = tempDir('granted-cfg');
  beforeAll(() => {
    loop = attachLoop(160);
    execFileSync('mkfs.ext4', ['-q', '-F', loop.dev]);
    execFileSync('mount', [loop.dev, mnt]);
  });
  afterAll(() => {
    try {
      execFileSync('umount', [mnt]);
    } finally {
      loop?.detach();
      [mnt, config].forEach((d) => rmSync(d, { recursive: true, force: true }));
    }
  });

  it('reads the raw device through the helper, survives its crash and saves the run', async () => {
    const privileged = rootManager();
    const services = createServices({ host: 'cli', configDir: config, privileged });
    expect((await privileged.request()).state).toBe('granted');
    const helperPid = (privileged.ops() as unknown as { helperPid: number }).helperPid;
    const target = join(mnt, 'bench');
    mkdirSync(target);
    let killed = false;
    const doc = await runBench(
      planBench(
        req(target, {
          tests: ['buffered-read', 'seeker', 'dd-write'],
          sizes: { file: 32 * 1024 * 1024, dd: 4 * 1024 * 1024, seekerSeconds: 3 },
        }),
      ),
      saver(),
      { ...defaultBenchDeps(services), workDir: { marginBytes: 1024 * 1024 } },
      {
        signal: new AbortController().signal,
        onProgress: (p) => {
          if (p.testId === 'seeker' && p.fraction > 0 && !killed) {
            killed = true;
            process.kill(helperPid, 'SIGKILL');
          }
        },
      },
    );
    expect(doc).not.toBeNull();
    const byId = Object.fromEntries(doc!.tests.map((t) => [t.testId, t]));
    expect(byId['buffered-read']!.status).toBe('ok');
    expect(byId['buffered-read']!.method).toContain(loop.dev);
    // The crash hit seeker's raw reads: it falls back to the O_DIRECT test file and says why.
    expect(byId['seeker']!.status).toBe('ok');
    expect(byId['seeker']!.method).not.toContain(loop.dev);
    expect(byId['seeker']!.caveats.join('\n')).toMatch(
      /raw read of \/dev\/loop\d+ failed \(.*stopped unexpectedly.*\): measured on an O_DIRECT test file instead/,
    );
    expect(byId['dd-write']!.status).toBe('ok');
    expect(privileged.status().state).toBe('failed');
    expect(leftovers(target)).toEqual([]);
  });
});
