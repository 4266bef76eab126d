// The story pages: key figures picked by what they measure (never by the biggest ratio), the
// verdict read through one adapter, run names without ids.
import { describe, expect, it } from 'vitest';
import { displayName, runFacts } from '../../../../src/renderer/report/report-model';
import { keyFigures } from '../../../../src/renderer/report/story-model';
import { adaptVerdict } from '../../../../src/renderer/report/verdict-adapter';
import { findJargon } from '../../../../src/shared/jargon';
import { computeVerdict } from '../../../../src/shared/verdict';
import { seedPair } from './fixtures';

describe('story model', () => {
  const { before, after } = seedPair();
  const verdict = computeVerdict(before, after);

  it('key figures: one per kind, in the order people feel them, human labels with tool tags', () => {
    const k = keyFigures(verdict.comparisons);
    expect(k.length).toBeGreaterThanOrEqual(3);
    expect(k.length).toBeLessThanOrEqual(6);
    expect(k.map((x) => x.comparison.theme)).not.toContain('memory');
    const labels = k.map((x) => `${x.label.label} [${x.label.tag}]`);
    // The seed pair has no seeker run: bonnie++'s seeks stand in for random access.
    expect(labels[0]).toBe('Random reads per second [bonnie++ seeks]');
    expect(labels).toContain('Sequential read speed [hdparm -t]');
    for (const l of labels) expect(findJargon(l)).toBeNull();
    // Not the most extreme ratio: the bonnie++ per-char figures are not picked.
    expect(k.some((x) => /per_chr/.test(x.comparison.metric))).toBe(false);
  });

  it("adapter: felt tasks are the ones timed on both sides; the basis is the verdict's own", () => {
    const s = adaptVerdict(verdict);
    expect(s.feltTasks.length).toBeGreaterThan(0);
    expect(s.basis).toBe(verdict.totals.basis);
    const none = adaptVerdict({ ...verdict, tasks: [] });
    expect(none.feltTasks).toEqual([]);
    // The report never re-derives the basis: what the verdict states is what it prints.
    const est = adaptVerdict({
      ...verdict,
      tasks: [],
      totals: { ...verdict.totals, basis: 'estimated' } as typeof verdict.totals,
    });
    expect(est.basis).toBe('estimated');
  });

  it('runs are named for people: the name, else the drive, else old/new drive, never the id', () => {
    expect(displayName({ ...before, name: '  ', drive: null })).toBe('Old drive');
    expect(displayName({ ...after, name: undefined, drive: null })).toBe('New drive');
    const facts = runFacts({ ...before, name: undefined });
    expect(facts.map((f) => f.value).join(' ')).not.toContain(before.id);
  });
});
