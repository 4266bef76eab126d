// hdparm 9.65's -t and -T timing loops, on an already-open fd so the root helper can run them on a
// raw block device (opened O_RDONLY) and the engine on an O_DIRECT test file.
import { readSync } from 'node:fs';
import { mibPerSec, overheadCorrectedRate } from './calc';
import { alignedBuffer, nowNs, secondsSince, Slicer, throwIfAborted } from './io';
import { ioBuffer } from './io-buffers';
import { settleTracker } from './settle';
import type { MethodOptions } from './types';

export const HDPARM_BLOCK = 2 * 1024 * 1024;

function readBlock(fd: number, buf: Buffer, pos: number): void {
  let done = 0;
  while (done < buf.length) {
    const n = readSync(fd, buf, done, buf.length - done, pos + done);
    if (n === 0) throw new Error(`unexpected end of data at byte ${pos + done}`);
    done += n;
  }
}

/**
 * hdparm -t: 2 MiB reads from offset 0 until 3 s have passed or the end is reached; only whole
 * blocks count; with `settle`, also until the rate has settled (never before its minimum).
 * Result keys: bytes, seconds, mibPerSec (hdparm's "MB/sec").
 */
export async function bufferedReadMethod(
  fd: number,
  sizeBytes: number,
  opts: MethodOptions & { direct?: boolean } = {},
): Promise<{ bytes: number; seconds: number; mibPerSec: number; reachedEnd: number }> {
  const limit = opts.seconds ?? 3;
  const maxBlocks = Math.floor(sizeBytes / HDPARM_BLOCK);
  if (maxBlocks < 1) throw new Error('device or file is smaller than one 2 MiB block');
  // O_DIRECT maps the buffer's pages: pick memory whose 2 MiB requests are not split (io-buffers).
  const buf = ioBuffer(HDPARM_BLOCK, { fd, size: sizeBytes, direct: opts.direct ?? false });
  throwIfAborted(opts.signal);
  const slicer = new Slicer(100, opts.signal);
  const settled = opts.settle ? settleTracker(opts.settle) : () => false;
  let blocks = 0;
  let paused = 0n;
  const t0 = nowNs();
  let elapsed = 0;
  while (blocks < maxBlocks) {
    readBlock(fd, buf, blocks * HDPARM_BLOCK);
    blocks++;
    elapsed = secondsSince(t0) - Number(paused) / 1e9;
    if (elapsed >= limit) break;
    if (slicer.due()) {
      if (settled(elapsed, blocks)) break;
      const mib = mibPerSec(blocks * HDPARM_BLOCK, elapsed);
      opts.onProgress?.(Math.min(1, Math.max(elapsed / limit, blocks / maxBlocks)), {
        value: mib,
        unit: 'MiB/s',
      });
      const p0 = nowNs();
      await slicer.pause(); // the pause is not disk time: excluded from the clock
      paused += nowNs() - p0;
    }
  }
  const bytes = blocks * HDPARM_BLOCK;
  return {
    bytes,
    seconds: elapsed,
    mibPerSec: mibPerSec(bytes, elapsed),
    reachedEnd: blocks >= maxBlocks ? 1 : 0,
  };
}

/**
 * hdparm -T: prime the first 2 MiB, re-read it for 2 s, then time the same loop without the
 * reads and subtract that overhead. Result keys: bytes, seconds, overheadSeconds, mibPerSec.
 */
export async function cachedReadMethod(
  fd: number,
  opts: MethodOptions = {},
): Promise<{ bytes: number; seconds: number; overheadSeconds: number; mibPerSec: number }> {
  const limit = opts.seconds ?? 2;
  const buf = alignedBuffer(HDPARM_BLOCK);
  readBlock(fd, buf, 0);
  const slicer = new Slicer(100, opts.signal);
  let iterations = 0;
  let paused = 0n;
  const t0 = nowNs();
  let elapsed = 0;
  for (;;) {
    readBlock(fd, buf, 0);
    iterations++;
    elapsed = secondsSince(t0) - Number(paused) / 1e9;
    if (elapsed >= limit) break;
    if (slicer.due()) {
      opts.onProgress?.(Math.min(0.99, elapsed / limit), {
        value: mibPerSec(iterations * HDPARM_BLOCK, elapsed),
        unit: 'MiB/s',
      });
      const p0 = nowNs();
      await slicer.pause();
      paused += nowNs() - p0;
    }
  }
  // The overhead loop: the same clock reads and bookkeeping, minus the copy.
  const o0 = nowNs();
  let sink = 0;
  for (let i = 0; i < iterations; i++) {
    sink += secondsSince(t0) > 1e9 ? 1 : 0;
  }
  const overheadSeconds = secondsSince(o0) + sink;
  const bytes = iterations * HDPARM_BLOCK;
  const r = overheadCorrectedRate(bytes, elapsed, overheadSeconds);
  if (!r) throw new Error('timing overhead exceeded the measured interval');
  return { bytes, seconds: r.seconds, overheadSeconds, mibPerSec: r.mibPerSec };
}
