// Issue 15's seeker-after-buffered-read case on an HDD-like loop device (150 IOPS, 120 MB/s):
// hdparm -t pulls most of the device into its buffer cache; a seeker that reads the raw device
// straight after gets a cache figure. The engine drops the cache before every raw read (drive
// figure), and the plausibility guard flags the cache figure against the run's RND 4K Q1.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../../../src/main/create-services';
import { defaultBenchDeps, runBench } from '../../../src/main/engine/host/bench-service';
import { planBench } from '../../../src/main/engine/host/validated-plan';
import { guardResults } from '../../../src/main/engine/host/cache-guard';
import type { TestResult } from '../../../src/shared/schemas/run';
import { req, saver, tempDir } from '../engine/helpers';
import {
  ext4Loop,
  HDD_LIKE,
  rootManager,
  throttleDevice,
  throttleUnavailable,
  type Ext4Loop,
  type Throttle,
} from './loop';

const MiB = 1024 * 1024;
const skip = throttleUnavailable();

describe.skipIf(skip !== null)(
  `cache honesty on an HDD-like loop device${skip ? ` (skipped: ${skip})` : ''}`,
  () => {
    let disk: Ext4Loop;
    let throttle: Throttle | null = null;
    const config = tempDir('cache-cfg');
    beforeAll(() => {
      disk = ext4Loop(128);
      // Fill the filesystem so the raw device has real data to cache.
      execFileSync('dd', [
        'if=/dev/urandom',
        `of=${join(disk.mnt, 'fill')}`,
        'bs=1M',
        'count=48',
        'conv=fsync',
        'status=none',
      ]);
      throttle = throttleDevice(disk.majMin, HDD_LIKE);
      // The helper and the engine are started from this process: they inherit the group.
      throttle?.add(process.pid);
    });
    afterAll(() => {
      try {
        throttle?.remove();
      } finally {
        disk?.dispose();
        rmSync(config, { recursive: true, force: true });
      }
    });

    it('drops the buffer cache before seeker and flags a cache figure', async () => {
      expect(throttle).not.toBeNull();
      const privileged = rootManager();
      const services = createServices({ host: 'cli', configDir: config, privileged });
      expect((await privileged.request()).state).toBe('granted');
      const ops = privileged.ops()!;
      try {
        // 1. What issue 15 saw: hdparm -t, then seeker on the raw device with nothing in between.
        await ops.rawRead('buffered-read', disk.dev, { seconds: 5 });
        const cached = await ops.rawRead('seeker', disk.dev, { seconds: 1 });
        // 2. The engine's run: buffered read, seeker and the queue-depth profile on the same disk.
        const target = join(disk.mnt, 'bench');
        mkdirSync(target);
        const doc = await runBench(
          planBench(
            req(target, {
              tests: ['buffered-read', 'seeker', 'qd-profile'],
              sizes: { file: 32 * MiB, seekerSeconds: 2, qdSeconds: 1 },
            }),
          ),
          saver(),
          { ...defaultBenchDeps(services), workDir: { marginBytes: MiB } },
          { signal: new AbortController().signal },
        );
        const byId = Object.fromEntries(doc!.tests.map((t) => [t.testId, t]));
        const seeker = byId['seeker']!;
        expect(seeker.method).toContain(disk.dev);
        expect(seeker.method).toContain('buffer cache dropped');
        const honest = seeker.measurements.find((m) => m.metric === 'seeks_per_second')!;
        const q1 = byId['qd-profile']!.measurements.find(
          (m) => m.metric === 'read_iops' && m.params?.qd === 1 && m.params?.pattern === 'rnd',
        )!;
        console.log(
          `seeker: cached ${cached.seeksPerSecond!.toFixed(0)} seeks/s, flushed ${honest.median} seeks/s; RND 4K Q1 ${q1.median} IOPS`,
        );
        // A 150-IOPS drive: the flushed figure is the drive's, the unflushed one is memory.
        expect(honest.median!).toBeLessThan(400);
        expect(honest.suspect).toBeUndefined();
        expect(cached.seeksPerSecond!).toBeGreaterThan(honest.median! * 3);
        // 3. The guard flags the cache figure against this run's own RND 4K Q1.
        const withCached: TestResult = {
          ...seeker,
          measurements: seeker.measurements.map((m) =>
            m.metric === 'seeks_per_second'
              ? {
                  ...m,
                  samples: [cached.seeksPerSecond!],
                  median: cached.seeksPerSecond!,
                  min: null,
                  max: null,
                }
              : m,
          ),
        };
        const notes = guardResults([withCached, byId['qd-profile']!], {});
        expect(
          withCached.measurements.find((m) => m.metric === 'seeks_per_second')!.suspect?.kind,
        ).toBe('cache');
        expect(notes.join('\n')).toMatch(/cache suspected: .*RND 4K Q1/);
      } finally {
        privileged.release();
      }
    }, 180_000);
  },
);
