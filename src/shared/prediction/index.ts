// Prediction before buying: Amdahl's law on each task's I/O-wait share, with the target drive's
// figures capped by the link it will sit on. Pure: the before-run (and later the after-run) in,
// a Prediction with its assumptions out.
import type { Measurement, RunDocument } from '../schemas/run';
import { spreadOfMeasurement } from '../verdict/compare';
import { isSequentialRead, isSequentialWrite, toMBps } from '../verdict/metrics';
import { PRESETS, presetForKind, type OldDrive } from './presets';
import { kindAssumptions, outsideFitNotes, rangeAssumptions, replayAssumptions } from './ranges';
import type { Platform } from './fitted';
import type { TaskKind } from '../verdict/schema';
import { replayFiguresOfRun, replayFiguresOfTarget } from './replay-figures';
import { taskPredictions } from './task-predictions';
import type { DriveFigures, Prediction, PredictionTarget, ResolvedTarget } from './schema';

export * from './schema';
export { insideText, rangeText } from './ranges';
export { basisLine } from './basis';
export { PRESETS, OLD_DRIVE_KINDS, type OldDrive } from './presets';
export type { Platform } from './fitted';

export interface PredictOptions {
  /** What the current drive is, when the run cannot tell (stopwatch-only, imported, loop device). */
  oldDrive?: OldDrive;
  /** The old drive's link where it is slower than the drive (a USB 2.0 enclosure), MB/s. */
  oldLinkMBps?: number;
  /** Timings made on a game console (its CPU-bound loads have their own fit); default a PC. */
  platform?: Platform;
  /**
   * The new drive as a run measured it (its own synthetic figures), in place of the target's
   * preset or typed figures: what the after-run's drive would predict.
   */
  targetRun?: RunDocument;
}

/** A run's own figures as a target: its sequential reads and writes and its RND 4K Q1 reads. */
export function targetOfRun(run: RunDocument): PredictionTarget {
  const f = driveFiguresOf(run);
  if (f.seqReadMBps === null || f.randomAccessMs === null)
    throw new Error(`run ${run.id} has no sequential read or random-access figure to predict with`);
  return {
    preset: 'custom',
    // Named as the person named the run; a run id is no word for a person (the PDF's jargon check).
    name: `${run.name ?? 'The new drive'} as its own run measured it`.slice(0, 120),
    seqReadMBps: f.seqReadMBps,
    ...(f.seqWriteMBps !== null ? { seqWriteMBps: f.seqWriteMBps } : {}),
    random4kQ1Iops: 1000 / f.randomAccessMs,
  };
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
    `${target.name}: ${Math.round(target.seqReadMBps)} MB/s sequential reads, ${Math.round(target.random4kQ1Iops)} IOPS 4K random reads at queue depth 1 (${target.randomAccessMs.toFixed(3)} ms each).`,
  ];
  if (target.linkCeilingMBps !== null && target.linkCeilingMBps < target.seqReadMBps)
    out.push(
      `It goes into the same ${target.bus.toUpperCase()} port, whose link caps sequential transfers near ${Math.round(target.linkCeilingMBps)} MB/s.`,
    );
  return out;
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
  const target = resolveTarget(opts.targetRun ? targetOfRun(opts.targetRun) : targetIn, before);
  const assumptions: string[] = [];
  const measured = driveFiguresOf(before);
  const current = currentFigures(before, measured, opts, assumptions);
  const sequential = target.effectiveSeqReadMBps / current.seqReadMBps;
  const random = current.randomAccessMs / target.randomAccessMs;
  assumptions.push(...targetAssumptions(target));
  const assumedKinds = new Set<TaskKind>();
  const platform = opts.platform ?? 'pc';
  const old = replayFiguresOfRun(before);
  const next = opts.targetRun ? replayFiguresOfRun(opts.targetRun) : replayFiguresOfTarget(target);
  const tasks = taskPredictions(before, after, {
    speedups: { sequential, random },
    replay: old && next ? { old, next } : null,
    platform,
    assumedKinds,
  });
  assumptions.push(
    ...replayAssumptions(tasks, old, next),
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
