// bonnie++'s random seeks: 5 concurrent seekers share 8192 random 8 KiB chunk reads, every 10th
// chunk dirtied and written back (bonnie.ts runs it after the block phases).
import { read, write } from 'node:fs';
import { abortError, alignedBuffer, nowNs, secondsSince } from '../../methods/io';

export const CHUNK = 8192;
export const SEEKS = 8192;
export const SEEK_PROCS = 5;

/** 5 concurrent seekers share 8192 random chunk reads; every 10th chunk is dirtied and written back. */
export function seekPass(
  fd: number,
  chunks: number,
  random: () => number,
  signal: AbortSignal,
  capSeconds = Infinity,
) {
  return new Promise<{ count: number; seconds: number }>((resolve, reject) => {
    const bufs = alignedBuffer(CHUNK * SEEK_PROCS);
    let issued = 0;
    let done = 0;
    let active = SEEK_PROCS;
    let failure: Error | null = null;
    const t0 = nowNs();
    const next = (slot: number): void => {
      if (failure || signal.aborted || issued >= SEEKS || secondsSince(t0) >= capSeconds) {
        if (--active === 0) {
          if (failure) reject(failure);
          else if (signal.aborted) reject(abortError());
          else resolve({ count: done, seconds: secondsSince(t0) });
        }
        return;
      }
      const k = issued++;
      const buf = bufs.subarray(slot * CHUNK, (slot + 1) * CHUNK);
      const pos = Math.floor(random() * chunks) * CHUNK;
      read(fd, buf, 0, CHUNK, pos, (err) => {
        if (err) failure = err;
        if (err || k % 10 !== 9) {
          done++;
          return next(slot);
        }
        buf[0] = (buf[0]! + 1) & 0xff;
        write(fd, buf, 0, CHUNK, pos, (werr) => {
          if (werr) failure = werr;
          done++;
          next(slot);
        });
      });
    };
    for (let i = 0; i < SEEK_PROCS; i++) next(i);
  });
}
