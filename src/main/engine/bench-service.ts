// One benchmark run end to end, shared by the `bench.start` job and the CLI: plan → safety checks
// → engine process → run document → history. The work folder is removed whatever happens.
import { statSync } from 'node:fs';
import type { BenchPlan, BenchStartReq } from '../../shared/contract/bench';
import { defaultDdSize } from '../../shared/bench/catalogue';
import type { DriveRates } from '../../shared/bench/estimates';
import {
  fmtSize,
  MIN_SIZES,
  requiredFreeBytes,
  resolveSettings,
  scaleSizes,
  spaceSentence,
  type PlanInput,
} from '../../shared/bench/plan';
import type { DriveInfo, MachineProfile } from '../../shared/schemas/drive';
import type { PrivilegeState, RunDocument } from '../../shared/schemas/run';
import { UserError } from '../core/errors';
import type { Services } from '../core/services';
import { describeTarget } from '../drives';
import { appsOption, resolveApp } from '../tasks/app-start-task';
import { duRoot } from '../tasks/du-task';
import { checkTarball, compressionOption } from '../tasks/unpack-task';
import { newRunId } from '../store/run-store';
import { guardResults, memoryCopyMBps } from './cache-guard';
import { runEngine, type EngineOutcome, type EngineProgress, type EngineSpawner } from './client';
import { formatEta } from './format';
import { planFor, probedPlan, runTiming } from './plan-for';
import { probeTarget } from './probe';
import { registry } from './registry';
import { buildRunDocument } from './run-builder';
import type { PrivilegedOps } from './types';
import {
  checkTargetDir,
  freeBytes,
  prepareWorkDir,
  removeWorkDir,
  type WorkDirOptions,
} from './work-dir';

export type TargetDescriber = (
  dir: string,
) => Promise<{ drive: DriveInfo | null; machine: MachineProfile | null }>;

export interface BenchDeps {
  spawner?: EngineSpawner;
  /** The root helper's operations, when the person granted admin rights. */
  privileged?: () => PrivilegedOps | null;
  privilegeState?: () => PrivilegeState;
  describeTarget?: TargetDescriber;
  workDir?: WorkDirOptions;
  /**
   * Run as root, the rights are already there: starts the helper without asking and returns
   * how to give it back (null: not root, or already granted).
   */
  rootAdmin?: () => Promise<(() => void) | null>;
  /** The drive probe before the run (default: probeTarget); tests pass a fixed one. */
  probe?: (dir: string, o: { signal: AbortSignal }) => Promise<DriveRates>;
}

/**
 * The session's engine spawner (fork when unset); admin rights from the session's privileged
 * manager; drive/machine facts from drives/.
 */
export function defaultBenchDeps(s: Services): BenchDeps {
  return {
    ...(s.engineSpawner ? { spawner: s.engineSpawner } : {}),
    privileged: () => s.privileged?.ops() ?? null,
    privilegeState: () => {
      const st = s.privileged?.status();
      if (!st) return { state: 'not-requested', reason: 'no privileged helper' };
      const state =
        st.state === 'granted' || st.state === 'declined' || st.state === 'unavailable'
          ? st.state
          : st.state === 'failed'
            ? 'unavailable'
            : 'not-requested';
      return { state, reason: st.reason };
    },
    rootAdmin: async () => {
      const pm = s.privileged;
      if (!pm || process.getuid?.() !== 0 || pm.status().state === 'granted') return null;
      const st = await pm.request();
      return st.state === 'granted' ? () => pm.release() : null;
    },
    describeTarget: async (dir) => {
      const t = await describeTarget(dir);
      return { drive: t.drive, machine: t.machine };
    },
  };
}

export type TaskOptions = Record<string, Record<string, unknown>>;

/**
 * The person's per-test choices for the tests that will run, checked before anything runs so a
 * mistake is one line in the Plan step or the CLI rather than a failed test. Returns the options
 * the engine gets (a picked tarball as an absolute path).
 */
