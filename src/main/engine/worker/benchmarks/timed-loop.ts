// Timed synchronous loops that pause every 100 ms (pauses excluded) so cancel gets through.
import { nowNs, secondsSince, Slicer } from '../../methods/io';
import type { TestContext } from '../../types';

/**
 * Runs `n` items through `batch(from, to)` in slices of `size`, pausing every 100 ms (pauses
 * excluded from the clock). Batches let a native call do many operations per JS→C crossing.
 */
export async function timedBatches(
  n: number,
  size: number,
  batch: (from: number, to: number) => void,
  ctx: Pick<TestContext, 'signal'>,
  onProgress: (f: number) => void,
): Promise<number> {
  const slicer = new Slicer(100, ctx.signal);
  let paused = 0n;
  const t0 = nowNs();
  for (let i = 0; i < n;) {
    const to = Math.min(n, i + size);
    batch(i, to);
    i = to;
    if (slicer.due()) {
      onProgress(i / n);
      const p0 = nowNs();
      await slicer.pause();
      paused += nowNs() - p0;
    }
  }
  return secondsSince(t0) - Number(paused) / 1e9;
}

/** A timed loop of `n` synchronous steps, pausing every 100 ms (pauses excluded from the clock). */
export function timedLoop(
  n: number,
  step: (i: number) => void,
  ctx: Pick<TestContext, 'signal'>,
  onProgress: (f: number) => void,
): Promise<number> {
  return timedBatches(
    n,
    1,
    (i) => {
      step(i);
    },
    ctx,
    onProgress,
  );
}

/**
 * timedLoop bounded by time as well as count, as fio's runtime bounds a job: stops after
 * `capSeconds` of work and says how many steps were done (the rate is done/seconds).
 */
export async function timedLoopCapped(
  n: number,
  step: (i: number) => void,
  ctx: Pick<TestContext, 'signal'>,
  onProgress: (f: number) => void,
  capSeconds: number,
): Promise<{ seconds: number; done: number }> {
  const slicer = new Slicer(100, ctx.signal);
  let paused = 0n;
  const t0 = nowNs();
  let i = 0;
  let elapsed = 0;
  while (i < n) {
    step(i++);
    if ((i & 7) === 0 || slicer.due()) {
      elapsed = secondsSince(t0) - Number(paused) / 1e9;
      if (elapsed >= capSeconds) break;
      if (slicer.due()) {
        onProgress(Math.max(i / n, elapsed / capSeconds));
        const p0 = nowNs();
        await slicer.pause();
        paused += nowNs() - p0;
      }
    }
  }
  return { seconds: secondsSince(t0) - Number(paused) / 1e9, done: i };
}
