// The one line every surface (the Save-baseline step, `predict`, the verdict's "Predicted vs
// measured", the PDF) shows for a predicted task, so a person sees which numbers are theirs:
// "9.6 s now → 0.5 s predicted (0.4–0.7 s), from this machine's own measurement".
import { formatSeconds } from '../format/duration';
import type { TaskPrediction } from './schema';

type Based = Pick<
  TaskPrediction,
  | 'basis'
  | 'basisNote'
  | 'beforeSeconds'
  | 'predictedSeconds'
  | 'predictedLowSeconds'
  | 'predictedHighSeconds'
  | 'interval'
>;

/** Where the prediction comes from, in words. */
export function basisText(t: Pick<TaskPrediction, 'basis' | 'basisNote' | 'interval'>): string {
  if (t.basis === 'this-machine') return "from this machine's own measurement";
  const pooled = t.interval.basis === 'pooled' ? ', range pooled across kinds' : '';
  return `from published HDD → SSD upgrades (${t.basisNote || 'not measured here'}${pooled})`;
}

export function basisLine(t: Based): string {
  const now = t.beforeSeconds.median;
  return `${now === null ? '—' : formatSeconds(now)} now → ${formatSeconds(t.predictedSeconds)} predicted (${formatSeconds(t.predictedLowSeconds)}–${formatSeconds(t.predictedHighSeconds)}), ${basisText(t)}`;
}