export function checkTaskOptions(tests: readonly string[], options: TaskOptions = {}): TaskOptions {
  const out: TaskOptions = { ...options };
  const du = options['task.du'];
  if (du && tests.includes('task.du')) {
    const root = duRoot({ options: du });
    let isDir = false;
    try {
      isDir = statSync(root).isDirectory();
    } catch {
      /* below */
    }
    if (!isDir) throw new UserError(`du root is not a folder: ${root}`);
    if (du['systemDu'] !== undefined && typeof du['systemDu'] !== 'boolean')
      throw new UserError(`systemDu must be true or false, got ${String(du['systemDu'])}`);
  }
  const unpack = options['task.unpack'];
  if (unpack && tests.includes('task.unpack')) {
    compressionOption(unpack['compression']);
    if (unpack['tarball'] !== undefined)
      out['task.unpack'] = { ...unpack, tarball: checkTarball(unpack['tarball']) };
  }
  const apps = options['task.app-start'];
  if (apps?.['apps'] !== undefined && tests.includes('task.app-start')) {
    // Named apps must exist: a typo would otherwise drop out of the before/after comparison.
    const missing = appsOption(apps['apps']).filter((a) => resolveApp(a) === null);
    if (missing.length)
      throw new UserError(
        `not installed: ${missing.join(', ')} (name a program on PATH or give its full path)`,
      );
  }
  return out;
}

export function planBench(
  input: PlanInput & { targetDir?: string | undefined; options?: TaskOptions | undefined },
): BenchPlan {
  const s = resolveSettings(input);
  checkTaskOptions(s.tests, input.options);
  let free: number | null = null;
  if (input.targetDir) free = freeBytes(checkTargetDir(input.targetDir));
  // dd's default is min(2 GiB, 10% of free space); an explicit size wins.
  if (free !== null && input.sizes?.dd === undefined) s.sizes.dd = defaultDdSize(free, s.sizes.dd);
  let plan = planFor(s, free);
  const notes: string[] = [];
  // Never a dead end: shrink the sizes the person did not set until the run fits (to a floor).
  if (free !== null && plan.bytesRequired > free) {
    const budget = Math.max(0, (free - requiredFreeBytes(0)) / 1.1);
    const before = plan.bytesNeeded;
    for (let tries = 0; tries < 4 && plan.bytesRequired > free; tries++) {
      const scaled = scaleSizes(s.sizes, input.sizes, budget / plan.bytesNeeded);
      if (!scaled) break;
      s.sizes = { ...s.sizes, ...scaled };
      plan = planFor(s, free);
    }
    if (plan.bytesNeeded < before)
      notes.push(
        plan.bytesRequired <= free
          ? `Sizes scaled down to fit the free space (${fmtSize(before)} → ${fmtSize(plan.bytesNeeded)} written; smallest allowed: test file ${fmtSize(MIN_SIZES['file']!)}, dd ${fmtSize(MIN_SIZES['dd']!)}).`
          : `Even the smallest sizes (test file ${fmtSize(MIN_SIZES['file']!)}, dd ${fmtSize(MIN_SIZES['dd']!)}) do not fit the free space.`,
      );
  }
  notes.push(spaceSentence(plan.bytesNeeded, plan.bytesRequired));
  notes.push(
    'Estimated at middle-of-the-road drive rates; the run first probes the drive for 1–2 s and estimates again from what it measured.',
  );
  return { ...plan, notes };
}

export interface BenchRunHooks {
  signal: AbortSignal;
  onProgress?: (p: EngineProgress & { label: string }) => void;
  onStatus?: (message: string) => void;
}

