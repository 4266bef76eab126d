// What root takes from an engine (issue 37, class 3): the plan's tests only, each once, progress
// at a bounded rate.
import { describe, expect, it } from 'vitest';
import { engineGuard, PROGRESS_EVERY_MS } from '../../../../../src/main/engine/host/engine-guard';
import type { FromEngine } from '../../../../../src/main/engine/protocol';

const progress = (testId: string, index: number, fraction = 0.5): FromEngine => ({
  type: 'progress',
  testId,
  index,
  fraction,
  overall: 0.5,
  etaSeconds: 1,
  liveValue: null,
});

describe('engineGuard', () => {
  it('drops made-up test ids, ids at another index, and a second start or result', () => {
    const g = engineGuard(['dd-write', 'seeker']);
    expect(g.accept(progress('dd-write', 0), 0)).toBe(true);
    expect(g.accept(progress('made-up', 0), 1000)).toBe(false);
    expect(g.accept(progress('seeker', 0), 2000)).toBe(false);
    expect(g.accept({ type: 'test-start', testId: 'seeker', index: 1 })).toBe(true);
    expect(g.accept({ type: 'test-start', testId: 'seeker', index: 1 })).toBe(false);
    const result = { type: 'result', result: { testId: 'seeker' } } as unknown as FromEngine;
    expect(g.accept(result)).toBe(true);
    expect(g.accept(result)).toBe(false);
    expect(g.accept({ type: 'done', asyncIo: 'x', phases: [] })).toBe(true);
    expect(g.accept({ type: 'done', asyncIo: 'x', phases: [] })).toBe(false);
    expect(g.dropped()).toBe(5);
  });

  it(`keeps a test's progress at most every ${PROGRESS_EVERY_MS} ms, and always its end`, () => {
    const g = engineGuard(['dd-write']);
    const kept = [0, 10, 50, 120, 130, 250].filter((t) => g.accept(progress('dd-write', 0), t));
    expect(kept).toEqual([0, 120, 250]);
    expect(g.accept(progress('dd-write', 0, 1), 251)).toBe(true);
  });
});
