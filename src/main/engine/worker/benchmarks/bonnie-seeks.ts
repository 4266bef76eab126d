// bonnie++'s random seeks: 5 concurrent seekers share 8192 random 8 KiB chunk reads, every 10th
// chunk dirtied and written back (bonnie.ts runs it after the block phases).
import { read, write } from 'node:fs';
import { abortError, alignedBuffer, nowNs, secondsSince } from '../../methods/io';
import { RateFit } from '../../methods/rate-fit';

export const CHUNK = 8192;
export const SEEKS = 8192;
export const SEEK_PROCS = 5;

/**
 * 5 concurrent seekers share 8192 random chunk reads; every 10th chunk is dirtied and written back.
 * A pass cut at `capSeconds` (a hard disk's, in quick) also gives `rated`, the seconds its fitted
 * rate takes for its count (rate-fit.ts): its 0.5 s held whole or partial 100 ms releases of a
 * throttle, so its count over time swung (floors 13-30 % on the HDD-like loop).
 */
export function seekPass(
  fd: number,
  chunks: number,
  random: () => number,
  signal: AbortSignal,
  capSeconds = Infinity,
) {
  return new Promise<{ count: number; seconds: number; rated?: number }>((resolve, reject) => {
    const bufs = alignedBuffer(CHUNK * SEEK_PROCS);
    let issued = 0;
    let done = 0;
    let active = SEEK_PROCS;
    let failure: Error | null = null;
    const fit = new RateFit();
    const t0 = nowNs();
    const result = () => {
      const rate = issued < SEEKS ? fit.rate() : null;
      return { count: done, seconds: secondsSince(t0), ...(rate ? { rated: done / rate } : {}) };
    };
    const next = (slot: number): void => {
      if (failure || signal.aborted || issued >= SEEKS || secondsSince(t0) >= capSeconds) {
        if (--active === 0) {
          if (failure) reject(failure);
          else if (signal.aborted) reject(abortError());
          else resolve(result());
        }
        return;
      }
      const k = issued++;
      const buf = bufs.subarray(slot * CHUNK, (slot + 1) * CHUNK);
      const pos = Math.floor(random() * chunks) * CHUNK;
      read(fd, buf, 0, CHUNK, pos, (err) => {
        if (err) failure = err;
        if (err || k % 10 !== 9) {
          fit.add(secondsSince(t0), ++done);
          return next(slot);
        }
        buf[0] = (buf[0]! + 1) & 0xff;
        write(fd, buf, 0, CHUNK, pos, (werr) => {
          if (werr) failure = werr;
          fit.add(secondsSince(t0), ++done);
          next(slot);
        });
      });
    };
    for (let i = 0; i < SEEK_PROCS; i++) next(i);
  });
}
