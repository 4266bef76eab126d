// fio-comparable queue-depth profile: SEQ 1 MiB Q8/Q1 and RND 4 KiB Q32/Q1, read then write,
// time-based like `fio --time_based --direct=1`, on the shared test file.
import { randomFillSync } from 'node:crypto';
import { closeSync, fsyncSync } from 'node:fs';
import type { Measurement } from '../../../../shared/schemas/run';
import { kibPerSec, latencyStats, measurement } from '../../methods/calc';
import { makeRandom, openTestFile } from '../../methods/io';
import { ioBuffers, setHugePageBuffers, type IoBuffers } from '../../methods/io-buffers';
import { RATE_FIT_NOTE } from '../../methods/rate-fit';
import { nativeAio } from '../../../core/native-aio';
import { runQueue, type QueueJob, type QueueResult } from '../queue';
import { deepQueueNote, qd1Note } from '../queue-notes';
import type { LiveValue } from '../../types';
import { QUEUE_SETTLE, RANDOM_SETTLE, settledSeconds, settleNote } from '../../methods/settle';
import {
  defineBenchmark,
  fmtBytes,
  ioSeconds,
  noteEarly,
  settles,
  TEST_FILE_SIZE,
  testFileCost,
  type BenchSizes,
} from './common';

export interface QdPhase {
  pattern: 'seq' | 'rnd';
  bs: number;
  qd: number;
  op: 'read' | 'write';
}

const KiB = 1024;
const SHAPES: Omit<QdPhase, 'op'>[] = [
  { pattern: 'seq', bs: 1024 * KiB, qd: 8 },
  { pattern: 'seq', bs: 1024 * KiB, qd: 1 },
  { pattern: 'rnd', bs: 4 * KiB, qd: 32 },
  { pattern: 'rnd', bs: 4 * KiB, qd: 1 },
];
export const QD_PHASES: QdPhase[] = (['read', 'write'] as const).flatMap((op) =>
  SHAPES.map((s) => ({ ...s, op })),
);

export const phaseParams = (p: QdPhase) => ({ pattern: p.pattern, bs_kb: p.bs / KiB, qd: p.qd });
export const phaseLabel = (p: QdPhase) =>
  `${p.pattern.toUpperCase()} ${p.bs >= 1024 * KiB ? `${p.bs / 1024 / KiB}M` : `${p.bs / KiB}K`} Q${p.qd} ${p.op}`;

/**
 * Warm-up before each queue-depth phase, not measured (fio's ramp_time): a throttled or cached
 * drive answers the first requests of a phase from burst credit, which made short phases swing
 * 0.6–1.0× between two runs of the same drive. A fifth of the phase, at least 0.2 s.
 */
const qdRampSeconds = (s: Pick<BenchSizes, 'qdSeconds'>): number => Math.max(0.2, s.qdSeconds / 5);

/** Each phase's early-stop rule: within the floor its figures need (settle.ts). */
const ruleOf = (p: QdPhase) => (p.pattern === 'rnd' ? RANDOM_SETTLE : QUEUE_SETTLE);

