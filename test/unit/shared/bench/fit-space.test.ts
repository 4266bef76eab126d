import { describe, expect, it } from 'vitest';
import { PROFILES, type ProfileSizes } from '../../../../src/shared/bench/catalogue';
import { MIN_SIZES, scaleSizes, spaceSentence } from '../../../../src/shared/bench/plan';
import { recalibration } from '../../../../src/main/engine/worker/runner';
import { findModule } from '../../../../src/main/engine/worker/registry';

const estimateSeconds = (id: string, repetitions: number, sizes: ProfileSizes) =>
  findModule(id)!.estimateSeconds({ repetitions, sizes: { ...sizes } });

const MiB = 1024 * 1024;

describe('plans that fit the free space', () => {
  it('scales the sizes the person did not set, never below the stated minimums', () => {
    const sizes = { ...PROFILES.quick.sizes };
    const half = scaleSizes(sizes, undefined, 0.5)!;
    expect(half['file']).toBe(512 * MiB);
    expect(half['dd']).toBe(64 * MiB);
    const tiny = scaleSizes(sizes, { dd: 100 * MiB }, 0.001)!;
    expect(tiny['file']).toBe(MIN_SIZES['file']);
    expect(tiny['dd']).toBe(sizes.dd); // set by the person: kept
    expect(scaleSizes(tiny, { dd: 100 * MiB }, 0.5)).toBeNull(); // nothing left to shrink
  });

  it('explains writes-at-most vs needs-free in one sentence', () => {
    const s = spaceSentence(1.3 * 1024 ** 3, 2.4 * 1024 ** 3);
    expect(s).toMatch(/^Writes at most 1\.4 GB .* needs 2\.6 GB free: .*10% and 1\.1 GB/);
    expect(s.split('. ').length).toBe(1);
  });
});

describe('time budget arithmetic', () => {
  it('bounded phases keep the synthetic estimate of quick within its budget on any drive', () => {
    const s = PROFILES.quick.sizes;
    const total = [
      'cached-read',
      'buffered-read',
      'dd-write',
      'bonnie',
      'iozone',
      'seeker',
      'qd-profile',
    ]
      .map((id) => estimateSeconds(id, 3, s))
      .reduce((a, b) => a + b, 0);
    expect(total).toBeLessThan(110);
    // A 10× larger iozone file does not make quick longer: each pass is bounded.
    expect(estimateSeconds('iozone', 3, { ...s, iozone: 2000 * MiB })).toBeCloseTo(
      estimateSeconds('iozone', 3, { ...s, iozone: 20000 * MiB }),
      5,
    );
  });

  it('recalibrates the rest by how the finished tests compared, clamped to 0.5–2×', () => {
    expect(recalibration([10, 10], [15, 15])).toBeCloseTo(1.5);
    expect(recalibration([10], [100])).toBe(2);
    expect(recalibration([10], [1])).toBe(0.5);
    expect(recalibration([0.5], [5])).toBe(1); // too little to go on
  });
});
