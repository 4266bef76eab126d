// What the first two pages print: the handful of figures a person feels, chosen by what they
// measure (not by the biggest ratio), each under a human label with its classic tool as a tag.
import { figureLabel, labelText, type HumanLabel } from '../../shared/labels';
import { fmtFigureSpread } from '../../shared/format';
import type { MetricComparison } from '../../shared/verdict';

export interface KeyFigure {
  comparison: MetricComparison;
  label: HumanLabel;
}

/** A key figure's before and after cells, by shared/format's one unit rule. */
export const keyFigureCells = (c: MetricComparison): { before: string; after: string } => ({
  before: fmtFigureSpread(c.before, c.unit),
  after: fmtFigureSpread(c.after, c.unit),
});

type Pick = (c: MetricComparison) => boolean;
const p = (c: MetricComparison, k: string) => c.params?.[k];
const qd =
  (pattern: 'seq' | 'rnd', depth: number, metric: string): Pick =>
  (c) =>
    c.testId === 'qd-profile' &&
    c.metric === metric &&
    p(c, 'pattern') === pattern &&
    p(c, 'qd') === depth &&
    p(c, 'threads') === undefined;
const plain =
  (testId: string, metric: string): Pick =>
  (c) =>
    c.testId === testId && c.metric === metric && !c.params;

/** In order of what a person feels first; each slot takes the first figure the runs have. */
const SLOTS: Pick[][] = [
  [plain('seeker', 'random_access_ms'), qd('rnd', 1, 'read_clat_mean_us')],
  [qd('rnd', 1, 'read_iops'), plain('seeker', 'seeks_per_second'), plain('bonnie', 'random_seeks')],
  [plain('bonnie', 'seq_create')],
  [plain('buffered-read', 'buffered_read'), qd('seq', 8, 'read_bw')],
  [plain('dd-write', 'throughput'), qd('seq', 8, 'write_bw')],
  [qd('rnd', 1, 'write_iops')],
];

const usable = (c: MetricComparison) =>
  c.theme !== 'memory' && c.before.median !== null && c.after.median !== null;

export function keyFigures(comparisons: MetricComparison[], max = 6): KeyFigure[] {
  const out: KeyFigure[] = [];
  for (const slot of SLOTS) {
    for (const pick of slot) {
      const c = comparisons.find((x) => usable(x) && pick(x));
      if (c) {
        out.push({ comparison: c, label: figureLabel(c.testId, c) });
        break;
      }
    }
    if (out.length >= max) break;
  }
  return out;
}

/** "Random access time (seeker)": chart axes cannot draw a tag, so it goes in brackets. */
export const comparisonText = (c: MetricComparison): string => labelText(figureLabel(c.testId, c));
