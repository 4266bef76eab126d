// Timed synchronous loops that pause every 100 ms (pauses excluded) so cancel gets through.
import { nowNs, secondsSince, Slicer } from '../io';
import type { TestContext } from '../types';

export /** A timed loop of `n` synchronous steps, pausing every 100 ms (pauses excluded from the clock). */
async function timedLoop(
  n: number,
  step: (i: number) => void,
  ctx: Pick<TestContext, 'signal'>,
  onProgress: (f: number) => void,
) {
  const slicer = new Slicer(100, ctx.signal);
  let paused = 0n;
  const t0 = nowNs();
  for (let i = 0; i < n; i++) {
    step(i);
    if (slicer.due()) {
      onProgress(i / n);
      const p0 = nowNs();
      await slicer.pause();
      paused += nowNs() - p0;
    }
  }
  return secondsSince(t0) - Number(paused) / 1e9;
}
