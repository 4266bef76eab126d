import { describe, expect, it } from 'vitest';
import { median, percentile, spread } from '../../../src/shared/stats';

describe('stats', () => {
  it('median of odd and even sample counts', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });
  it('nearest-rank percentiles', () => {
    const v = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(v, 50)).toBe(50);
    expect(percentile(v, 99)).toBe(99);
    expect(percentile(v, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
  });
  it('spread ignores nulls', () => {
    expect(spread([null, 2, 8, 4])).toEqual({ median: 4, min: 2, max: 8 });
    expect(spread([null])).toEqual({ median: null, min: null, max: null });
  });
});
