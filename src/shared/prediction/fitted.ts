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
  low: 0.461,
  high: 2.344,
  basis: 'pooled',
  cases: 17,
};

export const FITTED: Partial<
  Record<TaskKind, { model: ModelForm; interval: KindInterval; source: string }>
> = {
  boot: {
    model: { form: 'floor', cpuSeconds: 10.5 },
    interval: { low: 0.699, high: 1.535, basis: 'kind', cases: 7 },
    source:
      'about 10.5 s of CPU and firmware work whatever the disk, fitted on the 7 boot cases of the fitting half of test/fixtures/published; chosen by leave-one-out with the bias beside the error: a floor 0.33 log error (bias −0.003) against a share 0.55, a floor plus share 0.40 (bias +0.07) and a part growing slower than the time 0.36',
  },
  'app-start': {
    model: { form: 'floor', cpuSeconds: 25 },
    interval: { low: 0.457, high: 2.383, basis: 'kind', cases: 8 },
    source:
      'about 25 s of CPU work (all of a shorter start), fitted on the 8 game and app start cases of the fitting half of test/fixtures/published; chosen by leave-one-out with the bias beside the error: a floor 0.53 log error (bias 0.000) against a share 0.65, a floor plus share 0.56 and a part growing slower than the time 0.56; these cases scatter widely (a console loads at 0.6 of its hard-disk time, a PC game at 0.05-0.3), hence the wide range',
  },
  build: {
    model: { form: 'share', cpuShare: 0.57 },
    interval: { ...POOLED_INTERVAL },
    source:
      '57 % of its time is CPU work, fitted on the 2 build cases of the fitting half of test/fixtures/published (one build 2.6× faster, one 1 % faster: too few to choose a form, so the one-number share, with the range pooled across kinds)',
  },
};
