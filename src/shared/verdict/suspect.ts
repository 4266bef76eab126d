// Figures the verdict must not sell as news: memory-speed figures (hdparm -T re-reads a 2 MiB
// buffer from RAM: not the drive) and figures the page cache answered ("cache suspected"),
// whether the engine flagged them or the same guard here catches them in an older/imported run.
import type { Measurement, RunDocument, TestResult } from '../schemas/run';
import { spreadOfMeasurement } from './spread';
import { isDeviceRead, metricLabel, toMBps } from './metrics';
import { fmtNum } from '../format';

/** Above the link ceiling by more than this, a "device" read cannot have come from the device. */
export const ABOVE_CEILING = 1.05;
/** A device read at this share of the run's cached-read (memory) speed came from RAM. */
export const MEMORY_SPEED = 0.8;
/** A random access this many times faster than the same run's RND 4K Q1 latency hit a cache. */
export const RANDOM_VS_Q1 = 2;

export type Exclusion = { kind: 'cache-suspected' | 'memory-speed' | 'disturbed'; reason: string };

const med = (m: Measurement) => spreadOfMeasurement(m).median;

/**
 * ms per random access implied by seeker's figures (one process, one read at a time, like RND 4K
 * Q1), or null. bonnie++'s random seeks run 5 processes at once: not comparable with Q1.
 */
function randomAccessMs(m: Measurement): number | null {
  const v = med(m);
  if (v === null || v <= 0) return null;
  if (m.metric === 'random_access_ms') return v;
  if (m.metric === 'seeks_per_second') return 1000 / v;
  return null;
}

function q1Ms(run: RunDocument): number | null {
  for (const t of run.tests)
    if (t.status === 'ok')
      for (const m of t.measurements)
        if (m.metric === 'read_iops' && m.params?.pattern === 'rnd' && Number(m.params?.qd) === 1) {
          const v = med(m);
          if (v && v > 0) return 1000 / v;
        }
  return null;
}

/** Why this figure of this run is not the drive's, or null when it can be trusted. */
export function exclusionOf(run: RunDocument, test: TestResult, m: Measurement): Exclusion | null {
  if (m.metric === 'cached_read')
    return { kind: 'memory-speed', reason: 'cached reads run at memory speed: not the drive' };
  // dd's own figure stops the clock before sync: the page cache took the data, not the drive
  // (1,177 MB/s on a 120 MB/s disk), and it swings with memory pressure (1.57x in a quick A/A).
  if (m.metric === 'throughput_before_sync')
    return {
      kind: 'memory-speed',
      reason: "dd's figure before sync is the page cache's speed: not the drive",
    };
  const flag = m.suspect ?? test.suspect;
  if (flag) return { kind: 'cache-suspected', reason: flag.reason };
  if (test.kind !== 'synthetic') return null;
  const ra = randomAccessMs(m);
  const q1 = ra !== null ? q1Ms(run) : null;
  if (ra !== null && q1 !== null && ra * RANDOM_VS_Q1 < q1)
    return {
      kind: 'cache-suspected',
      reason: `${fmtNum(ra)} ms per random access is over ${RANDOM_VS_Q1}× faster than this run's RND 4K Q1 (${fmtNum(q1)} ms)`,
    };
  if (!isDeviceRead(m)) return null;
  const v = toMBps(med(m) ?? NaN, m.unit);
  if (v === null || !Number.isFinite(v)) return null;
  const ceiling = run.drive?.link?.ceilingMBps ?? null;
  if (ceiling !== null && v > ceiling * ABOVE_CEILING)
    return {
      kind: 'cache-suspected',
      reason: `${fmtNum(v)} MB/s is above the link ceiling of ~${fmtNum(ceiling)} MB/s`,
    };
  const memory = memoryMBps(run);
  if (memory !== null && memory > 0 && v >= memory * MEMORY_SPEED)
    return {
      kind: 'cache-suspected',
      reason: `${fmtNum(v)} MB/s is close to this machine's memory speed (${fmtNum(memory)} MB/s cached reads)`,
    };
  return null;
}

function memoryMBps(run: RunDocument): number | null {
  for (const t of run.tests)
    if (t.status === 'ok')
      for (const m of t.measurements)
        if (m.metric === 'cached_read') return toMBps(med(m) ?? NaN, m.unit);
  return null;
}

/** Every suspect figure of a run, with the words the cache finding prints. */
export function suspectFigures(
  run: RunDocument,
): { test: TestResult; m: Measurement; label: string; reason: string }[] {
  const out: { test: TestResult; m: Measurement; label: string; reason: string }[] = [];
  for (const t of run.tests) {
    if (t.status !== 'ok') continue;
    for (const m of t.measurements) {
      const e = exclusionOf(run, t, m);
      if (e?.kind === 'cache-suspected')
        out.push({ test: t, m, label: metricLabel(m), reason: e.reason });
    }
  }
  return out;
}
