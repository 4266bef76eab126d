// History → Compare and the CLI's compare on runs measured here (test/fixtures/runs/measured: the
// quick profile twice on the HDD-like loop device, and HDD-like → unthrottled): the verdict's one
// rule decides every word, felt tasks included.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareRuns } from '../../../../src/shared/reference/compare';
import { runDocument } from '../../../../src/shared/schemas/run';
import { computeVerdict } from '../../../../src/shared/verdict';

const load = (f: string) =>
  runDocument.parse(
    JSON.parse(readFileSync(join(resolve('test/fixtures/runs/measured'), f), 'utf8')),
  );

describe('compare on measured pairs', () => {
  it('A/A: no figure and no felt task is faster or slower (the disk search moved 14 → 16 s)', () => {
    const [a, b] = [load('hdd-like-aa-1.json'), load('hdd-like-aa-2.json')];
    const moved = compareRuns(a, b).pairs.filter(
      (p) => p.outcome === 'faster' || p.outcome === 'slower',
    );
    expect(moved.map((p) => `${p.testId} ${p.metric} ${p.outcome}`)).toEqual([]);
    expect(computeVerdict(a, b).noise.noMeasurableDifference).toBe(true);
  });

  it('A/B: the disk search and the random reads are faster, as in the verdict', () => {
    const [a, b] = [load('hdd-like.json'), load('fast.json')];
    const pairs = compareRuns(a, b).pairs;
    const v = computeVerdict(a, b);
    const du = pairs.find((p) => p.testId === 'task.du' && p.metric === 'wall_time')!;
    expect(du.outcome).toBe('faster');
    expect(v.tasks.find((t) => t.testId === 'task.du')!.outcome).toBe('faster');
    const seeks = pairs.find((p) => p.testId === 'seeker' && p.metric === 'seeks_per_second')!;
    expect(seeks.outcome).toBe(
      v.comparisons.find((c) => c.key.startsWith('seeker:seeks'))!.outcome,
    );
  });
});
