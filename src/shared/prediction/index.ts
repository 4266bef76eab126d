// Prediction before buying: Amdahl's law on each task's I/O-wait share, with the target drive's
// figures capped by the link it will sit on. Pure: the before-run (and later the after-run) in,
// a Prediction with its assumptions out.
import type { Measurement, RunDocument } from '../schemas/run';
import { pairKey, pairMeasurements, spreadOfMeasurement } from '../verdict/compare';
import { isSequentialRead, isSequentialWrite, toMBps } from '../verdict/metrics';
import { ioWaitShareOf } from '../verdict/tasks';
import { PRESETS, presetForKind, type OldDrive } from './presets';
import { kindAssumptions, outsideFitNotes, rangeAssumptions, rangeOf } from './ranges';
import type { Platform } from './fitted';
import { timingLabel } from '../labels';
import { assumedIoShare, kindFacts, taskKindOf } from './task-kinds';
import type { TaskKind } from '../verdict/schema';
import type {
  DriveFigures,
  Prediction,
  PredictionTarget,
  ResolvedTarget,
  TaskPrediction,
} from './schema';

export * from './schema';
export { insideText, rangeText } from './ranges';
export { PRESETS, OLD_DRIVE_KINDS, type OldDrive } from './presets';
export type { Platform } from './fitted';

export interface PredictOptions {
  /** What the current drive is, when the run cannot tell (stopwatch-only, imported, loop device). */
  oldDrive?: OldDrive;
  /** The old drive's link where it is slower than the drive (a USB 2.0 enclosure), MB/s. */
  oldLinkMBps?: number;
  /** Timings made on a game console (its CPU-bound loads have their own fit); default a PC. */
  platform?: Platform;
}

const med = (m: Measurement) => spreadOfMeasurement(m).median;
const r3 = (x: number) => Math.round(x * 1000) / 1000;

function okMeasurements(run: RunDocument): Measurement[] {
  return run.tests
    .filter((t) => t.status === 'ok' && t.kind === 'synthetic')
    .flatMap((t) => t.measurements);
}

function bestMBps(ms: Measurement[], pick: (m: Measurement) => boolean): number | null {
  const v = ms
    .filter(pick)
    .map((m) => toMBps(med(m) ?? NaN, m.unit))
    .filter((x): x is number => x !== null && Number.isFinite(x));
  return v.length ? Math.max(...v) : null;
}

/** Random access time per 4 KiB read at queue depth 1, in ms, from the best source the run has. */
function randomAccessMs(ms: Measurement[]): { ms: number; source: string } | null {
  const q1 = ms.find(
    (m) => m.metric === 'read_iops' && m.params?.pattern === 'rnd' && Number(m.params?.qd) === 1,
  );
  if (q1 && med(q1)) return { ms: 1000 / med(q1)!, source: 'RND 4K Q1 reads' };
  const seeker = ms.find((m) => m.metric === 'random_access_ms');
  if (seeker && med(seeker)) return { ms: med(seeker)!, source: 'seeker random access time' };
  const sps = ms.find((m) => m.metric === 'seeks_per_second');
  if (sps && med(sps)) return { ms: 1000 / med(sps)!, source: 'seeker seeks/s' };
  const bonnie = ms.find((m) => m.metric === 'random_seeks');
  if (bonnie && med(bonnie)) return { ms: 1000 / med(bonnie)!, source: 'bonnie++ random seeks' };
  return null;
}

export function driveFiguresOf(run: RunDocument): DriveFigures & { sources: string[] } {
  const ms = okMeasurements(run);
  const ra = randomAccessMs(ms);
  return {
    seqReadMBps: bestMBps(ms, isSequentialRead),
    seqWriteMBps: bestMBps(ms, isSequentialWrite),
    randomAccessMs: ra?.ms ?? null,
    sources: ra ? [ra.source] : [],
  };
}

