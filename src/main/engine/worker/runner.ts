// Runs a plan inside the engine process: modules in order, progress → overall fraction + ETA,
// one failing test recorded as failed while the run goes on.
import { oneLine } from '../../core/errors';
import { testResult, type TestResult } from '../../../shared/schemas/run';
import { overallProgress } from '../methods/calc';
import type { EnginePlan, FromEngine } from '../protocol';
import type { LiveValue, PrivilegedOps, TestContext, TestModule } from '../types';
import type { PhaseRecorder } from './phase-conditions';
import { busyLine } from '../../../shared/verdict/conditions';

export interface RunnerDeps {
  send: (m: FromEngine) => void;
  signal: AbortSignal;
  privileged: PrivilegedOps | null;
  modules: TestModule[];
  /** Minimum ms between progress messages. */
  throttleMs?: number;
  /** The ETA given when each test ends (the run records how far off it was). */
  onPhaseEnd?: (e: PhaseEta) => void;
  /** Records each test's conditions (result.conditions); none recorded without it. */
  conditions?: PhaseRecorder;
}

export interface PhaseEta {
  after: string;
  /** Seconds since the run started when the test ended. */
  atSeconds: number;
  /** Seconds the engine then said were left. */
  etaSeconds: number;
}

/**
 * Actual ÷ estimated seconds of the finished tests, weighted by their estimates and clamped: one
 * odd test must not swing the ETA of the rest by more than 2× either way.
 */
export function recalibration(planned: number[], actual: number[]): number {
  const p = planned.reduce((a, b) => a + b, 0);
  const a = actual.reduce((x, y) => x + y, 0);
  if (!(p > 1)) return 1;
  return Math.min(2, Math.max(0.5, a / p));
}

export async function runPlan(plan: EnginePlan, deps: RunnerDeps): Promise<TestResult[]> {
  const mods = plan.tests.map((id) => deps.modules.find((m) => m.id === id));
  const settings = { repetitions: plan.repetitions, sizes: plan.sizes };
  // The plan's estimates (from the probed drive) when it sent them, else the modules' defaults.
  const planned = mods.map((m, i) =>
    m ? Math.max(0.1, plan.estimates?.[i] ?? m.estimateSeconds(settings)) : 0,
  );
  // Recalibrated after every test: the tests still to come are scaled by how the finished ones
  // compared with their estimates (the drive is slower or faster than the table assumed).
  const estimates = [...planned];
  const runStart = performance.now();
  // Recalibrating the estimates after a phase can shrink the share already done; a progress bar
  // that moves backwards reads as a fault, so the overall fraction only ever grows.
  let shownOverall = 0;
  const forward = (o: number): number => (shownOverall = Math.max(shownOverall, o));
  const results: TestResult[] = [];
  for (let index = 0; index < plan.tests.length; index++) {
    const id = plan.tests[index]!;
    const m = mods[index];
    if (!m) {
      const r = emptyResult(id, 'skipped', `unknown test "${id}"`);
      results.push(r);
      deps.send({ type: 'result', result: r });
      continue;
    }
    if (deps.signal.aborted) break;
    deps.send({ type: 'test-start', testId: id, index });
    // Before the clock starts: the recorder first writes out what earlier tests left dirty.
    const recording = await deps.conditions?.begin(plan.workDir, { drain: !!m.timedWrites });
    const started = performance.now();
    const progress = progressSender(deps, { id, index, started }, estimates, forward);
    const result = await runModule(m, plan, deps, progress, {
      measureFromHere: () => (recording ? recording.restart() : Promise.resolve()),
      ownEntries: (e) => recording?.addEntries(e),
      laterTests: plan.tests.slice(index + 1),
    });
    result.durationSeconds = Math.round((performance.now() - started) / 10) / 100;
    const conditions = await recording?.end();
    if (conditions) result.conditions = conditions;
    estimates[index] = result.durationSeconds;
    const k = recalibration(planned.slice(0, index + 1), estimates.slice(0, index + 1));
    for (let j = index + 1; j < estimates.length; j++) estimates[j] = planned[j]! * k;
    results.push(result);
    deps.send({ type: 'result', result });
    const etaSeconds = estimates.slice(index + 1).reduce((a, b) => a + b, 0);
    deps.onPhaseEnd?.({
      after: id,
      atSeconds: (performance.now() - runStart) / 1000,
      etaSeconds,
    });
    deps.send({
      type: 'progress',
      testId: id,
      index,
      fraction: 1,
      // Tests that took no measurable time leave nothing to weigh: the last one ends the run.
      overall: forward(index === plan.tests.length - 1 ? 1 : shareDone(estimates, index)),
      etaSeconds: Math.round(etaSeconds),
      liveValue: null,
      // The Measure step and the CLI progress say it as the phase ends: "busy: 60 MB of other
      // disk traffic during this phase" (the verdict then leaves its figures out).
      message: (result.conditions && busyLine(result.conditions)) || 'done',
    });
    if (result.status === 'cancelled') break;
  }
  return results;
}

