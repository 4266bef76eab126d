// One benchmark run end to end, shared by the `bench.start` job and the CLI: a plan checked at the
// edge → safety checks → engine process → run document → history. The work folder is removed
// whatever happens.
import { join } from 'node:path';
import type { BenchStartReq } from '../../../shared/contract/bench';
import type { DriveRates } from '../../../shared/bench/estimates';
import type { DriveInfo, MachineProfile } from '../../../shared/schemas/drive';
import type { PrivilegeState, RunDocument } from '../../../shared/schemas/run';
import { UserError } from '../../core/errors';
import { fileWorkAccount, type FileAccount } from '../../core/file-owner';
import type { Services } from '../../core/services';
import { describeTarget } from '../../drives';
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
  lentPrivilege,
  privilegeOf,
  probeEstimate,
  rawReadsLikely,
  prepareFor,
  settingsOf,
  targetFacts,
} from './bench-steps';
import { runTiming } from './plan-for';
import { registry } from '../worker/registry';
import { buildRunDocument } from './run-builder';
import { runNotes } from './run-notes';
import type { PrivilegedOps } from '../types';
import { WORK_PREFIX, type WorkDirOptions } from '../worker/work-dir';
import type { ValidatedPlan } from './validated-plan';

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

export interface BenchRunHooks {
  signal: AbortSignal;
  onProgress?: (p: EngineProgress & { label: string }) => void;
  onStatus?: (message: string) => void;
}

/** How the run document names the run; the app's request carries it beside the plan. */
export type RunRecord = Pick<BenchStartReq, 'label' | 'name' | 'usage' | 'baselineId'>;

/**
 * Root's admin rights for a run: none for an engine lent to the folder's owner, a process that
 * account can attach to (cache drops, raw reads and the journal are not set up for it).
 */
async function adminFor(
  account: FileAccount | null,
  deps: BenchDeps,
): Promise<{ giveBack: (() => void) | null; privileged: PrivilegedOps | null }> {
  if (account) return { giveBack: null, privileged: null };
  const giveBack = await (deps.rootAdmin?.() ?? Promise.resolve(null)).catch(() => null);
  return { giveBack, privileged: deps.privileged?.() ?? null };
}

/** Test ids the registry does not know, refused in one line (the CLI asks before any warning). */
export function refuseUnknownTests(plan: { unknownTests: string[] }): void {
  if (plan.unknownTests.length)
    throw new UserError(
      `unknown test(s): ${plan.unknownTests.join(', ')} (known: ${registry.map((m) => m.id).join(', ')})`,
    );
}

/**
 * Runs a plan checked at the edge (nothing here checks it again); resolves to the saved run, or
 * null when cancelled.
 */
export async function runBench(
  validated: ValidatedPlan,
  env: {
    appVersion: string;
    save: (doc: RunDocument) => Promise<unknown>;
    record: RunRecord;
    /** The name an orchestrator's inventory gives this host (`bench --host-name`). */
    inventoryName?: string | undefined;
  },
  deps: BenchDeps,
  hooks: BenchRunHooks,
): Promise<RunDocument | null> {
  const { plan, targetDir } = validated;
  const { record } = env;
  refuseUnknownTests(plan);
  // Root in a folder another account controls: all file work runs as that account.
  const account = fileWorkAccount(targetDir);
  const files = fileSteps(account);
  const facts = await targetFacts(deps, targetDir);
  const id = newRunId();
  const { giveBack, privileged } = await adminFor(account, deps);
  const rawReads = rawReadsLikely(privileged, facts.drive?.path);
  let workDir = join(targetDir, `${WORK_PREFIX}${id}`);
  let outcome: EngineOutcome | null = null;
  try {
    const prepared = await prepareFor(files, { id, plan: validated, rawReads }, deps.workDir);
    ({ workDir } = prepared);
    const { swept, skipped } = prepared;
    const t0 = performance.now();
    const probed = await probeEstimate(
      validated,
      workDir,
      rawReads,
      { probe: deps.probe ?? files.probe },
      hooks,
    );
    if (!probed) return null;
    const { rates, estimated } = probed;
    const where = { workDir, device: facts.drive?.path ?? null };
    const spawner = account ? forkSpawner(undefined, account) : deps.spawner;
    outcome = await runEngine(engineRun(estimated, where, { spawner, privileged }, hooks));
    if (outcome.cancelled) return null;
    const actualSeconds = (performance.now() - t0) / 1000;
    const timing = runTiming(estimated.plan, rates, outcome.phases, actualSeconds);
    const asRoot = giveBack !== null;
    const how = { asRoot, drive: facts.drive, lentTo: account?.name };
    const notes = runNotes({ plan, outcome, swept, skipped, ...how });
    const doc = buildRunDocument({
      id,
      appVersion: env.appVersion,
      label: record.label,
      name: record.name,
      usage: record.usage,
      baselineId: record.baselineId,
      targetDir,
      drive: facts.drive,
      machine: facts.machine,
      host: hostIdentity(env.inventoryName),
      settings: settingsOf(validated),
      privilege: account ? lentPrivilege(account.name) : privilegeOf(deps, privileged),
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
