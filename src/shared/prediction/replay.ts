// A prediction from this machine's own measurement. A task the app timed recorded, for its cold
// run and the warm run after it, the requests and bytes its drive served (shared/schemas/work.ts).
// The cold time is the old drive's part (those requests at the old drive's figures) plus all the
// rest (CPU, a cold cache's own CPU, waits on other disks), which no new drive changes: the
// prediction is the cold time with the old drive's part replaced by the new drive's,
// and never below the warm time less its own waits on the drive (what no drive beats) plus the
// new drive's part of what only the cold run read.
import type { WorkTiming, TaskWork } from '../schemas/work';
import { busyLine } from '../verdict/conditions';
import { requestSeconds, type Direction, type ReplayFigures } from './replay-figures';

const KiB = 1024;
/** The largest request a drive is sent (max_sectors_kb 512 is the common limit). */
const LARGEST = 512 * KiB;
const SMALLEST = 4 * KiB;

export interface Io {
  readRequests: number;
  readBytes: number;
  writeRequests: number;
  writeBytes: number;
}

/** The requests and bytes one timing's drive served, or null when they were not recorded. */
export function ioOf(t: WorkTiming): Io | null {
  const d = t.conditions?.devices[0];
  if (!d || d.readRequests === undefined || d.writeRequests === undefined) return null;
  return {
    readRequests: d.readRequests,
    readBytes: d.readBytes,
    writeRequests: d.writeRequests,
    writeBytes: d.writeBytes,
  };
}

/**
 * Seconds `n` requests of `bytes` in all take one after another, two ways, since the counters
 * give only the mean size: all at the mean size, and split between the smallest and the largest
 * size with the same bytes. On a drive whose time per request has a kink (a fixed access time up
 * to some size, the transfer beyond) the two differ; elsewhere they agree.
 */
function oneWay(d: Direction, n: number, bytes: number): [number, number] {
  if (n <= 0) return [0, 0];
  const c = d.curve;
  const mean = n * requestSeconds(c, bytes / n);
  const large = Math.min(n, Math.max(0, (bytes - n * SMALLEST) / (LARGEST - SMALLEST)));
  const split = (n - large) * requestSeconds(c, SMALLEST) + large * requestSeconds(c, LARGEST);
  return [Math.min(mean, split) * d.typical, Math.max(mean, split) * d.typical];
}

/** A drive's time for `io` one request after another: the low and the high of the two ways. */
export function driveSeconds(f: ReplayFigures, io: Io): [number, number] {
  const r = oneWay(f.read, io.readRequests, io.readBytes);
  const w = oneWay(f.write, io.writeRequests, io.writeBytes);
  return [r[0] + w[0], r[1] + w[1]];
}

/** The least time `io` takes at the drive's sustained rates of requests and bytes. */
export function capSeconds(f: ReplayFigures, io: Io): number {
  const one = (d: Direction, n: number, b: number) => Math.max(n / d.iops, b / d.bps);
  return one(f.read, io.readRequests, io.readBytes) + one(f.write, io.writeRequests, io.writeBytes);
}

