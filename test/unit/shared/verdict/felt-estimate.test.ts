// Felt rows the verdict cannot compare directly: a boot typed before the swap only (estimated by
// the prediction model from both runs' measured drive figures, never from a constant), and two
// disk searches over different workloads (refused, both named).
import { describe, expect, it } from 'vitest';
import { stopwatchResult } from '../../../../src/main/tasks/task-runs';
import { describeWorkload, type WorkloadManifest } from '../../../../src/shared/bench/workload';
import type { RunDocument } from '../../../../src/shared/schemas/run';
import { computeVerdict } from '../../../../src/shared/verdict';
import { spread } from '../../../../src/shared/stats';
import { realisticPair } from './realistic-runs';

const BOOT = 'Boot to login screen';

/** The realistic HDD → SSD pair with a boot typed before the swap only (`seconds`, if any). */
function typedBoot(seconds: number[] | null): { before: RunDocument; after: RunDocument } {
  const { before, after } = realisticPair();
  for (const r of [before, after])
    r.tests = r.tests.filter((t) => t.testId !== 'task.boot' && t.testId !== 'task.stopwatch');
  if (seconds) before.tests.push(stopwatchResult({ title: BOOT, seconds, kind: 'boot' }));
  return { before, after };
}

const bootRow = (v: ReturnType<typeof computeVerdict>) => v.tasks.find((t) => t.title === BOOT);

describe('a boot time typed before the swap, none after', () => {
  it('is estimated by the model, labelled, counted at the slow end and apart from measured', () => {
    const { before, after } = typedBoot([62, 60, 61]);
    const v = computeVerdict(before, after);
    const boot = bootRow(v)!;
    expect(boot.basis).toBe('estimated');
    expect(boot.side).toBe('before-only');
    expect(boot.note).toMatch(/prediction model from both runs' measured drive figures/);
    expect(boot.note).toMatch(/10–90 %/);
    // The slow end of the range is what is counted.
    expect(boot.afterSeconds.max).toBeGreaterThanOrEqual(boot.afterSeconds.median!);
    expect(boot.savedPerOccurrence).toBeCloseTo(61 - boot.afterSeconds.max!, 3);
    expect(boot.savedPerOccurrence!).toBeGreaterThan(0);
    expect(boot.outcome).toBe('faster');
    // Estimated and measured apart, and the headline counts both as one sentence says.
    expect(v.totals.estimatedPerDaySeconds).toBeCloseTo(boot.savedPerDay!, 3);
    expect(v.totals.basis).toBe('mixed');
    expect(v.text.timeSaved).toMatch(/measured, .* estimated\)/);
  });

  it('follows the typed time and the drive figures: no constant stands in for a time', () => {
    const at = (secs: number) =>
      bootRow(computeVerdict(typedBoot([secs]).before, typedBoot([secs]).after))!;
    const a = at(40);
    const b = at(80);
    // Twice the typed boot: a later after-time and a larger saving (a constant would not move).
    expect(b.afterSeconds.median!).toBeGreaterThan(a.afterSeconds.median!);
    expect(b.savedPerOccurrence!).toBeGreaterThan(a.savedPerOccurrence!);
    // A slower after-drive (its random access 10× slower) saves less from the same typed time.
    const { before, after } = typedBoot([80]);
    const qd = after.tests.find((t) => t.testId === 'qd-profile')!;
    for (const m of qd.measurements)
      if (m.params?.pattern === 'rnd' && /iops/.test(m.metric))
        m.samples = m.samples.map((x) => (x === null ? null : x / 10));
    for (const m of qd.measurements) Object.assign(m, spread(m.samples));
    const slower = bootRow(computeVerdict(before, after))!;
    expect(slower.savedPerOccurrence!).toBeLessThan(b.savedPerOccurrence!);
  });

  it('without a before-time nothing is estimated: no row, no estimated seconds', () => {
    const { before, after } = typedBoot(null);
    const v = computeVerdict(before, after);
    expect(bootRow(v)).toBeUndefined();
    expect(v.tasks.filter((t) => t.kind === 'boot')).toEqual([]);
    expect(v.totals.estimatedPerDaySeconds).toBe(0);
  });

  it('without the after-run’s drive figures it is not estimated, rather than assumed', () => {
    const { before, after } = typedBoot([61]);
    after.tests = after.tests.filter((t) => t.kind === 'task');
    const boot = bootRow(computeVerdict(before, after))!;
    expect(boot.afterSeconds.median).toBeNull();
    expect(boot.savedPerDay).toBeNull();
    expect(boot.note).toMatch(/not estimated: the after-run measured no/);
  });

  it('an A/A pair estimates nothing: no saving beside "No measurable difference"', () => {
    const { before } = typedBoot([61]);
    const same = structuredClone(before);
    same.id = 'same-drive';
    same.tests = same.tests.filter((t) => t.testId !== 'task.stopwatch');
    const v = computeVerdict(before, same);
    expect(bootRow(v)!.savedPerDay).toBe(0);
    expect(v.totals.savedPerDaySeconds).toBe(0);
  });
});

describe('two disk searches over different workloads', () => {
  const manifest = (files: number, digest: string): WorkloadManifest => ({
    kind: 'generated',
    name: 'drivewise-workload-v1',
    seed: 20231,
    files,
    dirs: 1241,
    bytes: 217_878_384,
    digest,
  });

  it('are not compared, and the finding names both manifests', () => {
    const { before, after } = realisticPair();
    const b = manifest(20_000, 'aaaaaaaa11');
    const a = manifest(5_000, 'bbbbbbbb22');
    for (const [r, w] of [
      [before, b],
      [after, a],
    ] as const) {
      const du = r.tests.find((t) => t.testId === 'task.du')!;
      du.measurements[0]!.params = { tree: 'generated' };
      du.extra = { workloads: { generated: w } };
    }
    const v = computeVerdict(before, after);
    const du = v.tasks.find((t) => t.testId === 'task.du')!;
    expect(du.outcome).toBe('unknown');
    expect(du.savedPerDay).toBeNull();
    expect(du.note).toContain(describeWorkload(b));
    expect(du.note).toContain(describeWorkload(a));
    const f = v.findings.find((x) => /not compared: different workloads/.test(x.title))!;
    expect(f.detail).toContain(describeWorkload(b));
    expect(f.detail).toContain(describeWorkload(a));
    expect(f.keys).toEqual([du.key]);
    expect(v.totals.measuredPerDaySeconds).toBe(
      v.tasks.filter((t) => t.basis === 'measured').reduce((s, t) => s + (t.savedPerDay ?? 0), 0),
    );
  });
});