export function resolveTarget(target: PredictionTarget, before: RunDocument): ResolvedTarget {
  const preset = target.preset === 'custom' ? null : PRESETS[target.preset];
  const seqRead = target.seqReadMBps ?? preset?.seqReadMBps;
  const iops = target.random4kQ1Iops ?? preset?.random4kQ1Iops;
  if (seqRead === undefined || iops === undefined)
    throw new Error(
      'custom target needs at least its sequential read (MB/s) and 4K random read IOPS at queue depth 1',
    );
  const seqWrite = target.seqWriteMBps ?? preset?.seqWriteMBps ?? seqRead;
  const bus = target.bus ?? preset?.bus ?? 'sata';
  // The new drive goes into the same kind of port as the old one: that port's link caps it.
  const link = before.drive?.link;
  const ceiling =
    target.linkCeilingMBps ??
    (link && link.bus.toLowerCase() === bus ? (link.maxCeilingMBps ?? link.ceilingMBps) : null);
  return {
    preset: target.preset,
    name: target.name ?? preset?.name ?? 'The new drive (your figures)',
    bus,
    seqReadMBps: seqRead,
    seqWriteMBps: seqWrite,
    random4kQ1Iops: iops,
    randomAccessMs: 1000 / iops,
    linkCeilingMBps: ceiling,
    effectiveSeqReadMBps: ceiling ? Math.min(seqRead, ceiling) : seqRead,
    effectiveSeqWriteMBps: ceiling ? Math.min(seqWrite, ceiling) : seqWrite,
  };
}

/**
 * The current drive's figures: measured where the run has them, else a typical drive of the old
 * drive's kind, so a stopwatch-only run can still be predicted. Each stand-in is said in `assumptions`.
 */
function currentFigures(
  before: RunDocument,
  measured: ReturnType<typeof driveFiguresOf>,
  opts: PredictOptions,
  assumptions: string[],
): { seqReadMBps: number; seqWriteMBps: number | null; randomAccessMs: number } {
  const fallbackId = presetForKind(opts.oldDrive ?? before.drive?.kind);
  const fallback = fallbackId ? PRESETS[fallbackId] : null;
  const current: DriveFigures = { ...measured };
  if (current.seqReadMBps === null && fallback) {
    const link = opts.oldLinkMBps;
    current.seqReadMBps = link ? Math.min(link, fallback.seqReadMBps) : fallback.seqReadMBps;
    assumptions.push(
      `No sequential read in the before-run: assumed a typical ${fallback.name} (${current.seqReadMBps} MB/s${link && link < fallback.seqReadMBps ? `, capped by its ${link} MB/s link` : ''}).`,
    );
  }
  if (current.randomAccessMs === null && fallback) {
    current.randomAccessMs = 1000 / fallback.random4kQ1Iops;
    assumptions.push(
      `No random-access figure in the before-run: assumed a typical ${fallback.name} (${(1000 / fallback.random4kQ1Iops).toFixed(2)} ms per read).`,
    );
  } else if (measured.sources.length)
    assumptions.push(
      `Current random access time from ${measured.sources[0]}: ${current.randomAccessMs!.toFixed(2)} ms per read.`,
    );
  if (current.seqReadMBps === null || current.randomAccessMs === null)
    throw new Error(
      "the before-run has no sequential read or random-access figure and the old drive's kind is unknown: name it (hdd, sata-ssd or nvme-ssd)",
    );
  return {
    seqReadMBps: current.seqReadMBps,
    seqWriteMBps: current.seqWriteMBps,
    randomAccessMs: current.randomAccessMs,
  };
}

/** What the model assumes about the new drive and about the tasks, in the words the report shows. */
function targetAssumptions(target: ResolvedTarget): string[] {
  const out = [
    `${target.name}: ${target.seqReadMBps} MB/s sequential reads, ${target.random4kQ1Iops} IOPS 4K random reads at queue depth 1 (${target.randomAccessMs.toFixed(3)} ms each).`,
  ];
  if (target.linkCeilingMBps !== null && target.linkCeilingMBps < target.seqReadMBps)
    out.push(
      `It goes into the same ${target.bus.toUpperCase()} port, whose link caps sequential transfers near ${Math.round(target.linkCeilingMBps)} MB/s.`,
    );
  out.push(
    "Amdahl's law: only the time a task spends waiting for the disk shrinks; its CPU time stays the same.",
    'Each kind of task has a typical mix of random and sequential I/O (disk search is almost all random access, a file copy almost all sequential).',
  );
  return out;
}

type Speedups = { sequential: number; random: number };

/**
 * Amdahl's law per timed task: its CPU part stays, its disk-wait part shrinks by the random and
 * sequential speed-ups in the task kind's mix. `assumedKinds` collects the kinds whose I/O share
 * had to be assumed, so the assumption is stated once per kind.
 */
