// Issue 28: a run's plan is checked once, at the edge, into a ValidatedPlan that nothing else can
// make. The @ts-expect-error lines are the test of that: tsc (npm run check) fails the day a plain
// object is accepted where a ValidatedPlan is required.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runBench } from '../../../../../src/main/engine/host/bench-service';
import { engineRun, settingsOf } from '../../../../../src/main/engine/host/bench-steps';
import {
  planBench,
  probedPlan,
  shrinkToFit,
  type ValidatedPlan,
} from '../../../../../src/main/engine/host/validated-plan';
import { resolveSettings } from '../../../../../src/shared/bench/plan';
import { DEFAULT_RATES } from '../../../../../src/shared/bench/estimates';
import {
  workloadRemoveSeconds,
  workloadWriteSeconds,
} from '../../../../../src/shared/bench/workload';
import { benchPlan } from '../../../../../src/shared/contract/bench';

const dir = mkdtempSync(join(tmpdir(), 'dw-validated-plan-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const env = { appVersion: '0', save: async () => undefined, record: { label: 'custom' as const } };
const hooks = { signal: new AbortController().signal };

describe('ValidatedPlan', () => {
  it('is made by planBench alone: a look-alike object does not compile where one is required', () => {
    const real = planBench({ profile: 'custom', tests: ['seeker'], targetDir: dir });
    const { plan, settings, targetDir, options } = real;
    const lookAlike = { plan, settings, targetDir, options };
    // @ts-expect-error every field of a checked plan, but not checked by planBench
    const forged: ValidatedPlan = lookAlike;
    expect(forged).not.toBe(real);
    // A request is not a plan either: nothing past the edge checks it again, so none may pass.
    const request = { targetDir: dir, profile: 'quick' as const, label: 'custom' as const };
    // @ts-expect-error runBench takes only a checked plan
    const startUnchecked = () => runBench(request, env, {}, hooks);
    // @ts-expect-error the run document's settings come from a checked plan only
    const recordUnchecked = () => settingsOf(lookAlike);
    const where = { workDir: join(dir, 'w'), device: null };
    // @ts-expect-error the engine is asked to run a checked plan only
    const engineUnchecked = () => engineRun(lookAlike, where, { privileged: null }, hooks);
    expect([startUnchecked, recordUnchecked, engineUnchecked]).toHaveLength(3);
  });

  it('counts writing the workload with its first user, removing it with the search when last', () => {
    const est = (tests: string[]) =>
      Object.fromEntries(
        planBench({ profile: 'custom', tests }).plan.tests.map((t) => [t.id, t.estimateSeconds]),
      );
    const alone = { ...est(['task.app-start']), ...est(['task.du']) };
    const searchLast = est(['task.app-start', 'task.du']);
    const searchFirst = est(['task.du', 'task.app-start']);
    const write = workloadWriteSeconds(DEFAULT_RATES);
    const remove = workloadRemoveSeconds(DEFAULT_RATES);
    // Each alone carries the whole workload; together it is counted once, where it happens.
    expect(searchLast['task.app-start']).toBeCloseTo(alone['task.app-start']! - remove, 0);
    expect(searchLast['task.du']).toBeCloseTo(alone['task.du']! - write, 0);
    expect(searchFirst['task.du']).toBeCloseTo(alone['task.du']!, 0);
    expect(searchFirst['task.app-start']).toBeCloseTo(alone['task.app-start']! - write - remove, 0);
  });

  it('asked without a folder it answers bench.plan but cannot run', () => {
    const preview = planBench({ profile: 'quick' });
    expect(preview.targetDir).toBeNull();
    expect(benchPlan.strict().parse(preview.plan)).toEqual(preview.plan);
    // @ts-expect-error a plan without a checked folder is no run
    const startWithoutFolder = () => runBench(preview, env, {}, hooks);
    expect(startWithoutFolder).toBeTypeOf('function');
  });

  it('carries the checked folder and options, and the plan bench.plan answers (nothing more)', () => {
    const v = planBench({
      profile: 'custom',
      tests: ['seeker', 'task.du'],
      targetDir: `${dir}/sub/..`,
      options: { 'task.du': { duRoot: dir } },
    });
    expect(v.targetDir).toBe(dir);
    expect(v.options).toEqual({ 'task.du': { duRoot: dir } });
    expect(v.plan.tests.map((t) => t.id)).toEqual(['seeker', 'task.du']);
    // --dry-run prints this object: exactly the contract's plan, no folder or options added.
    expect(benchPlan.strict().parse(v.plan)).toEqual(v.plan);
    expect(settingsOf(v)).toMatchObject({ tests: ['seeker', 'task.du'], options: v.options });
  });

  it("makes the options from the planned tests when asked (the CLI's task flags)", () => {
    const named: (readonly string[])[] = [];
    const v = planBench({
      profile: 'quick',
      options: (tests) => {
        named.push(tests);
        return { 'task.du': { duRoot: dir } };
      },
    });
    expect(named).toEqual([v.settings.tests]);
    expect(v.options).toEqual({ 'task.du': { duRoot: dir } });
  });

  it('probedPlan re-estimates the same plan at the drive rates, checked fields kept', () => {
    const v = planBench({ profile: 'custom', tests: ['dd-write', 'seeker'], targetDir: dir });
    const slow = { seqBps: DEFAULT_RATES.seqBps / 10, iops: DEFAULT_RATES.iops / 10, cpu: 1 };
    const probed = probedPlan(v, slow);
    expect(probed.targetDir).toBe(v.targetDir);
    expect(probed.options).toBe(v.options);
    expect(probed.plan.sizes).toEqual(v.plan.sizes);
    expect(probed.plan.tests.map((t) => t.id)).toEqual(v.plan.tests.map((t) => t.id));
    expect(probed.plan.notes).toEqual(v.plan.notes);
    expect(probed.plan.totalSeconds).toBeGreaterThan(v.plan.totalSeconds);
  });
});

describe('a nearly full folder: the sizes shrink until the run fits', () => {
  const GiB = 1024 ** 3;
  // 1.3–1.7 GiB free gave up 2–34 MiB short with a one-factor scaling and said "even the smallest
  // sizes do not fit" while the test file was still 110–308 MiB.
  it.each([1.4, 1.5, 1.7, 2.0])(
    'quick in %s GiB free fits, and the note names what shrank',
    (g) => {
      const free = Math.round(g * GiB);
      const s = resolveSettings({ profile: 'quick' });
      const { plan, note } = shrinkToFit(s, undefined, free);
      expect(plan.bytesRequired).toBeLessThanOrEqual(free);
      expect(note).toMatch(/^Sizes shrunk to fit the free space: .*test file \d.* → \d/);
      // Not shrunk further than needed: 5 % a round at most past the fit.
      expect(plan.bytesRequired).toBeGreaterThan(free * 0.8);
    },
  );

  // At the floors quick writes about 350 MB (the felt workload does not shrink): 1.36 GiB free.
  it('under the floors (1.3 GiB free) it says how much more must be freed', () => {
    const s = resolveSettings({ profile: 'quick' });
    const { plan, note } = shrinkToFit(s, undefined, 1.3 * GiB);
    expect(plan.bytesRequired).toBeGreaterThan(1.3 * GiB);
    expect(note).toMatch(
      /^Even at the smallest sizes \(smallest allowed: test file 64\.0 MiB, dd 16\.0 MiB; shrunk: .*\) the run needs .* free, and .* is free: free .* more or pick another folder\.$/,
    );
  });

  it('a size the person set is never shrunk', () => {
    const s = resolveSettings({ profile: 'quick', sizes: { file: 256 * 1024 ** 2 } });
    shrinkToFit(s, { file: 256 * 1024 ** 2 }, 1.4 * GiB);
    expect(s.sizes.file).toBe(256 * 1024 ** 2);
  });
});