export const qdProfile = defineBenchmark({
  id: 'qd-profile',
  title: 'Queue-depth profile',
  tool: 'fio',
  // No drain before it (TestModule.timedWrites): its writes come after four read phases, each
  // with a warm-up, and what runs before it in quick and the verdict pairs only reads. With one,
  // the verdict pairs' application-like start on the HDD-like loop, two tests later, read 8.6 s
  // cold in each of three runs (11 s in the two without): on the throttle, not understood, so not taken.
  description:
    'SEQ 1 MiB Q8/Q1 and RND 4 KiB Q32/Q1, read and write, with latency percentiles: comparable with fio and CrystalDiskMark.',
  sizes: {
    file: TEST_FILE_SIZE,
    qdSeconds: { label: 'Many-requests test, per phase (8 phases)', unit: 's' },
  },
  sharesTestFile: true,
  estimate: (reps, s, r) => {
    // 8 time-based phases, each after a warm-up in the same queue (qdRampSeconds); each of the 8
    // queue runs sets up (CPU) and drains its queue at the end (32 random or 8 large requests at
    // the drive's rate). In quick a phase ends once settled (QUEUE_SETTLE) where the drive
    // fills its windows: the probe's QD1 random rate for the random phases (deeper queues only
    // run faster), its sequential rate in 1 MiB requests for the others.
    const ramp = qdRampSeconds(s);
    const drain = ioSeconds(r, 32 * 4096, 32) + ioSeconds(r, 8 * 1024 * KiB, 8);
    const phase = (p: QdPhase) =>
      settles(s)
        ? settledSeconds(ruleOf(p), s.qdSeconds, p.pattern === 'rnd' ? r.iops : r.seqBps / p.bs)
        : s.qdSeconds;
    const phases = QD_PHASES.reduce((a, p) => a + phase(p) + ramp, 0);
    return (
      (r.rawReads ? testFileCost(s, r).seconds : 0) +
      reps * (phases + 8 * 0.015 * r.cpu + 2 * drain) +
      0.5
    );
  },
  bytes: (s) => s.file,
  async run(ctx, t) {
    const s = t.sizes;
    const lead = 0.15;
    const {
      path,
      created,
      size: fileSize,
    } = await t.dataFile(s.file, (f) =>
      ctx.progress(f * lead, undefined, `writing the ${fmtBytes(s.file)} test file`),
    );
    const r = t.result(
      `fio-style --direct=1 --time_based --runtime=${s.qdSeconds} --ramp_time=${qdRampSeconds(s)} per phase on a ${fmtBytes(fileSize)} test file; ${qd1Note()}, ${nativeAio().addon ? "deeper queues through Linux native AIO, one submission per request (as fio libaio); every write's buffer scrambled per 512 bytes with its offset and time, as fio's default scramble_buffers (no deduplicating shortcut)" : 'deeper queues asynchronous through libuv (io_uring where the kernel allows it)'}`,
    );
    if (created) r.bytesWritten = fileSize;
    r.cache = 'bypassed';
    const { fd, direct } = openTestFile(path, 'rw');
    if (!direct) {
      t.warmCache(r);
    }
    const random = makeRandom();
    // Huge-page buffers only when asked by name (io-buffers.ts says why).
    if (ctx.options['hugePages'] === true) setHugePageBuffers(true);
    const bigBs = Math.max(...QD_PHASES.map((p) => p.bs));
    const big = ioBuffers(
      bigBs,
      Math.max(...QD_PHASES.filter((p) => p.bs === bigBs).map((p) => p.qd)),
      { fd, size: fileSize, direct },
    );
    if (big.requestsPerIo !== null && big.requestsPerIo > 1.05)
      r.caveats.push(
        `${fmtBytes(bigBs)} requests reached the drive as ${big.requestsPerIo.toFixed(1)} requests each (split by the queue's DMA segment limit, or other disk reads at the same time)`,
      );
    const settle = settles(s) && !!nativeAio().addon;
    if (settle)
      r.method += `; each sequential phase ${settleNote(QUEUE_SETTLE)}, each random one ${settleNote(RANDOM_SETTLE)}`;
    const results: QueueResult[][] = QD_PHASES.map(() => []);
    const steps = QD_PHASES.length * ctx.repetitions;
    const ramp = qdRampSeconds(s);
    try {
      for (let rep = 0; rep < ctx.repetitions; rep++) {
        for (let i = 0; i < QD_PHASES.length; i++) {
          const p = QD_PHASES[i]!;
          const step = rep * QD_PHASES.length + i;
          const progress = t.progress(step, lead, steps);
          const job = {
            fd,
            op: p.op,
            bs: p.bs,
            qd: p.qd,
            pattern: p.pattern,
            fileSize,
            random,
            signal: ctx.signal,
            fill: (b: Buffer) => randomFillSync(b),
            ...(p.bs === bigBs ? { buffers: big } : {}),
            ...(settle ? { settle: ruleOf(p) } : {}),
          };
          results[i]!.push(await runPhase(p, job, { ramp, seconds: s.qdSeconds }, progress));
          if (p.op === 'write' && !direct) fsyncSync(fd);
        }
      }
    } finally {
      closeSync(fd);
    }
    if (big.hugePages)
      r.method += '; huge-page buffers (named option: faster than fio-default memory here)';
    if (results.some((runs) => runs.some((x) => x.rate !== null))) r.method += `; ${RATE_FIT_NOTE}`;
    noteEarly(
      r,
      results.flatMap((runs) => runs.map((x) => x.seconds)),
      s.qdSeconds,
    );
    r.extra = queueExtra(big);
    r.measurements = QD_PHASES.flatMap((p, i) => phaseMeasurements(p, results[i]!));
    return r;
  },
});

/**
 * One phase: a warm-up, not measured (fio's ramp_time), so the queue fills and a throttled
 * drive's burst credit is spent before the clock starts; then the measured run, in one queue.
 */
async function runPhase(
  p: QdPhase,
  job: Omit<QueueJob, 'seconds' | 'keepLatencies' | 'onProgress'>,
  t: { ramp: number; seconds: number },
  progress: (fraction: number, live?: LiveValue, message?: string) => void,
): Promise<QueueResult> {
  const rampShare = t.ramp / (t.ramp + t.seconds);
  return runQueue({
    ...job,
    seconds: t.seconds,
    ramp: t.ramp,
    keepLatencies: p.qd === 1 && p.pattern === 'rnd',
    onProgress: (f, live) =>
      progress(f, live, f < rampShare ? `${phaseLabel(p)} (warm-up)` : phaseLabel(p)),
  });
}

/** What the result records about deep-queue I/O and the large buffers (fio-default or not). */
function queueExtra(big: IoBuffers) {
  return {
    asyncIo: deepQueueNote(),
    largeBuffers: big.hugePages
      ? 'huge pages (named option, not fio-default memory)'
      : 'ordinary page-size buffers (as fio --mem=malloc)',
    ...(big.requestsPerIo !== null ? { requestsPerLargeIo: big.requestsPerIo } : {}),
  };
}

export function phaseMeasurements(p: QdPhase, runs: QueueResult[]): Measurement[] {
  const params = phaseParams(p);
  const label = phaseLabel(p);
  // The fitted rate where there is one (rate-fit.ts), else fio's count over the runtime.
  const iops = runs.map((x) => x.rate ?? x.ops / x.seconds);
  const out = [
    measurement(`${p.op}_iops`, 'IOPS', 'higher', iops, { params, label }),
    measurement(
      `${p.op}_bw`,
      'KiB/s',
      'higher',
      iops.map((x) => kibPerSec(x * p.bs, 1)),
      { params, label },
    ),
    measurement(
      `${p.op}_clat_mean_us`,
      'µs',
      'lower',
      runs.map((x) => x.latSumUs / x.ops),
      { params, label },
    ),
  ];
  if (p.qd === 1 && p.pattern === 'rnd') {
    const stats = runs.map((x) => (x.latencies ? latencyStats(x.latencies) : null));
    const withRw = { ...params, rw: p.op };
    out.push(
      measurement(
        'clat_p50_us',
        'µs',
        'lower',
        stats.map((x) => x?.p50 ?? null),
        { params: withRw, label },
      ),
      measurement(
        'clat_p99_us',
        'µs',
        'lower',
        stats.map((x) => x?.p99 ?? null),
        { params: withRw, label },
      ),
    );
  }
  return out;
}