/** Share of the whole run's estimated time taken by tests 0..index, at most 1. */
function shareDone(estimates: number[], index: number): number {
  return Math.min(
    1,
    estimates.slice(0, index + 1).reduce((a, b) => a + b, 0) /
      (estimates.reduce((a, b) => a + b, 0) || 1),
  );
}

/**
 * The progress callback a module reports through: never backwards within a test, throttled
 * (except the final 1), turned into the run's overall fraction and ETA.
 */
function progressSender(
  deps: RunnerDeps,
  test: { id: string; index: number; started: number },
  estimates: number[],
  forward: (o: number) => number,
): (fraction: number, live?: LiveValue, message?: string) => void {
  const { id, index, started } = test;
  let last = 0;
  let lastFraction = 0;
  return (fraction, live, message) => {
    const now = performance.now();
    const f = Math.min(1, Math.max(lastFraction, fraction));
    lastFraction = f;
    if (now - last < (deps.throttleMs ?? 200) && f < 1) return;
    last = now;
    const elapsed = (now - started) / 1000;
    const o = overallProgress(estimates, index, f, elapsed);
    deps.send({
      type: 'progress',
      testId: id,
      index,
      fraction: f,
      overall: forward(o.overall),
      etaSeconds: Math.round(o.etaSeconds),
      liveValue: live ?? null,
      ...(message ? { message } : {}),
    });
  };
}

/** Runs one module; a throw becomes a failed (or cancelled) result, never the run's end. */
async function runModule(
  m: TestModule,
  plan: EnginePlan,
  deps: RunnerDeps,
  progress: (fraction: number, live?: LiveValue, message?: string) => void,
  hooks: Required<Pick<TestContext, 'measureFromHere' | 'ownEntries' | 'laterTests'>>,
): Promise<TestResult> {
  const id = m.id;
  let result: TestResult;
  try {
    result = await m.run({
      workDir: plan.workDir,
      targetDir: plan.targetDir,
      device: plan.device,
      signal: deps.signal,
      repetitions: plan.repetitions,
      sizes: plan.sizes,
      privileged: deps.privileged,
      progress,
      options: plan.options[id] ?? {},
      ...hooks,
    });
  } catch (err) {
    const cancelled = deps.signal.aborted || (err as Error)?.name === 'AbortError';
    result = {
      ...emptyResult(
        id,
        cancelled ? 'cancelled' : 'failed',
        cancelled ? 'cancelled' : oneLine(err),
      ),
      title: m.title,
      kind: m.kind,
      tool: m.tool,
    };
  }
  // A module returning a malformed result must not take the whole run down with it.
  const checked = testResult.safeParse(result);
  if (checked.success) return checked.data;
  return {
    ...emptyResult(id, 'failed', `${m.id} produced an invalid result: ${oneLine(checked.error)}`),
    title: m.title,
    kind: m.kind,
    tool: m.tool,
  };
}

function emptyResult(id: string, status: TestResult['status'], error: string): TestResult {
  return {
    testId: id,
    title: id,
    kind: id.startsWith('task.') ? 'task' : 'synthetic',
    tool: '',
    method: '',
    status,
    error,
    caveats: [],
    cache: 'n/a',
    measurements: [],
    bytesWritten: 0,
  };
}
