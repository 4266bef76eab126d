// A drive as the replay sees it, for reads and for writes: how long one request takes at queue
// depth 1 by its size, and the most requests and bytes it serves a second. From a run's own
// synthetic tests (the queue-depth profile's RND 4K Q1 with its median latency and SEQ 1M Q1), or
// from a preset's or the person's rated figures (a fixed access time plus the transfer at the
// sequential rate). A disk's median request takes about its mean; a drive that serves most
// requests at once and holds some back to keep to a rate (a throttle: median 30 µs, mean 6.6 ms)
// is a short latency under a cap.
import { RAW_BUFFERED_NOTE } from '../bench/catalogue';
import type { Measurement, RunDocument } from '../schemas/run';
import { spreadOfMeasurement } from '../verdict/spread';
import type { ResolvedTarget } from './schema';

const KiB = 1024;
const MiB = 1024 * KiB;

/** Seconds per request by request size (bytes), sorted by size. */
export type Curve = [bytes: number, seconds: number][];

export interface Direction {
  /** Mean seconds per request by size (saturating queue-depth-1 tests). */
  curve: Curve;
  /** A typical (median) request's time as a share of the mean one's: 1 for a disk. */
  typical: number;
  /** The most requests and bytes a second it sustains. */
  iops: number;
  bps: number;
}

export interface ReplayFigures {
  read: Direction;
  write: Direction;
  /**
   * Bytes a second its buffered writes reach the drive, sync included (dd's method): the page
   * cache's and file system's own work in a flush, which the direct-I/O figures above leave out.
   * Only a run that timed dd has it.
   */
  flushBps?: number;
  /**
   * Bytes a second it reads through the page cache (hdparm -t on the raw device, its buffer
   * cache flushed): the cache's own work in a cold read, which the direct-I/O figures leave out.
   * The unthrottled loop read 0.77-1.8 GB/s against 8.5 GB/s direct; elsewhere the two agree.
   * Only a run whose buffered-read read the raw device has it.
   */
  cacheReadBps?: number;
  /** Where the figures come from, for the assumptions. */
  source: string;
}

const med = (m: Measurement): number | null => spreadOfMeasurement(m).median;

/** Seconds one request of `bytes` takes: linear between the curve's points, beyond them too. */
export function requestSeconds(c: Curve, bytes: number): number {
  if (c.length === 1) return c[0]![1];
  let i = 1;
  while (i < c.length - 1 && c[i]![0] < bytes) i++;
  const [x0, y0] = c[i - 1]!;
  const [x1, y1] = c[i]!;
  const t = y0 + ((y1 - y0) * (bytes - x0)) / (x1 - x0);
  return Math.max(bytes <= x0 ? y0 : Math.min(y0, y1), t);
}

function curveOf(points: [number, number][]): Curve | null {
  const bySize = new Map<number, number[]>();
  for (const [b, s] of points)
    if (Number.isFinite(s) && s > 0) bySize.set(b, [...(bySize.get(b) ?? []), s]);
  const c: Curve = [...bySize.entries()]
    .map(([b, ss]): [number, number] => [b, ss.sort((x, y) => x - y)[ss.length >> 1]!])
    .sort((x, y) => x[0] - y[0]);
  return c.length >= 2 ? c : null;
}

/**
 * The run's points for one direction: the queue-depth profile's RND 4K Q1 and SEQ 1M Q1, its
 * time-bounded phases (fio's method). Sizes between are taken on the line between them. iozone's
 * random reads and writes of 64 and 512 KiB records once filled it in, but quick's single pass over
 * an 8 MiB file catches a throttle's burst or stall: the same HDD-like device gave 64 KiB reads
 * 6.25 ms in two bench:predict rounds and 7.5 ms in a third, which moved that round's 5400 rpm-like
 * → HDD-like predictions 10 % slower and three of its rows out of range (median error 21 % over
 * the round, 8 % on the line; the four rounds before it: 13.7 → 13.3 %, 8.6 → 9.1 %, 12.9 → 12.9 %,
 * 12.2 → 10.1 %).
 */
