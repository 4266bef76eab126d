// The surface scan: read speed at evenly spaced places across a whole block device, as GNOME
// Disks' benchmark draws it. A hard disk reads its outer tracks (the start of the device) about
// twice as fast as its inner ones; an SSD reads the same everywhere. Runs in the root helper on
// the guard's read-only descriptor (O_DIRECT: no page cache between the drive and the figure).
import { readSync } from 'node:fs';
import { mibPerSec } from './calc';
import { nowNs, secondsSince, Slicer, throwIfAborted } from './io';
import { ioBuffer } from './io-buffers';
import type { MethodOptions } from './types';
import type { SurfaceArgs, SurfaceReadings } from '../types';

export type { SurfaceArgs, SurfaceReadings };

const MiB = 1024 * 1024;
/** One read: 1 MiB, as GNOME Disks reads. */
export const SURFACE_BLOCK = MiB;

/** What a scan may ask for; the helper's protocol refuses anything outside it. */
export const SURFACE_LIMITS = {
  minPoints: 100,
  maxPoints: 1000,
  /** Seconds one place may take at most. */
  maxSecondsPerPoint: 2,
  minBytesPerPoint: MiB,
  maxBytesPerPoint: 64 * MiB,
  /** The whole scan's time bound: points × seconds per point. */
  maxSeconds: 600,
} as const;

/**
 * `points` places from the start to the end of a `sizeBytes` device, each far enough from the end
 * for `span` bytes, on 1 MiB boundaries (O_DIRECT needs aligned offsets).
 */
export function surfaceOffsets(sizeBytes: number, points: number, span: number): number[] {
  const last = Math.max(0, Math.floor((sizeBytes - span) / SURFACE_BLOCK));
  if (points < 2) return [0];
  return Array.from(
    { length: points },
    (_, i) => Math.round((i * last) / (points - 1)) * SURFACE_BLOCK,
  );
}

/**
 * The order the places are visited in: round the three thirds in turn (outer, middle, inner, the
 * next outer, …), so a moment when the machine is slower lands on every third alike instead of on
 * whichever was being read then: the inner third's figure must differ by its place, not its time.
 */
export function visitOrder(points: number): number[] {
  const third = Math.ceil(points / 3);
  const order: number[] = [];
  for (let k = 0; k < third; k++)
    for (let j = 0; j < 3; j++) if (j * third + k < points) order.push(j * third + k);
  return order;
}

function readAt(fd: number, buf: Buffer, pos: number): number {
  const n = readSync(fd, buf, 0, buf.length, pos);
  if (n <= 0) throw new Error(`unexpected end of the device at byte ${pos}`);
  return n;
}

/**
 * Reads up to `bytesPerPoint` (or for `secondsPerPoint`, whichever comes first) at each place, in
 * 1 MiB requests, the places in visitOrder; its speed there is bytes ÷ seconds. Pauses every 100 ms (not counted) so cancel
 * gets through.
 */
export async function surfaceScanMethod(
  fd: number,
  sizeBytes: number,
  args: SurfaceArgs,
  opts: Omit<MethodOptions, 'seconds' | 'settle'> = {},
): Promise<SurfaceReadings> {
  // One read before the timed ones at each place, not counted: it moves a disk's heads there, so
  // the figure is the transfer rate at that place, not the seek from the last one.
  const usable = Math.floor(sizeBytes / SURFACE_BLOCK) * SURFACE_BLOCK - SURFACE_BLOCK;
  const span = Math.min(args.bytesPerPoint, usable);
  if (span < SURFACE_BLOCK) throw new Error('device is smaller than two 1 MiB reads');
  const buf = ioBuffer(SURFACE_BLOCK, { fd, size: sizeBytes, direct: true });
  const offsets = surfaceOffsets(sizeBytes, args.points, span + SURFACE_BLOCK);
  const speeds: number[] = new Array<number>(offsets.length).fill(0);
  const slicer = new Slicer(100, opts.signal);
  for (const [done, i] of visitOrder(offsets.length).entries()) {
    throwIfAborted(opts.signal);
    const start = offsets[i]! + readAt(fd, buf, offsets[i]!);
    let bytes = 0;
    let paused = 0n;
    const t0 = nowNs();
    let elapsed = 0;
    while (bytes < span && elapsed < args.secondsPerPoint) {
      bytes += readAt(fd, buf, start + bytes);
      elapsed = secondsSince(t0) - Number(paused) / 1e9;
      if (slicer.due()) {
        const p0 = nowNs();
        await slicer.pause();
        paused += nowNs() - p0;
      }
    }
    speeds[i] = mibPerSec(bytes, elapsed);
    opts.onProgress?.((done + 1) / offsets.length, { value: speeds[i], unit: 'MiB/s' });
  }
  return { sizeBytes, offsets, mibPerSec: speeds };
}
