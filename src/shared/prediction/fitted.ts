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
  low: 0.61,
  high: 2.083,
  basis: 'pooled',
  cases: 22,
};

export const FITTED: Partial<
  Record<TaskKind, { model: ModelForm; interval: KindInterval; source: string }>
> = {
  boot: {
    model: { form: 'floor', cpuSeconds: 11.5 },
    interval: { low: 0.643, high: 1.565, basis: 'kind', cases: 8 },
    source:
      'about 11.5 s of CPU and firmware work whatever the disk, fitted on the 8 boot cases of the fitting half of test/fixtures/published; chosen by leave-one-out with the bias beside the error: a floor 0.37 log error (bias +0.007) against a share 0.53, a floor plus share 0.46 and a part growing slower than the time 0.41 (bias -0.03)',
  },
  'app-start': {
    model: { form: 'floor+share', cpuSeconds: 17, cpuShare: 0.08 },
    interval: { low: 0.675, high: 2.255, basis: 'kind', cases: 11 },
    source:
      'about 17 s plus 8 % of its time in CPU work (all of a start shorter than about 18 s), fitted on the 11 game and app start cases of the fitting half of test/fixtures/published, none of them shorter than 25 s; chosen by leave-one-out with the bias beside the error: a floor plus share 0.41 log error (bias +0.009) against a floor 0.42, a share 0.53 and a part growing slower than the time 0.42 (bias -0.03); these cases scatter widely (a console loads at 0.6 of its hard-disk time, a PC game at 0.05-0.35), hence the wide range',
  },
  build: {
    model: { form: 'share', cpuShare: 0.54 },
    interval: { ...POOLED_INTERVAL },
    source:
      '54 % of its time is CPU work, fitted on the 3 build cases of the fitting half of test/fixtures/published (an FPGA compile 1 % faster, a Visual Studio build 2.6x faster, a cloud presubmit 1.8x faster: too few to choose a form, so the one-number share, with the range pooled across kinds)',
  },
};