function taskPredictions(
  before: RunDocument,
  after: RunDocument | undefined,
  speedups: Speedups,
  assumedKinds: Set<TaskKind>,
  platform: Platform,
): TaskPrediction[] {
  const afterMs = after ? pairMeasurements(before, after) : [];
  const afterByKey = new Map(afterMs.map((p) => [p.key, p.after]));
  const tasks: TaskPrediction[] = [];
  for (const t of before.tests) {
    if (t.status !== 'ok' || t.kind !== 'task') continue;
    const m = t.measurements.find((x) => x.metric === 'wall_time');
    if (!m) continue;
    const bs = spreadOfMeasurement(m);
    if (bs.median === null) continue;
    const key = pairKey(t, m);
    const kind = taskKindOf(t.testId, m.params);
    const facts = kindFacts(kind, platform);
    const share = ioWaitShareOf(t);
    const ioShare = share ?? assumedIoShare(kind, bs.median, platform);
    if (share === null) assumedKinds.add(kind);
    const r = facts.randomShare;
    const io = bs.median * ioShare;
    const cpu = bs.median - io;
    const predicted = cpu + io * (r / speedups.random + (1 - r) / speedups.sequential);
    const am = afterByKey.get(key);
    const measuredSeconds = am ? spreadOfMeasurement(am).median : null;
    const range = rangeOf(predicted, facts.interval, measuredSeconds, {
      beforeSeconds: bs.median,
      measuredCpuSeconds: share === null ? null : cpu,
    });
    tasks.push({
      testId: t.testId,
      key,
      kind,
      title: timingLabel(t.testId, m, t).label,
      beforeSeconds: bs,
      cpuSeconds: r3(cpu),
      ioWaitShare: r3(ioShare),
      ioShareAssumed: share === null,
      randomShare: r,
      predictedSeconds: r3(predicted),
      ...range,
      floorSeconds: r3(cpu),
      savedPerOccurrence: r3(bs.median - predicted),
      measuredSeconds,
      error: measuredSeconds ? r3((measuredSeconds - predicted) / measuredSeconds) : null,
    });
  }
  return tasks;
}

/** The synthetic figures before, predicted and (once there is an after-run) measured. */
function syntheticRows(
  measured: ReturnType<typeof driveFiguresOf>,
  target: ResolvedTarget,
  after: RunDocument | undefined,
): Prediction['synthetic'] {
  const afterFig = after ? driveFiguresOf(after) : null;
  // Named for what each is: "Random access time 6.1 ms" (RND 4K Q1) read as seeker's 6.41 ms.
  const random = measured.sources.includes('seeker random access time')
    ? 'Random access time (seeker)'
    : 'Random access time, from 4 KiB reads one at a time (fio RND4K Q1)';
  return [
    {
      what: 'Fastest sequential read of the run',
      unit: 'MB/s',
      better: 'higher' as const,
      before: measured.seqReadMBps,
      predicted: target.effectiveSeqReadMBps,
      measured: afterFig?.seqReadMBps ?? null,
    },
    {
      what: 'Fastest sequential write of the run',
      unit: 'MB/s',
      better: 'higher' as const,
      before: measured.seqWriteMBps,
      predicted: target.effectiveSeqWriteMBps,
      measured: afterFig?.seqWriteMBps ?? null,
    },
    {
      what: random,
      unit: 'ms',
      better: 'lower' as const,
      before: measured.randomAccessMs,
      predicted: target.randomAccessMs,
      measured: afterFig?.randomAccessMs ?? null,
    },
  ].map((s) => ({
    ...s,
    before: s.before === null ? null : r3(s.before),
    predicted: r3(s.predicted),
    measured: s.measured === null ? null : r3(s.measured),
  }));
}

export function predict(
  before: RunDocument,
  targetIn: PredictionTarget,
  after?: RunDocument,
  opts: PredictOptions = {},
): Prediction {
  const target = resolveTarget(targetIn, before);
  const assumptions: string[] = [];
  const measured = driveFiguresOf(before);
  const current = currentFigures(before, measured, opts, assumptions);
  const sequential = target.effectiveSeqReadMBps / current.seqReadMBps;
  const random = current.randomAccessMs / target.randomAccessMs;
  assumptions.push(...targetAssumptions(target));
  const assumedKinds = new Set<TaskKind>();
  const platform = opts.platform ?? 'pc';
  const tasks = taskPredictions(before, after, { sequential, random }, assumedKinds, platform);
  assumptions.push(
    ...kindAssumptions(assumedKinds, platform),
    ...rangeAssumptions(tasks),
    ...outsideFitNotes(tasks, platform),
  );
  return {
    beforeId: before.id,
    afterId: after?.id ?? null,
    target,
    current,
    speedups: { sequential: r3(sequential), random: r3(random) },
    tasks,
    synthetic: syntheticRows(measured, target, after),
    assumptions,
  };
}
