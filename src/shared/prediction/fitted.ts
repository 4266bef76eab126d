// The constants fitted on the fitting half of test/fixtures/published (never the scoring half):
// each kind's model form, chosen by leave-one-out with the bias as a criterion beside the error
// (fit.ts), and the 10th-90th percentile range of its leave-one-out errors. published.test.ts
// refits them from the fixtures and fails if these differ.
import type { TaskKind } from '../verdict/schema';
import type { ModelForm } from './model-form';

export interface KindInterval {
  /** A prediction P carries [P × low, P × high]: published / predicted at the 10th and 90th percentile. */
  low: number;
  high: number;
  /** 'kind': from this kind's own fitting cases; 'pooled': from all kinds' (fewer than 4 of its own). */
  basis: 'kind' | 'pooled';
  /** How many leave-one-out errors the range is made of. */
  cases: number;
}

/** Kinds with fewer fitting cases than this take the pooled range (and the one-number share form). */
export const MIN_KIND_CASES = 4;

/** From every fitting case of every kind, each predicted by its kind's form fitted on the others. */
export const POOLED_INTERVAL: KindInterval = {
  low: 0.576,
  high: 2.013,
  basis: 'pooled',
  cases: 29,
};

export const FITTED: Partial<
  Record<TaskKind, { model: ModelForm; interval: KindInterval; source: string }>
> = {
  boot: {
    model: { form: 'floor', cpuSeconds: 13.5 },
    interval: { low: 0.577, high: 1.518, basis: 'kind', cases: 10 },
    source:
      'about 13.5 s of CPU and firmware work whatever the disk, fitted on the 10 boot cases of the fitting half of test/fixtures/published; chosen by leave-one-out with the bias beside the error: a floor 0.37 log error (bias +0.003) against a share 0.69, a part growing slower than the time 0.40 and a floor plus share that fits no share beyond the floor (the same 0.37)',
  },
  'app-start': {
    model: { form: 'floor+share', cpuSeconds: 15.5, cpuShare: 0.12 },
    interval: { low: 0.716, high: 2.03, basis: 'kind', cases: 16 },
    source:
      'about 15.5 s plus 12 % of its time in CPU work (all of a start shorter than about 17.6 s), fitted on the 16 game and app start cases of the fitting half of test/fixtures/published, the shortest of them 22 s; chosen by leave-one-out with the bias beside the error: a floor plus share 0.41 log error (bias +0.004) against a part growing slower than the time 0.40 but biased fast (-0.03), a floor 0.42 and a share 0.52; these cases scatter widely (a console loads at 0.6-0.9 of its hard-disk time, a PC game at 0.05-0.35), hence the wide range',
  },
  build: {
    model: { form: 'share', cpuShare: 0.54 },
    interval: { ...POOLED_INTERVAL },
    source:
      '54 % of its time is CPU work, fitted on the 3 build cases of the fitting half of test/fixtures/published (an FPGA compile 1 % faster, a Visual Studio build 2.6x faster, a cloud presubmit 1.8x faster: too few to choose a form, so the one-number share, with the range pooled across kinds)',
  },
};
