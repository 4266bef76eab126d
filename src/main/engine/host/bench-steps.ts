// The steps of runBench (bench-service.ts) around the engine run, apart so it reads as a sequence.
// Parameters are structural so this module needs nothing from bench-service.ts.
import { closeSync, constants, openSync } from 'node:fs';
import { join } from 'node:path';
import type { DriveRates } from '../../../shared/bench/estimates';
import { folderFit, planNeed } from '../../../shared/bench/plan';
import { UserError } from '../../core/errors';
import type { DriveInfo, MachineProfile } from '../../../shared/schemas/drive';
import type { PrivilegeState } from '../../../shared/schemas/run';
import type { EngineProgress, EngineRunOptions, EngineSpawner } from './client';
import { formatEta } from '../../cli/format';
import { probedPlan, type ValidatedPlan } from './validated-plan';
import { probeTarget } from '../worker/probe';
import { folderFacts, WORK_PREFIX, type WorkDirOptions } from '../worker/work-dir';
import type { FileSteps } from './file-ops';
import type { PrivilegedOps } from '../types';

type Facts = { drive: DriveInfo | null; machine: MachineProfile | null };

/** The drive and machine behind the folder; unknown (null) rather than a failed run. */
export async function targetFacts(
  deps: { describeTarget?: ((dir: string) => Promise<Facts>) | undefined },
  targetDir: string,
): Promise<Facts> {
  return deps.describeTarget
    ? await deps.describeTarget(targetDir).catch(() => ({ drive: null, machine: null }))
    : { drive: null, machine: null };
}

/**
 * Will buffered reads go to the raw device? Only with admin rights and a known device; as root,
 * only when the device opens here too (a sandbox or container may refuse it, and the engine
 * then reads the test file instead, which the estimate must follow: 9.8 s estimated, 3 s taken).
 */
export function rawReadsLikely(
  privileged: unknown,
  device: string | null | undefined,
  asRoot = process.getuid?.() === 0,
): boolean {
  if (privileged === null || device == null) return false;
  if (!asRoot) return true; // the helper opens it; this process cannot tell
  try {
    closeSync(openSync(device, constants.O_RDONLY | constants.O_NONBLOCK));
    return true;
  } catch {
    return false;
  }
}

/** What the run document says about admin rights: the session's word, else whether ops exist. */
export function privilegeOf(
  deps: { privilegeState?: (() => PrivilegeState) | undefined },
  privileged: PrivilegedOps | null,
): PrivilegeState {
  return (
    deps.privilegeState?.() ??
    (privileged ? { state: 'granted' } : { state: 'not-requested', reason: 'no privileged helper' })
  );
}

/** A run whose engine was lent to the folder's owner: root offered it no admin operation. */
export const lentPrivilege = (account: string): PrivilegeState => ({
  state: 'unavailable',
  reason: `the engine ran as ${account}, who owns the folder: a process that account can attach to gets no admin operation`,
});

/** The run document's settings: what the after-run repeats so the two runs compare. */
export function settingsOf({ plan, options }: ValidatedPlan) {
  return {
    profile: plan.profile,
    tests: plan.tests.map((t) => t.id),
    repetitions: plan.repetitions,
    sizes: plan.sizes,
    ...(Object.keys(options).length ? { options } : {}),
  };
}

/**
 * The estimate comes from the drive: a 1–2 s probe in the work folder, then the same plan (same
 * sizes) estimated at the probed rates. A probe that fails leaves the default rates; null when
 * the run was cancelled meanwhile.
 */
export async function probeEstimate(
  plan: ValidatedPlan,
  workDir: string,
  rawReads: boolean,
  deps: { probe?: ((dir: string, o: { signal: AbortSignal }) => Promise<DriveRates>) | undefined },
  hooks: { signal: AbortSignal; onStatus?: ((message: string) => void) | undefined },
): Promise<{ rates: DriveRates | undefined; estimated: ValidatedPlan } | null> {
  hooks.onStatus?.('probing the drive for the estimate');
  const rates: DriveRates | undefined = await (deps.probe ?? probeTarget)(workDir, {
    signal: hooks.signal,
  }).catch(() => undefined);
  if (hooks.signal.aborted) return null;
  const estimated = rates ? probedPlan(plan, { ...rates, rawReads }) : plan;
  if (rates)
    hooks.onStatus?.(
      `estimate from a ${rates.seconds ?? 1} s probe of the drive: ${formatEta(estimated.plan.totalSeconds)}`,
    );
  return { rates, estimated };
}

/** The engine's request: the plan at the probed estimates, progress labelled by test title. */
export function engineRun(
  { plan, targetDir, options }: ValidatedPlan,
  where: { workDir: string; device: string | null },
  deps: { spawner?: EngineSpawner | undefined; privileged: PrivilegedOps | null },
  hooks: {
    signal: AbortSignal;
    onProgress?: ((p: EngineProgress & { label: string }) => void) | undefined;
  },
): EngineRunOptions {
  const titles = new Map(plan.tests.map((t) => [t.id, t.title]));
  return {
    plan: {
      ...where,
      targetDir,
      options,
      tests: plan.tests.map((t) => t.id),
      repetitions: plan.repetitions,
      sizes: plan.sizes,
      estimates: plan.tests.map((t) => t.estimateSeconds),
    },
    spawner: deps.spawner,
    privileged: deps.privileged,
    signal: hooks.signal,
    onProgress: (p) => hooks.onProgress?.({ ...p, label: titles.get(p.testId) ?? p.testId }),
  };
}

/** The one bad-folder rule (shared/bench/plan folderFit) on the folder as it is now; refuses in one line. */
function runFit(
  { plan, targetDir }: ValidatedPlan,
  admin: boolean,
  opts: WorkDirOptions = {},
): ReturnType<typeof folderFit> {
  const need = planNeed(plan, opts.marginBytes);
  if (opts.skipSpaceCheck) need.bytesRequired = 0;
  const fit = folderFit(folderFacts(targetDir), need, admin);
  if (!fit.ok) throw new UserError(fit.message);
  return fit;
}

/**
 * The work folder after the bad-folder rule. A folder that cannot be written gets none: the read
 * tests write nothing there, and the engine's path stays one that cannot be made, so a fallback
 * to a test file fails there instead of measuring another drive.
 */
export async function prepareFor(
  files: FileSteps,
  run: { id: string; plan: ValidatedPlan; rawReads: boolean },
  opts: WorkDirOptions = {},
): Promise<{ workDir: string; swept: string[]; skipped: string[] }> {
  const { targetDir, plan } = run.plan;
  const fit = runFit(run.plan, run.rawReads, opts);
  if (fit.readTestsOnly)
    return { workDir: join(targetDir, `${WORK_PREFIX}${run.id}`), swept: [], skipped: [] };
  return files.prepare(targetDir, run.id, plan.bytesNeeded, opts);
}
