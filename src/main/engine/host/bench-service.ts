// One benchmark run end to end, shared by the `bench.start` job and the CLI: plan → safety checks
// → engine process → run document → history. The work folder is removed whatever happens.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchPlan, BenchStartReq } from '../../../shared/contract/bench';
import { defaultDdSize } from '../../../shared/bench/catalogue';
import type { DriveRates } from '../../../shared/bench/estimates';
import {
  folderFit,
  MIN_SIZES,
  onlyReadTests,
  requiredFreeBytes,
  resolveSettings,
  scaleSizes,
  spaceSentence,
  type PlanInput,
} from '../../../shared/bench/plan';
import { fmtBytes } from '../../../shared/format';
import type { DriveInfo, MachineProfile } from '../../../shared/schemas/drive';
import type { PrivilegeState, RunDocument } from '../../../shared/schemas/run';
import { UserError } from '../../core/errors';
import { fileWorkAccount } from '../../core/file-owner';
import type { Services } from '../../core/services';
import { describeTarget } from '../../drives';
import { appsOption, resolveApp } from '../../tasks/app-start-task';
import { duRoot } from '../../tasks/du-task';
import { checkTarball, compressionOption } from '../../tasks/unpack-task';
import { newRunId } from '../../store/run-store';
import { hostIdentity } from '../../fleet/identity';
import {
  forkSpawner,
  runEngine,
  type EngineOutcome,
  type EngineProgress,
  type EngineSpawner,
} from './client';
import { fileSteps } from './file-ops';
import {
  engineRun,
  ESTIMATE_NOTE,
  privilegeOf,
  probeEstimate,
  rawReadsLikely,
  prepareFor,
  settingsOf,
  targetFacts,
} from './bench-steps';
import { planFor, runTiming } from './plan-for';
import { registry } from '../worker/registry';
import { buildRunDocument } from './run-builder';
import { runNotes } from './run-notes';
import type { PrivilegedOps } from '../types';
import { checkTargetDir, folderFacts, WORK_PREFIX, type WorkDirOptions } from '../worker/work-dir';

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
  const folder = input.targetDir ? folderFacts(checkTargetDir(input.targetDir)) : null;
  const free = folder?.freeBytes ?? null;
  if (folder && !folder.writable && onlyReadTests(s.tests)) {
    const readPlan = planFor(s, free);
    return {
      ...readPlan,
      tests: readPlan.tests.map((t) => ({ ...t, bytesNeeded: 0 })),
      bytesNeeded: 0,
      bytesRequired: 0,
      notes: [folderFit(folder, { tests: s.tests, bytesRequired: 0 }, true).message, ESTIMATE_NOTE],
    };
  }
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
          ? `Sizes scaled down to fit the free space (${fmtBytes(before)} → ${fmtBytes(plan.bytesNeeded)} written; smallest allowed: test file ${fmtBytes(MIN_SIZES['file']!)}, dd ${fmtBytes(MIN_SIZES['dd']!)}).`
          : `Even the smallest sizes (test file ${fmtBytes(MIN_SIZES['file']!)}, dd ${fmtBytes(MIN_SIZES['dd']!)}) do not fit the free space.`,
      );
  }
  notes.push(spaceSentence(plan.bytesNeeded, plan.bytesRequired));
  notes.push(ESTIMATE_NOTE);
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
  env: {
    appVersion: string;
    save: (doc: RunDocument) => Promise<unknown>;
    /** The name an orchestrator's inventory gives this host (`bench --host-name`). */
    inventoryName?: string | undefined;
  },
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
  // Root in a folder another account controls: all file work runs as that account.
  const account = fileWorkAccount(targetDir);
  const files = fileSteps(account);
  const facts = await targetFacts(deps, targetDir);
  const id = newRunId();
  const giveBack = await (deps.rootAdmin?.() ?? Promise.resolve(null)).catch(() => null);
  const privileged = deps.privileged?.() ?? null;
  const rawReads = rawReadsLikely(privileged, facts.drive?.path);
  let workDir = join(targetDir, `${WORK_PREFIX}${id}`);
  let outcome: EngineOutcome | null = null;
  try {
    const prepared = await prepareFor(files, { targetDir, id, plan, rawReads }, deps.workDir);
    ({ workDir } = prepared);
    const { swept, skipped } = prepared;
    const t0 = performance.now();
    const probed = await probeEstimate(
      plan,
      workDir,
      rawReads,
      { probe: deps.probe ?? files.probe },
      hooks,
    );
    if (!probed) return null;
    const { rates, estimated } = probed;
    const device = facts.drive?.path ?? null;
    const where = { workDir, targetDir, device, options };
    const spawner = account ? forkSpawner(undefined, account) : deps.spawner;
    outcome = await runEngine(engineRun(plan, estimated, where, { spawner, privileged }, hooks));
    if (outcome.cancelled) return null;
    const actualSeconds = (performance.now() - t0) / 1000;
    const timing = runTiming(estimated, rates, outcome.phases, actualSeconds);
    const asRoot = giveBack !== null;
    const notes = runNotes({ plan, outcome, asRoot, drive: facts.drive, swept, skipped });
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
      host: hostIdentity(env.inventoryName),
      settings: settingsOf(plan, options),
      privilege: privilegeOf(deps, privileged),
      results: outcome.results,
      notes,
      timing,
    });
    await env.save(doc);
    return doc;
  } finally {
    giveBack?.();
    await files.remove(workDir).catch(() => undefined);
    // A cancelled engine stuck in fsync may still be alive: clean again once it is gone.
    void outcome?.exited.then(() => files.remove(workDir).catch(() => undefined));
  }
}
