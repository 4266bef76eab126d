import { describe, expect, it } from 'vitest';
import {
  chooseForm,
  heldOutCoverage,
  intervalOf,
  quantile,
  scoreOf,
  type FitCase,
} from '../../../../src/shared/prediction/fit';

/**
 * Six timings (before → after, seconds) where the fixed-share form has the smaller leave-one-out
 * error but predicts a case it never saw too slow on average (bias +0.21 in ln), while a fixed
 * floor of CPU seconds errs a little more and is not biased: found by a seeded search and kept.
 */
const SKEWED: FitCase[] = (
  [
    [64, 11.7],
    [90, 32.5],
    [77, 27.2],
    [101, 28.4],
    [100, 11.3],
    [46, 17.1],
  ] as const
).map(([b, a], i) => ({ id: `c${i}`, beforeSeconds: b, afterSeconds: a, ioFactor: 0.05 }));

describe('choosing the model form', () => {
  it('by error alone picks the share form, by error plus bias the floor: the bias counts', () => {
    const byError = chooseForm(SKEWED, ['share', 'floor'], 'error');
    const withBias = chooseForm(SKEWED, ['share', 'floor'], 'error+bias');
    expect(byError.model.form).toBe('share');
    expect(byError.loo.share!.error).toBeLessThan(byError.loo.floor!.error);
    expect(Math.abs(byError.loo.share!.bias)).toBeGreaterThan(0.15);
    expect(withBias.model.form).toBe('floor');
    expect(Math.abs(withBias.loo.floor!.bias)).toBeLessThan(0.05);
  });

  it('the criterion adds the absolute mean signed error to the mean absolute error', () => {
    expect(scoreOf([0.2, -0.1, 0.5], 'error').score).toBeCloseTo(0.8 / 3, 9);
    expect(scoreOf([0.2, -0.1, 0.5], 'error+bias').score).toBeCloseTo(0.8 / 3 + 0.2, 9);
    expect(scoreOf([-0.3, -0.3], 'error+bias')).toEqual({ error: 0.3, bias: -0.3, score: 0.6 });
  });
});

describe('the range from leave-one-out errors', () => {
  it('takes rank (n+1)p between order statistics, clamped to the extremes (type 6)', () => {
    expect(quantile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 0.25)).toBeCloseTo(3, 9);
    expect(quantile([9, 1, 8, 2, 7, 3, 6, 4, 5], 0.15)).toBeCloseTo(1.5, 9);
    // Nine errors: a new case's 10th and 90th percentile are the smallest and the largest.
    expect(quantile([1, 2, 3, 4, 5, 6, 7, 8, 9], 0.1)).toBe(1);
    expect(quantile([5, 1, 4, 2, 3, 6, 7, 8, 9], 0.9)).toBe(9);
    expect(quantile([7], 0.9)).toBe(7);
  });

  it('the held-out coverage counts each error against the range of the others', () => {
    // Ten errors 0.0..0.9: the range of the nine others holds each inner one, not the two ends.
    const g = Array.from({ length: 10 }, (_, i) => i / 10);
    expect(heldOutCoverage([g], 4)).toEqual({ inside: 8, cases: 10 });
    // A group below the minimum takes the others of all groups pooled.
    expect(heldOutCoverage([g.slice(0, 9), [0.45]], 4)).toEqual({ inside: 8, cases: 10 });
  });

  it('turns ln(predicted / published) into factors of the prediction', () => {
    // Predictions 20 % fast, right, and twice too slow: published / predicted = 1.25, 1, 0.5;
    // three errors are too few for anything but their extremes.
    const iv = intervalOf([Math.log(0.8), 0, Math.log(2)]);
    expect(iv.low).toBeCloseTo(0.5, 9);
    expect(iv.high).toBeCloseTo(1.25, 9);
  });
});
