// A/A pairs: the same drive measured twice must read "No measurable difference between these
// runs": ≥ 95 % of figures inside their floor, the few outside never findings, saving 0.
import { describe, expect, it } from 'vitest';
import type { RunDocument } from '../../../../src/shared/schemas/run';
import { spread } from '../../../../src/shared/stats';
import {
  computeVerdict,
  NO_DIFFERENCE_HEADLINE,
  NOISE_CLASSES,
  type Verdict,
} from '../../../../src/shared/verdict';
import { formatVerdict } from '../../../../src/main/verdict/text';
import { compareRuns as compareRefRuns } from '../../../../src/shared/reference/compare';
import { gen } from './generate';
import { realisticPair } from './realistic-runs';
import { seed000 } from './seed-runs';

/** The same run again, every sample scattered by up to ±noise (seeded). */
function again(r: RunDocument, id: string, noise: number, seed: number): RunDocument {
  const g = gen(seed);
  const copy = structuredClone(r);
  copy.id = id;
  for (const t of copy.tests) {
    for (const m of t.measurements) {
      m.samples = m.samples.map((x) => (x === null ? null : x * (1 + g.between(-noise, noise))));
      Object.assign(m, spread(m.samples));
    }
    if (t.wallSeconds)
      t.wallSeconds =
        t.measurements
          .find((x) => x.metric === 'wall_time')
          ?.samples.filter((x): x is number => x !== null) ?? t.wallSeconds;
  }
  return copy;
}

function shift(r: RunDocument, metric: string, factor: number) {
  for (const t of r.tests)
    for (const m of t.measurements)
      if (m.metric === metric) {
        m.samples = m.samples.map((x) => (x === null ? null : x * factor));
        Object.assign(m, spread(m.samples));
        return `${t.testId}:${metric}`;
      }
  throw new Error(`no ${metric}`);
}

function expectNoDifference(v: Verdict) {
  expect(v.recommendation.headline).toBe(NO_DIFFERENCE_HEADLINE);
  expect(v.noise.noMeasurableDifference).toBe(true);
  expect(v.noise.noDifference / v.noise.judged).toBeGreaterThanOrEqual(0.95);
  expect(v.totals.savedPerDaySeconds).toBe(0);
  expect(v.totals.estimatedPerDaySeconds).toBe(0);
  expect(v.findings.filter((f) => ['big-win', 'slower', 'small-gain'].includes(f.kind))).toEqual(
    [],
  );
  expect(v.recommendation.level).not.toBe('worth-it');
  expect(formatVerdict(v)).toMatch(/^No measurable difference between these runs\n/);
}

describe('A/A: the same drive twice', () => {
  const { before } = realisticPair();

  it('quiet machine (±3 % scatter, three repetitions)', () => {
    const v = computeVerdict(before, again(before, 'aa-quiet', 0.03, 7));
    expectNoDifference(v);
    expect(v.noise.isolated).toBe(0);
  });

  it('under CPU load (±10 % scatter, one latency figure off by 45 %): the outlier is no finding', () => {
    const after = again(before, 'aa-load', 0.1, 11);
    const keys = [shift(after, 'clat_p99_us', 1.45)];
    const v = computeVerdict(before, after);
    expectNoDifference(v);
    expect(v.noise.isolated).toBeGreaterThan(0);
    for (const f of v.findings)
      for (const k of keys)
        expect(
          f.keys.some((x) => x.startsWith(k)),
          f.title,
        ).toBe(false);
    expect(v.text.noise).toMatch(/isolated outlier/);
    // Worded as no difference on every surface: the verdict's figure and History's pair alike.
    const c = v.comparisons.find((x) => x.key.startsWith(keys[0]!))!;
    expect([c.outcome, c.isolated]).toEqual(['no-difference', true]);
    const pairs = compareRefRuns(before, after).pairs.filter((p) => p.metric === 'clat_p99_us');
    expect(pairs.length).toBeGreaterThan(0);
    for (const p of pairs) expect(p.outcome).toBe('no-difference');
  });

  it('a sub-second task 1.3× slower but by less than 0.1 s is no finding, even beside a moved figure', () => {
    // Measured in the quick A/A: du 0.35 s twice read "Slower after the swap: Disk search" while the
    // blkio throttle moved one p50 latency (so the drive-figures rule did not quieten it).
    const b = structuredClone(before);
    const after = again(before, 'aa-du', 0.01, 13);
    const du = (r: RunDocument) =>
      r.tests
        .find((t) => t.testId === 'task.du')!
        .measurements.find((x) => x.metric === 'wall_time')!;
    for (const [r, xs] of [
      [b, [0.25, 0.251, 0.252]],
      [after, [0.33, 0.331, 0.332]],
    ] as const) {
      du(r).samples = [...xs];
      Object.assign(du(r), spread(du(r).samples));
    }
    shift(after, 'clat_p50_us', 2);
    const v = computeVerdict(b, after);
    const task = v.tasks.find((t) => t.testId === 'task.du')!;
    expect(task.outcome).toBe('no-difference');
    expect(task.savedPerDay).toBe(0);
    expect(v.findings.filter((f) => f.kind === 'slower')).toEqual([]);
    // The same task 0.5 s slower beside a drive that moved is one: the rule is about what a
    // person notices (with no drive figure moved, the next case sets any task move aside).
    const moved = structuredClone(realisticPair().after);
    du(moved).samples = [0.83, 0.831, 0.832];
    Object.assign(du(moved), spread(du(moved).samples));
    expect(computeVerdict(b, moved).tasks.find((t) => t.testId === 'task.du')!.outcome).toBe(
      'slower',
    );
  });

  it('a felt task that moved far while no drive figure moved is the machine, not the drive', () => {
    // Measured on the same loop device twice: the fast walk 0.38 → 0.52 s (processor work under
    // load) and the HDD-like walk 9.5 → 16 s (blkio's release rate), every theme inside its floor.
    const du = (r: RunDocument) =>
      r.tests
        .find((t) => t.testId === 'task.du')!
        .measurements.find((x) => x.metric === 'wall_time')!;
    for (const [b0, a0] of [
      [0.38, 0.52],
      [9.5, 16],
      [16, 9.5],
    ] as const) {
      const b = structuredClone(before);
      const after = again(before, 'aa-walk', 0.02, 17);
      for (const [r, x] of [
        [b, b0],
        [after, a0],
      ] as const) {
        du(r).samples = [x, x * 1.01, x * 1.02];
        Object.assign(du(r), spread(du(r).samples));
      }
      const v = computeVerdict(b, after);
      expectNoDifference(v);
      const task = v.tasks.find((t) => t.testId === 'task.du')!;
      expect(task.outcome, `${b0} → ${a0}`).toBe('no-difference');
      expect(task.note).toMatch(/no drive figure moved/);
    }
  });

  it("dd's before-sync figure (the page cache) swinging 1.57x is shown, never judged", () => {
    const withDd = structuredClone(before);
    const dd = withDd.tests.find((t) => t.testId === 'dd-write')!;
    const m0 = dd.measurements[0]!;
    dd.measurements.push({
      ...m0,
      metric: 'throughput_before_sync',
      ...spread([1100, 1150, 1177]),
      samples: [1100, 1150, 1177],
    });
    const after = again(withDd, 'aa-dd', 0.03, 7);
    shift(after, 'throughput_before_sync', 1.57);
    const v = computeVerdict(withDd, after);
    expectNoDifference(v);
    const c = v.comparisons.find((x) => x.metric === 'throughput_before_sync')!;
    expect(c.excluded?.kind).toBe('memory-speed');
    expect(c.excluded?.reason).toMatch(/page cache/);
  });

  it('single figures (seed 000 laptop, ±4 %): the stated single-sample floors hold', () => {
    const { before: b } = seed000();
    const v = computeVerdict(b, again(b, 'aa-single', 0.04, 3));
    expectNoDifference(v);
    expect(v.comparisons.every((c) => c.floorSource === 'single')).toBe(true);
  });

  it('every floor is within its class maximum, and every class states one', () => {
    const v = computeVerdict(before, again(before, 'aa-wild', 0.6, 5));
    for (const c of v.comparisons) expect(c.floor).toBeLessThanOrEqual(NOISE_CLASSES[c.theme].max);
    for (const k of Object.values(NOISE_CLASSES)) expect(k.max).toBeLessThan(0.5);
  });
});

