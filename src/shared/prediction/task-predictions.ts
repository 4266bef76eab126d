// Each timed task's prediction, on one of two bases. A row the app timed itself, cold and warm with
// its drive's requests counted on a quiet machine, is replayed at the new drive's figures
// (replay.ts): "from this machine's own measurement". Anything else (a stopwatch or typed time,
// boot and login read from the journal, a run from before the counters, a busy phase) takes
// Amdahl's law with the published cases' prior for its kind (task-kinds.ts, fitted.ts).
import type { Measurement, RunDocument, TestResult } from '../schemas/run';
import type { TaskWork } from '../schemas/work';
import type { TaskKind } from '../verdict/schema';
import { pairKey, pairMeasurements, spreadOfMeasurement } from '../verdict/compare';
import { ioWaitShareOf } from '../verdict/tasks';
import type { Platform } from './fitted';
import { rangeOf } from './ranges';
import { replay, replayRefusal } from './replay';
import type { ReplayFigures } from './replay-figures';
import { REPLAY_INTERVAL } from './replay-interval';
import type { TaskPrediction } from './schema';
import { assumedIoShare, kindFacts, taskKindOf } from './task-kinds';
import { timingLabel } from '../labels';

const r3 = (x: number) => Math.round(x * 1000) / 1000;

export interface PredictInput {
  speedups: { sequential: number; random: number };
  /** The old drive's and the new drive's request times; null when either is unknown. */
  replay: { old: ReplayFigures; next: ReplayFigures } | null;
  platform: Platform;
  /** Kinds whose disk share was assumed: said once per kind in the assumptions. */
  assumedKinds: Set<TaskKind>;
}

const sameParams = (a: Measurement['params'], b: TaskWork['params']) =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The work record of a row: its params', or the result's first row's when it has none. */
function workOf(t: TestResult, m: Measurement): TaskWork | undefined {
  return t.work?.find((w) => sameParams(m.params, w.params));
}

type Common = Pick<
  TaskPrediction,
  'testId' | 'key' | 'kind' | 'title' | 'beforeSeconds' | 'measuredSeconds'
>;

function fromPublished(t: TestResult, c: Common, x: PredictInput, why: string): TaskPrediction {
  const median = c.beforeSeconds.median!;
  const facts = kindFacts(c.kind, x.platform);
  const share = ioWaitShareOf(t);
  const ioShare = share ?? assumedIoShare(c.kind, median, x.platform);
  if (share === null) x.assumedKinds.add(c.kind);
  const r = facts.randomShare;
  const io = median * ioShare;
  const cpu = median - io;
  const predicted = cpu + io * (r / x.speedups.random + (1 - r) / x.speedups.sequential);
  const range = rangeOf(predicted, facts.interval, c.measuredSeconds, {
    beforeSeconds: median,
    measuredCpuSeconds: share === null ? null : cpu,
  });
  return {
    ...c,
    basis: 'published',
    basisNote: why,
    cpuSeconds: r3(cpu),
    ioWaitShare: r3(ioShare),
    ioShareAssumed: share === null,
    randomShare: r,
    predictedSeconds: r3(predicted),
    ...range,
    floorSeconds: r3(cpu),
    warmSeconds: null,
    savedPerOccurrence: r3(median - predicted),
    error: c.measuredSeconds ? r3((c.measuredSeconds - predicted) / c.measuredSeconds) : null,
  };
}

function fromThisMachine(
  w: TaskWork,
  c: Common,
  figures: NonNullable<PredictInput['replay']>,
): TaskPrediction {
  const r = replay(w, figures.old, figures.next);
  const predicted = r.seconds;
  const iv = REPLAY_INTERVAL;
  // The repetitions' spread: the cold runs', or, where the floor is most of the prediction, the
  // floor's own (a start with its profile in memory: Chromium's read 1.33-1.65 s on one run's
  // HDD-like loop, whose cold starts, the drive's waits mostly, agreed within 5 %).
  const share = predicted > 0 ? Math.min(1, r.floorSeconds / predicted) : 0;
  const spreadLow = Math.min(1, r.spread[0], 1 - (1 - r.floorSpread[0]) * share);
  const spreadHigh = Math.max(1, r.spread[1], 1 + (r.floorSpread[1] - 1) * share);
  const low = Math.min(predicted * iv.low, r.lowSeconds) * spreadLow;
  // A flush's page cache and file system work at the new drive's buffered rate (the unthrottled
  // loop's unpack flushed 175 MB of 12,698 files in 0.17 s; its direct-I/O figures said 0.05 s)
  // is in the prediction and both its ends (replay.ts).
  const top = Math.max(predicted * iv.high, r.highSeconds);
  const high = top * spreadHigh;
  const before = r.beforeSeconds;
  const drive = r.oldDrive;
  const cpu = Math.min(...w.cold.map((x) => x.cpu));
  const m = c.measuredSeconds;
  return {
    ...c,
    basis: 'this-machine',
    basisNote: '',
    cpuSeconds: r3(cpu),
    ioWaitShare: r3(Math.min(1, drive / before)),
    ioShareAssumed: false,
    randomShare: 0,
    predictedSeconds: r3(predicted),
    predictedLowSeconds: r3(low),
    predictedHighSeconds: r3(high),
    interval: { low: iv.low, high: iv.high, basis: 'replay', cases: iv.cases },
    measuredInside: m === null ? null : m >= r3(low) && m <= r3(high),
    floorSeconds: r3(r.floorSeconds),
    warmSeconds: r.warmSeconds === null ? null : r3(r.warmSeconds),
    savedPerOccurrence: r3((c.beforeSeconds.median ?? before) - predicted),
    error: m ? r3((m - predicted) / m) : null,
  };
}

/** Every timed row of the before-run, predicted on the best basis it has. */
export function taskPredictions(
  before: RunDocument,
  after: RunDocument | undefined,
  x: PredictInput,
): TaskPrediction[] {
  const afterByKey = new Map(
    (after ? pairMeasurements(before, after) : []).map((p) => [p.key, p.after]),
  );
  const out: TaskPrediction[] = [];
  for (const t of before.tests) {
    if (t.status !== 'ok' || t.kind !== 'task') continue;
    for (const m of t.measurements.filter((y) => y.metric === 'wall_time')) {
      const bs = spreadOfMeasurement(m);
      if (bs.median === null) continue;
      const key = pairKey(t, m);
      const am = afterByKey.get(key);
      const c: Common = {
        testId: t.testId,
        key,
        kind: taskKindOf(t.testId, m.params),
        title: timingLabel(t.testId, m, t).label,
        beforeSeconds: bs,
        measuredSeconds: am ? spreadOfMeasurement(am).median : null,
      };
      const w = workOf(t, m);
      const refused = t.work ? replayRefusal(w) : null;
      if (t.work && !refused && x.replay) out.push(fromThisMachine(w!, c, x.replay));
      else
        out.push(
          fromPublished(
            t,
            c,
            x,
            !t.work
              ? t.testId === 'task.stopwatch'
                ? 'a time you typed'
                : 'not timed with its counters'
              : (refused ?? "the drives' request times are not known"),
          ),
        );
    }
  }
  return out;
}
