// The prediction's figures as the verdict screen and the report both print them: one row per
// drive figure and per task, every cell already formatted. "Off by" is how far the prediction
// missed what the after-run measured, as a share of the measurement (its size, not its sign);
// every predicted time has its likely range, and after the swap whether the measurement fell in it.
import { basisLine, insideText, rangeText, type Prediction } from '../../shared/prediction';
import { fmtNum, fmtShare, formatSeconds } from '../../shared/format';

/**
 * Why an after-run cannot check the prediction, or null when it can. The prediction is for a new
 * drive; an after-run that differs measurably in nothing is no new drive's figures (an A/A pair's
 * PDF read "outside the range: slower than predicted 95 %" under "No measurable difference").
 */
export function uncheckedWhy(v: { noise: { noMeasurableDifference: boolean } }): string | null {
  return v.noise.noMeasurableDifference
    ? 'The after-run shows no measurable difference from the before-run, so it cannot check what a new drive would change: the prediction is shown unchecked.'
    : null;
}

interface PredictionFigureRow {
  key: string;
  what: string;
  unit: string;
  now: string;
  predicted: string;
  measured: string;
  offBy: string;
}

interface PredictionTaskRow {
  key: string;
  title: string;
  /** "9.6 s now → 0.5 s predicted (0.4–0.7 s), from this machine's own measurement". */
  line: string;
  /** true: predicted from this machine's own measurement; false: from published cases. */
  ownMeasurement: boolean;
  now: string;
  /** Share of the time spent waiting for the disk; `assumed` when the run had no CPU time. */
  waiting: string;
  assumed: boolean;
  predicted: string;
  /** The 10th-90th percentile range of the model's errors on unseen cases, e.g. "11 s – 24 s". */
  range: string;
  /** After the swap: whether the measurement fell inside the range ('—' before). */
  inside: string;
  /** The CPU time alone: no drive can make the task faster than this. */
  floor: string;
  measured: string;
  offBy: string;
}

const secs = (x: number | null) => (x === null ? '—' : formatSeconds(x));
const offBy = (e: number | null) => (e === null ? '—' : fmtShare(Math.abs(e)));

export function predictionRows(p: Prediction): {
  /** True when an after-run was measured: the measured and off-by columns are shown. */
  measured: boolean;
  figures: PredictionFigureRow[];
  tasks: PredictionTaskRow[];
} {
  return {
    measured: p.afterId !== null,
    figures: p.synthetic.map((x) => ({
      key: x.what,
      what: x.what,
      unit: x.unit,
      now: fmtNum(x.before),
      predicted: fmtNum(x.predicted),
      measured: fmtNum(x.measured),
      offBy: x.measured ? offBy((x.measured - x.predicted) / x.measured) : '—',
    })),
    tasks: p.tasks.map((t) => ({
      key: t.key,
      title: t.title,
      line: basisLine(t),
      ownMeasurement: t.basis === 'this-machine',
      now: secs(t.beforeSeconds.median),
      waiting: fmtShare(t.ioWaitShare),
      assumed: t.ioShareAssumed,
      predicted: secs(t.predictedSeconds),
      range: rangeText(t),
      inside: insideText(t) ?? '—',
      floor: secs(t.floorSeconds),
      measured: secs(t.measuredSeconds),
      offBy: offBy(t.error),
    })),
  };
}