function pointsOf(run: RunDocument, dir: 'read' | 'write'): [number, number][] {
  const frame: [number, number][] = [];
  for (const t of run.tests) {
    if (t.status !== 'ok' || t.kind !== 'synthetic' || t.suspect) continue;
    for (const m of t.measurements) {
      const v = m.suspect ? null : med(m);
      if (v === null || !(v > 0)) continue;
      if (m.metric === `${dir}_iops` && Number(m.params?.['qd']) === 1)
        frame.push([Number(m.params?.['bs_kb']) * KiB, 1 / v]);
    }
  }
  return frame;
}

/** One direction of a run's figures: its curve, its median 4 KiB latency and its rates. */
function directionOf(run: RunDocument, dir: 'read' | 'write'): Direction | null {
  const curve = curveOf(pointsOf(run, dir));
  if (!curve) return null;
  const qd = run.tests.find((t) => t.testId === 'qd-profile' && t.status === 'ok');
  const p50 = qd?.measurements.find(
    (m) => m.metric === 'clat_p50_us' && m.params?.['rw'] === dir && Number(m.params?.['qd']) === 1,
  );
  const p50s = p50 ? (med(p50) ?? 0) / 1e6 : 0;
  const at4k = requestSeconds(curve, 4 * KiB);
  const last = curve[curve.length - 1]!;
  return {
    curve,
    typical: p50s > 0 ? Math.min(1, p50s / at4k) : 1,
    iops: 1 / at4k,
    bps: last[0] / last[1],
  };
}

/**
 * A synthetic test's rate in bytes a second (its metric's median times `scale`), when the run
 * timed it, neither it nor the figure is suspect, and `method` accepts how it was measured.
 */
function rateOf(
  run: RunDocument,
  testId: string,
  metric: [name: string, unit: string, scale: number],
  method: (m: string) => boolean = () => true,
): number | undefined {
  const t = run.tests.find((x) => x.testId === testId && x.status === 'ok' && !x.suspect);
  if (!t || !method(t.method)) return undefined;
  const m = t.measurements.find((x) => x.metric === metric[0] && x.unit === metric[1]);
  const v = m && !m.suspect ? med(m) : null;
  return v !== null && v > 0 ? v * metric[2] : undefined;
}

/** dd's write-and-sync rate, when the run timed it and it is not suspect. */
const flushBpsOf = (run: RunDocument) => rateOf(run, 'dd-write', ['throughput', 'MB/s', 1e6]);

/** hdparm -t's rate when it read the raw device through its buffer cache. */
const cacheReadBpsOf = (run: RunDocument) =>
  rateOf(run, 'buffered-read', ['buffered_read', 'MiB/s', MiB], (m) =>
    m.includes(` ${RAW_BUFFERED_NOTE}`),
  );

/** The run's own figures, or null when it lacks the queue-depth-1 figures they are made of. */
export function replayFiguresOfRun(run: RunDocument): ReplayFigures | null {
  const read = directionOf(run, 'read');
  const write = directionOf(run, 'write');
  if (!read || !write) return null;
  const flushBps = flushBpsOf(run);
  const cacheReadBps = cacheReadBpsOf(run);
  return {
    read,
    write,
    ...(flushBps === undefined ? {} : { flushBps }),
    ...(cacheReadBps === undefined ? {} : { cacheReadBps }),
    source: 'its own synthetic tests (RND 4K Q1 and its median latency, SEQ 1M Q1)',
  };
}

/** A fixed access time, then the transfer at the sequential rate. */
const rated = (accessSeconds: number, mbps: number): Direction => ({
  curve: [4 * KiB, 64 * KiB, 512 * KiB, MiB].map((b) => [
    b,
    accessSeconds + (b - 4 * KiB) / (mbps * 1e6),
  ]),
  typical: 1,
  iops: 1 / accessSeconds,
  bps: mbps * 1e6,
});

/** A preset's or the person's figures as curves (writes take the reads' access time). */
export function replayFiguresOfTarget(t: ResolvedTarget): ReplayFigures {
  const access = 1 / t.random4kQ1Iops;
  return {
    read: rated(access, t.effectiveSeqReadMBps),
    write: rated(access, t.effectiveSeqWriteMBps),
    source: `its rated figures (${t.random4kQ1Iops} IOPS at queue depth 1, ${t.effectiveSeqReadMBps} MB/s)`,
  };
}
