// seeker v2.0: small reads at uniformly random offsets over the whole device (or test file) for a
// set time; seeks/s and average access time. On an open fd so the root helper can reuse it.
import { readSync } from 'node:fs';
import { seekerFigures } from './calc';
import { RateFit } from './rate-fit';
import { alignedBuffer, makeRandom, nowNs, Slicer, throwIfAborted } from './io';
import { settleTracker } from './settle';
import type { MethodOptions } from './types';

export interface SeekerOptions extends MethodOptions {
  /** 512 like seeker; O_DIRECT on 4Kn drives needs 4096. */
  blockSize?: number;
  random?: () => number;
}

/**
 * Result keys: seeks, seconds, seeksPerSecond and randomAccessMs (from the slope of reads over
 * time), blockSize.
 */
export async function seekerMethod(
  fd: number,
  sizeBytes: number,
  opts: SeekerOptions = {},
): Promise<{
  seeks: number;
  seconds: number;
  seeksPerSecond: number;
  randomAccessMs: number;
  blockSize: number;
}> {
  const limit = opts.seconds ?? 30;
  const bs = opts.blockSize ?? 512;
  const numBlocks = Math.floor(sizeBytes / bs);
  if (numBlocks < 2) throw new Error('device or file too small for random reads');
  const random = opts.random ?? makeRandom();
  const buf = alignedBuffer(bs);
  throwIfAborted(opts.signal);
  const slicer = new Slicer(100, opts.signal);
  const settled = opts.settle ? settleTracker(opts.settle) : () => false;
  const fit = new RateFit();
  let early = false;
  let seeks = 0;
  let paused = 0n;
  const t0 = nowNs();
  let elapsed = 0;
  for (;;) {
    readSync(fd, buf, 0, bs, Math.floor(numBlocks * random()) * bs);
    seeks++;
    // One clock read per seek, for the fit and the bound alike.
    const at = Number(nowNs() - t0 - paused) / 1e9;
    fit.add(at, seeks);
    if ((seeks & 15) === 0 || slicer.due()) {
      elapsed = at;
      if (elapsed >= limit) break;
      if (slicer.due()) {
        if (settled(elapsed, seeks)) {
          early = true;
          break;
        }
        opts.onProgress?.(elapsed / limit, { value: seeks / elapsed, unit: 'seeks/s' });
        const p0 = nowNs();
        await slicer.pause();
        paused += nowNs() - p0;
      }
    }
  }
  // A repetition that settled read evenly, so seeker's count over time is its rate; one that ran
  // to its bound gets the fitted slope (rate-fit.ts says why).
  const rate = early ? null : fit.rate();
  const figures = rate ? seekerFigures(rate, 1) : seekerFigures(seeks, elapsed);
  return { seeks, seconds: elapsed, ...figures, blockSize: bs };
}
