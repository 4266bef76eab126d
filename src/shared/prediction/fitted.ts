// The constants fitted on the fitting half of test/fixtures/published (never the scoring half):
// each kind's model form, chosen by leave-one-out with the bias as a criterion beside the error
// (fit.ts), and the 10th-90th percentile range of its leave-one-out errors. published.test.ts
// refits them from the fixtures and fails if these differ.
import type { TaskKind } from '../verdict/schema';
import type { ModelForm } from './model-form';

/**
 * Where the timings were made. A game console (PS4, Xbox One) loads with a slow 1.6 GHz CPU that
 * also unpacks its assets, so most of its wait is CPU work whatever the disk: its published loads
 * and boots kept 0.57-0.90 of their hard-disk time after the swap, a PC's 0.05-0.80 (most near
 * 0.2-0.35). Fitted apart, neither population's errors widen the other's range.
 */
export type Platform = 'pc' | 'console';

export interface KindInterval {
  /**
   * A prediction P carries [P × low, P × high]: the 10th and 90th percentile of published /
   * predicted that a new case will have (fit.ts's rank rule), from leave-one-out errors.
   */
  low: number;
  high: number;
  /** 'kind': from this kind's own fitting cases; 'pooled': from all kinds' (fewer than 4 of its own). */
  basis: 'kind' | 'pooled';
  /** How many leave-one-out errors the range is made of. */
  cases: number;
}

/** Kinds with fewer fitting cases than this take the pooled range (and the one-number share form). */
export const MIN_KIND_CASES = 4;

/**
 * From every fitting case of every kind and platform, each predicted by its group's form fitted on
 * the others.
 */
export const POOLED_INTERVAL: KindInterval = {
  low: 0.482,
  high: 1.778,
  basis: 'pooled',
  cases: 33,
};

export interface KindFit {
  model: ModelForm;
  interval: KindInterval;
  /** The shortest and longest before-time it was fitted on: beyond them it extrapolates. */
  fittedSeconds: { shortest: number; longest: number };
  source: string;
}

/** A PC's tasks (what the app times): the default. */
export const FITTED: Partial<Record<TaskKind, KindFit>> = {
  boot: {
    model: { form: 'power', cpuScale: 1.995, cpuExponent: 0.4 },
    interval: { low: 0.458, high: 1.793, basis: 'kind', cases: 9 },
    fittedSeconds: { shortest: 35, longest: 270 },
    source:
      'a longer boot on a hard disk is mostly more disk wait, not more CPU work; fitted on the 9 PC boot cases of the fitting half of test/fixtures/published (the 3 console boots fitted apart); chosen by leave-one-out with the bias beside the error: 0.26 log error (bias +0.002) against a floor plus share 0.31 (+0.02), a floor 0.36 (+0.006) and a share 0.43 (+0.008)',
  },
  'app-start': {
    model: { form: 'floor', cpuSeconds: 14.5 },
    interval: { low: 0.288, high: 2.133, basis: 'kind', cases: 11 },
    fittedSeconds: { shortest: 25, longest: 300 },
    source:
      'about 14.5 s of CPU work whatever the disk (all of a start shorter than that), fitted on the 11 PC game and app start cases of the fitting half of test/fixtures/published, the shortest of them 25 s (the 7 console loads fitted apart); chosen by leave-one-out with the bias beside the error: a floor 0.54 log error (bias -0.003) against a part growing slower than the time 0.57 (+0.02), a floor plus share 0.58 (+0.04) and a share 0.79 (+0.005); published PC starts differ widely (a 60 s photo library start fell to 5 s, a 25 s Photoshop Elements start only to 20 s), hence the wide range',
  },
  build: {
    model: { form: 'share', cpuShare: 0.54 },
    interval: { ...POOLED_INTERVAL },
    fittedSeconds: { shortest: 1500, longest: 3600 },
    source:
      '54 % of its time is CPU work, fitted on the 3 build cases of the fitting half of test/fixtures/published (an FPGA compile 1 % faster, a Visual Studio build 2.6x faster, a cloud presubmit 1.8x faster: too few to choose a form, so the one-number share, with the range pooled across kinds)',
  },
};

/** A game console's boot and game loads, fitted on the console cases of the fitting half. */
export const FITTED_CONSOLE: Partial<Record<TaskKind, KindFit>> = {
  boot: {
    model: { form: 'share', cpuShare: 0.75 },
    interval: { ...POOLED_INTERVAL },
    fittedSeconds: { shortest: 21.7, longest: 25.95 },
    source:
      '75 % of a console boot is CPU and firmware work, fitted on the 3 PS4 boots of the fitting half of test/fixtures/published (each kept 0.74-0.77 of its hard-disk time): too few to choose a form, so the one-number share, with the range pooled across kinds',
  },
  'app-start': {
    model: { form: 'share', cpuShare: 0.65 },
    interval: { low: 0.832, high: 1.425, basis: 'kind', cases: 7 },
    fittedSeconds: { shortest: 22, longest: 107 },
    source:
      '65 % of a console game load is CPU work (a 1.6 GHz console CPU that also unpacks the assets), fitted on the 7 PS4 and Xbox One loads of the fitting half of test/fixtures/published; chosen by leave-one-out with the bias beside the error: a share 0.14 log error (bias -0.001) against a floor plus share 0.16 (+0.01), a part growing slower than the time 0.17 (-0.01) and a floor 0.44 (-0.06)',
  },
};

/** The fit of a kind on a platform, if the fitting half has cases of it. */
export const fittedOf = (kind: TaskKind, platform: Platform = 'pc'): KindFit | undefined =>
  (platform === 'console' ? FITTED_CONSOLE : FITTED)[kind];