/** Runs the benchmark; resolves to the saved run, or null when cancelled. */
export async function runBench(
  req: BenchStartReq,
  env: { appVersion: string; save: (doc: RunDocument) => Promise<unknown> },
  deps: BenchDeps,
  hooks: BenchRunHooks,
): Promise<RunDocument | null> {
  const plan = planBench(req);
  if (plan.unknownTests.length)
    throw new UserError(
      `unknown test(s): ${plan.unknownTests.join(', ')} (known: ${registry.map((m) => m.id).join(', ')})`,
    );
  const options = checkTaskOptions(
    plan.tests.map((t) => t.id),
    req.options,
  );
  const targetDir = checkTargetDir(req.targetDir);
  const facts = deps.describeTarget
    ? await deps.describeTarget(targetDir).catch(() => ({ drive: null, machine: null }))
    : { drive: null, machine: null };
  const id = newRunId();
  const { workDir, swept, skipped } = prepareWorkDir(targetDir, id, plan.bytesNeeded, deps.workDir);
  const t0 = performance.now();
  const giveBack = await (deps.rootAdmin?.() ?? Promise.resolve(null)).catch(() => null);
  const privileged = deps.privileged?.() ?? null;
  const titles = new Map(plan.tests.map((t) => [t.id, t.title]));
  let outcome: EngineOutcome | null = null;
  try {
    // The estimate comes from the drive: a 1–2 s probe in the work folder, then the same plan
    // (same sizes) estimated at the probed rates. A probe that fails leaves the default rates.
    hooks.onStatus?.('probing the drive for the estimate');
    const rates: DriveRates | undefined = await (deps.probe ?? probeTarget)(workDir, {
      signal: hooks.signal,
    }).catch(() => undefined);
    if (hooks.signal.aborted) return null;
    const rawReads = privileged !== null && facts.drive?.path != null;
    const estimated = rates ? probedPlan(plan, { ...rates, rawReads }) : plan;
    if (rates)
      hooks.onStatus?.(
        `estimate from a ${rates.seconds ?? 1} s probe of the drive: ${formatEta(estimated.totalSeconds)}`,
      );
    outcome = await runEngine({
      plan: {
        workDir,
        targetDir,
        device: facts.drive?.path ?? null,
        tests: plan.tests.map((t) => t.id),
        repetitions: plan.repetitions,
        sizes: plan.sizes,
        options,
        estimates: estimated.tests.map((t) => t.estimateSeconds),
      },
      spawner: deps.spawner,
      privileged,
      signal: hooks.signal,
      onProgress: (p) => hooks.onProgress?.({ ...p, label: titles.get(p.testId) ?? p.testId }),
    });
    if (outcome.cancelled) return null;
    const actualSeconds = (performance.now() - t0) / 1000;
    const timing = runTiming(estimated, rates, outcome.phases, actualSeconds);
    // Only the queue-depth profile submits deep queues; other runs have nothing to say about it.
    const notes = plan.tests.some((t) => t.id === 'qd-profile')
      ? [`deep-queue I/O: ${outcome.asyncIo}`]
      : [];
    if (giveBack)
      notes.push(
        'running as root: caches were dropped and raw devices read without asking (no --admin needed)',
      );
    notes.push(
      ...guardResults(outcome.results, {
        linkCeilingMBps: facts.drive?.link?.ceilingMBps ?? null,
        memoryMBps: memoryCopyMBps(outcome.results),
      }),
    );
    if (swept.length) notes.push(`removed ${swept.length} work folder(s) left by an earlier crash`);
    // Entries named like ours that the sweep would not touch: one line each, naming them.
    notes.push(...skipped);
    const doc = buildRunDocument({
      id,
      appVersion: env.appVersion,
      label: req.label,
      name: req.name,
      usage: req.usage,
      baselineId: req.baselineId,
      targetDir,
      drive: facts.drive,
      machine: facts.machine,
      settings: {
        profile: plan.profile,
        tests: plan.tests.map((t) => t.id),
        repetitions: plan.repetitions,
        sizes: plan.sizes,
      },
      privilege:
        deps.privilegeState?.() ??
        (privileged
          ? { state: 'granted' }
          : { state: 'not-requested', reason: 'no privileged helper' }),
      results: outcome.results,
      notes,
      timing,
    });
    await env.save(doc);
    return doc;
  } finally {
    giveBack?.();
    removeWorkDir(workDir);
    // A cancelled engine stuck in fsync may still be alive: clean again once it is gone.
    void outcome?.exited.then(() => removeWorkDir(workDir));
  }
}
