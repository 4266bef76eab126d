// The surface scan on real block devices through the real root helper (issue 39 part 2). No
// device-mapper here (dmsetup finds no kernel driver on this machine) and partitions of a loop
// device take no blkio throttle, so the zoned device is a loop device over a disk-backed image
// whose last third is written and whose first two thirds are holes, which the filesystem under it
// answers without reading the disk: a real device whose speed depends on the position (its readings
// are the captured fixture test/fixtures/surface/zoned-loop.json). The whole test then runs on an
// ext4 loop device with files on it, through the engine: at least 100 places, read-only (the
// image's checksum unchanged), where the files sit from the extent map, a flat line's finding.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createServices } from '../../../src/main/create-services';
import { defaultBenchDeps, runBench } from '../../../src/main/engine/host/bench-service';
import { planBench } from '../../../src/main/engine/host/validated-plan';
import { surfaceFinding, surfaceSides, thirdsOf } from '../../../src/shared/verdict/surface';
import { saver, tempDir } from '../engine/helpers';
import { attachLoop, ext4Loop, hasLosetup, isRoot, rootManager, sha256 } from './loop';

const skip = !isRoot ? 'needs root' : !hasLosetup ? 'needs losetup' : null;
if (skip) console.log(`surface scan skipped: ${skip}`);

describe.skipIf(skip !== null)('surface scan through the root helper', () => {
  it('a device slower in its last third reads as zones; the device is left as it was', async () => {
    const loop = attachLoop(384, { onDisk: true });
    const m = rootManager();
    try {
      // The last third written on this machine's disk; the rest stays holes.
      execFileSync('dd', [
        'if=/dev/urandom',
        `of=${loop.dev}`,
        'bs=1M',
        'seek=256',
        'count=128',
        'oflag=direct',
        'status=none',
      ]);
      const sum = sha256(loop.image);
      await m.request();
      const read = await m.ops()!.surfaceScan!(
        loop.dev,
        { points: 120, secondsPerPoint: 0.05, bytesPerPoint: 4 << 20 },
        {},
      );
      expect(read.offsets).toHaveLength(120);
      expect(read.offsets.at(-1)! + (4 << 20)).toBeLessThanOrEqual(read.sizeBytes);
      expect(sha256(loop.image)).toBe(sum);
      const profile = {
        deviceBytes: read.sizeBytes,
        points: read.offsets.map((o, i) => ({
          at: o / read.sizeBytes,
          mibPerSec: read.mibPerSec[i]!,
        })),
        data: null,
        dataNote: 'not known: no filesystem on this device',
      };
      if (process.env['DW_CAPTURE_SURFACE'])
        writeFileSync(process.env['DW_CAPTURE_SURFACE'], `${JSON.stringify(profile, null, 1)}\n`);
      const t = thirdsOf(profile);
      console.log(
        `zoned loop: outer ${t.outer.toFixed(0)} MiB/s, inner ${t.inner.toFixed(0)} MiB/s (${(t.share * 100).toFixed(0)} %)`,
      );
      expect(t.share).toBeLessThan(0.85);
    } finally {
      m.release();
      loop.detach();
    }
  }, 120_000);

  it('the test of its own on ext4 with files: ≥ 100 places, where the files sit, flat', async () => {
    // 2 GiB: a run keeps 1 GiB free. In memory and sparse: only what is written takes room.
    const disk = ext4Loop(2048, { inMemory: true });
    const config = tempDir('surface-cfg');
    const privileged = rootManager();
    try {
      const target = join(disk.mnt, 'bench');
      mkdirSync(target);
      for (let i = 0; i < 40; i++)
        writeFileSync(join(disk.mnt, `f${i}`), Buffer.alloc(256 * 1024, i));
      execFileSync('sync', ['-f', disk.mnt]);
      const services = createServices({ host: 'cli', configDir: config, privileged });
      const plan = planBench({ targetDir: target, profile: 'custom', tests: ['surface-scan'] });
      const doc = await runBench(plan, saver(), defaultBenchDeps(services), {
        signal: new AbortController().signal,
      });
      const t = doc!.tests[0]!;
      expect(t.status).toBe('ok');
      const [side] = surfaceSides([{ side: 'before', name: 'Loop', run: doc! }]);
      expect(side!.profile.points.length).toBeGreaterThanOrEqual(100);
      expect(side!.profile.data).toMatchObject({ files: 40 });
      const d = side!.profile.data!;
      expect(d.outer + d.middle + d.inner).toBeCloseTo(1);
      console.log(`ext4 loop: ${surfaceFinding(side!).title}; ${side!.profile.dataNote}`);
      expect(side!.zoned).toBe(false);
    } finally {
      privileged.release();
      disk.dispose();
      rmSync(config, { recursive: true, force: true });
    }
  }, 120_000);
});