const less = (a: Io, b: Io | null): Io =>
  b
    ? {
        readRequests: Math.max(0, a.readRequests - b.readRequests),
        readBytes: Math.max(0, a.readBytes - b.readBytes),
        writeRequests: Math.max(0, a.writeRequests - b.writeRequests),
        writeBytes: Math.max(0, a.writeBytes - b.writeBytes),
      }
    : a;

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** The timing whose wall time is the median (the one the row's time is). */
const middle = (ts: WorkTiming[]): WorkTiming =>
  [...ts].sort((a, b) => a.wall - b.wall)[(ts.length - 1) >> 1]!;

export interface Replayed {
  /**
   * The predicted time, and the shortest and longest its parts allow: a capped drive's wait all
   * hidden or all exposed, a cold cache's CPU none or all of it, a burst of requests free.
   */
  seconds: number;
  lowSeconds: number;
  highSeconds: number;
  beforeSeconds: number;
  warmSeconds: number | null;
  /**
   * What no drive beats: the warm run less its own waits on the drive (an unpack's flush, a
   * probe's direct reads), the rest of the program. Not the warm wall time, which on a slow drive
   * still holds those waits (an unpack's warm run took 6.2 s on the HDD-like loop, 1.0 s after).
   */
  floorSeconds: number;
  /** The old drive's part of the cold time as replayed, and the new drive's for the same requests. */
  oldDrive: number;
  newDrive: number;
  /** The cold times' own spread, as factors of their median (1 repetition: [1, 1]). */
  spread: [number, number];
  /**
   * The spread of the runs that timed the floor with its writes in memory, as factors of their
   * median ([1, 1] without them): on the new drive a start is mostly that floor, and its
   * repetitions, not the cold ones a slow drive dominated, say how much it moves.
   */
  floorSpread: [number, number];
  /**
   * How much longer the warm run's waited-for writes take on the new drive at its buffered rate
   * (dd's write and sync) than at its direct-I/O figures: the page cache's and file system's work
   * in a flush (block allocation, inodes: an unpack writes 12,698 files), which a slow drive hides
   * under its own waits and a fast one does not; already in seconds and both ends. 0 when the
   * new drive's dd rate is not known.
   */
  writebackSeconds: number;
  /** The same for what only the cold run read, at the new drive's page cache read rate. */
  cacheReadSeconds: number;
}

/** Why a row cannot be replayed (its work not recorded, a busy machine), or null. */
export function replayRefusal(w: TaskWork | undefined): string | null {
  if (!w || w.cold.length === 0) return 'no cold run with its counters';
  if (w.notReplayed) return w.notReplayed;
  if (w.coldCheck && w.coldCheck.how === 'none') return 'its cold run could not be made cold';
  for (const t of [...w.cold, ...w.warm, ...(w.inMemory ?? [])]) {
    if (!ioOf(t)) return "its drive's requests were not recorded";
    const busy = busyLine(t.conditions!);
    if (busy) return `the machine was busy while it was timed (${busy.replace(/^busy: /, '')})`;
  }
  return null;
}

const mid = (x: [number, number]): number => Math.sqrt(x[0] * x[1]) || (x[0] + x[1]) / 2;
const share = (part: number, of: number): number =>
  of > 0 ? Math.min(1, Math.max(0, part / of)) : 0;

/**
 * A drive part this short is a burst the drive's sustained figures do not describe (its cache,
 * its queue, a throttle's first slice): its low end is none of it.
 */
const BURST_SECONDS = 0.1;

/**
 * What no drive beats, from the warm run: its wall less the flush or the waits it timed, or its
 * run with its writes in memory, else the larger of its wall less its requests at the old drive
 * (`oldHigh`) and its CPU time. A start run again with its profile in memory timed the rest
 * itself: its CPU cannot stand for it (Chromium's warm start used 1.2-1.5 s of CPU on the
 * HDD-like loop and took 1.3-1.8 s in memory, 1.4-1.7 s on an unthrottled loop: its processes
 * wait on each other).
 */
function restOf(w: TaskWork, warm: WorkTiming | null, oldHigh: number): number {
  const base = warm ?? { wall: 0, cpu: 0 };
  if (warm?.flushSeconds !== undefined) return base.wall - warm.flushSeconds;
  if (warm?.waitSeconds !== undefined) return Math.max(0, base.wall - warm.waitSeconds);
  if (warm && w.inMemory?.length) return Math.min(base.wall, median(w.inMemory.map((t) => t.wall)));
  return Math.max(0, base.wall - oldHigh, Math.min(base.wall, base.cpu));
}

/**
 * The new drive's time for `bytes` read cold through the page cache beyond its direct rate:
 * Chromium's 300 MB took 0.23 s at the unthrottled loop's 1.3 GB/s (hdparm -t) against 0.04 s at
 * its 8.5 GB/s direct, and its cold start 0.09-0.5 s longer than its start in memory in three
 * rounds. A drive whose two rates agree (a disk, the SATA-SSD-like throttle) adds nothing.
 */
function cacheReadSeconds(next: ReplayFigures, bytes: number): number {
  return next.cacheReadBps ? Math.max(0, bytes / next.cacheReadBps - bytes / next.read.bps) : 0;
}

/** A list's least and largest as factors of its median ([1, 1] when empty). */
const spreadOf = (xs: number[]): [number, number] =>
  xs.length ? [Math.min(...xs) / median(xs), Math.max(...xs) / median(xs)] : [1, 1];

/**
 * The row's time on the new drive; call only when replayRefusal(w) is null. Three parts:
 * - the warm run without its own drive time (what no drive beats): its wall less the flush or the
 *   waits it timed, or its run with its writes in memory, else the larger of its wall less its
 *   requests at the old drive's figures and its CPU time (a program that computes while it
 *   waits), the end that is not optimistic;
 * - the warm run's requests (an unpack writes again) at the new drive, as much of them as the
 *   old drive's were waited for;
 * - what only the cold run did: its extra CPU (a cold cache's own work: between none and all of
 *   the cold run's CPU beyond the warm run's) and its extra requests at the new drive, as much
 *   of them as the old drive's were waited for (a program that reads ahead waits for less).
 */
export function replay(w: TaskWork, old: ReplayFigures, next: ReplayFigures): Replayed {
  const cold = middle(w.cold);
  const warm = w.warm.length ? middle(w.warm) : null;
  const ioC = ioOf(cold)!;
  const ioW = warm ? ioOf(warm) : null;
  const none: [number, number] = [0, 0];
  // The old drive's time: its requests one after another, or its rates where they are slower.
  const oldTime = (io: Io): [number, number] => {
    const [lo, hi] = driveSeconds(old, io);
    const cap = capSeconds(old, io);
    return [Math.max(lo, cap), Math.max(hi, cap)];
  };
  const wOld = ioW ? oldTime(ioW) : none;
  const wNew = ioW ? driveSeconds(next, ioW) : none;
  // What only the cold run did: its requests beyond the warm run's.
  const xIo = less(ioC, ioW);
  const xOld = oldTime(xIo);
  const xNew = driveSeconds(next, xIo);
  const base = warm ?? { wall: 0, cpu: 0 };
  const flushed = warm?.flushSeconds;
  const rest = restOf(w, warm, wOld[1]);
  const waitedW = share(base.wall - rest, mid(wOld));
  const extraCpu = Math.max(0, cold.cpu - base.cpu);
  const waited = share(cold.wall - base.wall - extraCpu / 2, mid(xOld));
  // The warm run's own drive waits (an unpack's flush: a phase of its own) come first; then the
  // rest of the program, whose cold-only requests either wait one by one (as long as the old
  // drive's were waited for) or, on a drive that caps its rate, hide behind the program's own
  // work up to the cap: the two ends, and their geometric mean as the prediction.
  const capW = ioW ? capSeconds(next, ioW) : 0;
  const capX = capSeconds(next, xIo);
  const flush = (i: 0 | 1) => waitedW * Math.max(wNew[i], capW);
  const buffered = ioW && next.flushBps ? ioW.writeBytes / next.flushBps : 0;
  // A flush is a phase of its own, after the rest; other warm waits (a probe's direct reads) come
  // one by one between the program's own work, which a drive that caps its rate lets run inside
  // its spacing, as it does the cold-only requests' (a SATA-SSD-like throttle served the backup's
  // idle probe, 1,038 reads and 0.11 s of CPU, in 0.205 s: its cap, 0.2 s, not their sum).
  const apart = flushed !== undefined;
  const overlapped = (cold: number, part: (x: number) => number = (x) => x) =>
    apart
      ? part(flush(0)) + Math.max(rest + cold, waited * part(capX))
      : Math.max(rest + part(waitedW * wNew[0]) + cold, part(waitedW * capW) + waited * part(capX));
  const hidden = overlapped(extraCpu / 2 + waited * mid(xNew));
  const serial = (i: 0 | 1, cpu: number) =>
    flush(i) + rest + cpu + waited * Math.max(xNew[i], capX);
  const drive = (flush(0) + flush(1)) / 2 + waited * Math.max(mid(xNew), capX);
  // Below a tenth of a second the drive's part is taken at half, and may be none of it.
  const burst = drive < BURST_SECONDS;
  const point = Math.sqrt(hidden * serial(1, extraCpu / 2)) - (burst ? drive / 2 : 0);
  const b = (x: number) => (burst ? 0 : x);
  const low = overlapped(waited * b(xNew[0]), b);
  const walls = w.cold.map((t) => t.wall);
  // The flush's page cache and file system work at the new drive's buffered rate is part of
  // every end: it was only added to the top once, and the unthrottled loop's unpack then read
  // 1.19-1.25 times its prediction in three bench:predict rounds, the writeback's share of it.
  const writeback = Math.max(0, waitedW * buffered - flush(1));
  const cacheRead = waited * cacheReadSeconds(next, xIo.readBytes);
  const added = writeback + cacheRead;
  return {
    seconds: point + added,
    lowSeconds: Math.min(point, low) + added,
    highSeconds: Math.max(point, serial(1, extraCpu)) + added,
    beforeSeconds: median(walls),
    warmSeconds: warm?.wall ?? null,
    floorSeconds: Math.min(point + added, warm ? rest : cold.cpu),
    oldDrive: waitedW * mid(wOld) + waited * mid(xOld),
    newDrive: drive,
    spread: spreadOf(walls),
    floorSpread: spreadOf(w.inMemory?.map((t) => t.wall) ?? []),
    writebackSeconds: writeback,
    cacheReadSeconds: cacheRead,
  };
}