describe('A/B stays news', () => {
  it('the realistic HDD → SSD pair: worth it from measured tasks, headlines are medians', () => {
    const { before, after } = realisticPair();
    const v = computeVerdict(before, after);
    expect(v.recommendation.level).toBe('worth-it');
    expect(v.totals.basis).toBe('measured');
    expect(v.totals.measuredPerDaySeconds).toBeGreaterThan(0);
    const seq = v.headlines.find((h) => h.words === 'sequential reads')!;
    expect(seq.count).toBeGreaterThan(1);
    expect(seq.median).toBeLessThan(seq.max);
    expect(v.comparisons.find((c) => c.metric === 'cached_read')!.excluded?.kind).toBe(
      'memory-speed',
    );
  });

  it('a quick run without felt tasks is never "worth it": time saved is "not known"', () => {
    const { before, after } = realisticPair();
    for (const r of [before, after]) r.tests = r.tests.filter((t) => t.kind !== 'task');
    const v = computeVerdict(before, after);
    expect(v.totals.basis).toBe('none');
    expect(v.recommendation.level).toBe('marginal');
    expect(v.recommendation.headline).toMatch(/no task you wait for was timed/);
    expect(v.text.timeSaved).toMatch(/^Not known/);
    expect(v.text.tasks).toBeNull();
    expect(formatVerdict(v)).not.toMatch(/Tasks \(/);
  });

  it('a task timed before the swap only is estimated from the drive ratios and says so', () => {
    const { before, after } = realisticPair();
    after.tests = after.tests.filter((t) => t.testId !== 'task.du');
    const v = computeVerdict(before, after);
    const du = v.tasks.find((t) => t.testId === 'task.du')!;
    expect(du.basis).toBe('estimated');
    expect(du.side).toBe('before-only');
    expect(du.note).toMatch(/random access .*×/);
    expect(du.afterSeconds.median!).toBeLessThan(du.beforeSeconds.median! / 3);
    expect(v.totals.basis).toBe('mixed');
    expect(v.findings.some((f) => /one drive only/.test(f.title))).toBe(true);
  });

  it('a cache-suspected figure never appears as faster or in a finding but its own', () => {
    const { before, after } = realisticPair();
    const seeker = after.tests.find((t) => t.testId === 'seeker')!;
    seeker.measurements[0]!.suspect = { kind: 'cache', reason: 'faster than RND 4K Q1 by 20×' };
    const v = computeVerdict(before, after);
    const c = v.comparisons.find((x) => x.key === 'seeker:seeks_per_second')!;
    expect(c.excluded?.kind).toBe('cache-suspected');
    expect(c.outcome).toBe('unknown');
    for (const f of v.findings)
      if (f.kind !== 'cache-suspected') expect(f.keys).not.toContain(c.key);
    expect(v.headlines.flatMap((h) => h.keys)).not.toContain(c.key);
  });
});
