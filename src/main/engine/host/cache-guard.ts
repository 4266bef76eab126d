// Plausibility guard: a figure the drive cannot have delivered came from a cache. Marks such
// measurements `suspect: {kind:'cache'}` (the verdict leaves them out of findings and headlines)
// and returns one run note per flagged figure saying why.
import { labelText, measurementLabel } from '../../../shared/labels';
import type { Measurement, TestResult } from '../../../shared/schemas/run';
import { toMBps } from '../../../shared/verdict/metrics';
import { fmtNum } from '../../../shared/format';

/** Random access faster than this multiple of the same run's RND 4K Q1 rate is not the drive. */
export const RANDOM_VS_Q1 = 2;
/** Above the link ceiling by more than this share is impossible for the drive. */
const ABOVE_CEILING = 1.05;

export interface GuardLimits {
  /** The drive's link ceiling (MB/s), when known. */
  linkCeilingMBps?: number | null | undefined;
  /** This machine's memory copy rate (MB/s): hdparm -T of the run, or a memcpy probe. */
  memoryMBps?: number | null | undefined;
}

/** The run's RND 4K Q1 read rate (ops/s), the yardstick for single random reads. */
function q1RandomReadIops(results: TestResult[]): number | null {
  const m = results
    .filter((t) => t.status === 'ok' && t.testId === 'qd-profile')
    .flatMap((t) => t.measurements)
    .find((x) => x.metric === 'read_iops' && x.params?.pattern === 'rnd' && x.params?.qd === 1);
  return m?.median && m.median > 0 ? m.median : null;
}

/** Single random reads per second this measurement claims, or null when it is not one. */
function randomRate(testId: string, m: Measurement): number | null {
  if (m.median === null || m.median <= 0) return null;
  if (testId === 'seeker' && m.metric === 'seeks_per_second') return m.median;
  if (testId === 'seeker' && m.metric === 'random_access_ms') return 1000 / m.median;
  return null;
}

export function guardResults(results: TestResult[], limits: GuardLimits): string[] {
  const notes: string[] = [];
  const q1 = q1RandomReadIops(results);
  for (const t of results) {
    if (t.status !== 'ok' || t.testId === 'cached-read') continue;
    for (const m of t.measurements) {
      const why = suspicion(t.testId, m, q1, limits);
      if (!why) continue;
      m.suspect = { kind: 'cache', reason: why };
      // The run notes reach the report and the CLI: the figure in a person's words, not its key.
      notes.push(`cache suspected: ${labelText(measurementLabel(t, m))}: ${why}`);
    }
  }
  return notes;
}

function suspicion(
  testId: string,
  m: Measurement,
  q1: number | null,
  limits: GuardLimits,
): string | null {
  const rate = randomRate(testId, m);
  if (rate !== null && q1 !== null && rate > q1 * RANDOM_VS_Q1)
    return `${fmtNum(rate)} random reads/s is more than ${RANDOM_VS_Q1}× this run's RND 4K Q1 (${fmtNum(q1)} IOPS): the reads came from a cache`;
  const mbps = m.median === null ? null : toMBps(m.median, m.unit);
  if (mbps === null || m.better !== 'higher') return null;
  // dd's figure before sync is the page cache by definition and labelled so.
  if (m.metric === 'throughput_before_sync') return null;
  const ceiling = limits.linkCeilingMBps ?? null;
  if (ceiling !== null && ceiling > 0 && mbps > ceiling * ABOVE_CEILING)
    return `${fmtNum(mbps)} MB/s is above the link ceiling of ~${fmtNum(ceiling)} MB/s`;
  const mem = limits.memoryMBps ?? null;
  if (mem !== null && mem > 0 && mbps > mem)
    return `${fmtNum(mbps)} MB/s is above this machine's memory copy rate (${fmtNum(mem)} MB/s)`;
  return null;
}

/**
 * The faster of the run's hdparm -T and a quick memcpy probe (16 MiB, best of 3): on a busy VM
 * hdparm -T alone read 1.7 GB/s, below what DMA reads into memory reach.
 */
export function memoryCopyMBps(results: TestResult[]): number {
  const cached = results
    .filter((t) => t.status === 'ok')
    .flatMap((t) => t.measurements)
    .find((m) => m.metric === 'cached_read');
  const fromRun = cached?.max ? (toMBps(cached.max, cached.unit) ?? cached.max) : 0;
  const src = Buffer.alloc(16 * 1024 * 1024, 1);
  const dst = Buffer.alloc(src.length);
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    src.copy(dst);
    best = Math.min(best, performance.now() - t0);
  }
  return Math.max(fromRun, src.length / 1e6 / (best / 1000));
}
