// Rates on a blkio throttle at 150 read IOPS, the HDD-like device bench:quick measures on. It
// releases requests every 100 ms, so a count over a short phase read by its phase: RND 4K Q32
// read 131-134 or 151-153 IOPS, seeker's repetitions 165, 153 and 130 seeks/s (a burst on stored
// credit after the idle between them, a held first read). The fitted rate (rate-fit.ts) reads the
// throttle's 150 in every repetition.
import { closeSync, constants, openSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { seekerMethod } from '../../../src/main/engine/methods/seeker';
import { seekPass } from '../../../src/main/engine/worker/benchmarks/bonnie-seeks';
import { runQueue } from '../../../src/main/engine/worker/queue';
import { attachLoop, throttleDevice, throttleUnavailable } from '../privileged/loop';

const MiB = 1024 * 1024;
const IOPS = 150;

/** `run` three times on a fresh 150-IOPS loop, 70 ms idle before each (quick's cache drop). */
async function onThrottle(
  run: (fd: number) => Promise<number>,
  flags = constants.O_RDONLY,
): Promise<number[]> {
  const loop = attachLoop(64);
  const throttle = throttleDevice(loop.majMin, { readIops: IOPS })!;
  const fd = openSync(loop.dev, flags | constants.O_DIRECT);
  try {
    throttle.add(process.pid);
    const rates: number[] = [];
    for (let i = 0; i < 3; i++) {
      await sleep(70);
      rates.push(await run(fd));
    }
    return rates;
  } finally {
    closeSync(fd);
    throttle.remove();
    loop.detach();
  }
}

describe.skipIf(throttleUnavailable() !== null)('rates on a 150-IOPS throttle', () => {
  it.each([1, 32])(
    'RND 4K Q%i read: every repetition within 5 % of 150',
    async (qd) => {
      const rates = await onThrottle(async (fd) => {
        const r = await runQueue({
          fd,
          op: 'read',
          bs: 4096,
          qd,
          seconds: 0.5,
          ramp: 0.2,
          pattern: 'rnd',
          fileSize: 64 * MiB,
          random: Math.random,
        });
        expect(r.rate).not.toBeNull();
        return r.rate!;
      });
      for (const r of rates)
        expect(Math.abs(r / IOPS - 1), `${rates.join(', ')}`).toBeLessThan(0.05);
    },
    30_000,
  );

  it('seeker: every repetition within 5 % of 150, its access time the inverse', async () => {
    const rates = await onThrottle(async (fd) => {
      const r = await seekerMethod(fd, 64 * MiB, { seconds: 1.5, blockSize: 4096 });
      expect(r.randomAccessMs * r.seeksPerSecond).toBeCloseTo(1000, 6);
      return r.seeksPerSecond;
    });
    for (const r of rates) expect(Math.abs(r / IOPS - 1), `${rates.join(', ')}`).toBeLessThan(0.05);
  }, 30_000);

  it("bonnie++'s seeks cut at 0.5 s: every pass's fitted rate within 10 % of 150", async () => {
    // Reads only are throttled; every 10th chunk's write-back goes through at once (the loop's
    // image is the test's own, in memory). Five seekers spend the credit of the idle before a
    // pass faster: the fit read 153-160 here, the count over the clock's 0.5 s 170-182.
    const rates = await onThrottle(async (fd) => {
      const r = await seekPass(
        fd,
        (64 * MiB) / 8192,
        Math.random,
        new AbortController().signal,
        0.5,
      );
      expect(r.rated).toBeDefined();
      return r.count / r.rated!;
    }, constants.O_RDWR);
    for (const r of rates) expect(Math.abs(r / IOPS - 1), `${rates.join(', ')}`).toBeLessThan(0.1);
  }, 30_000);
});
