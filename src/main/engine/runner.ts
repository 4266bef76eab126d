// Runs a plan inside the engine process: modules in order, progress → overall fraction + ETA,
// one failing test recorded as failed while the run goes on.
import { oneLine } from '../core/errors';
import { testResult, type TestResult } from '../../shared/schemas/run';
import { overallProgress } from './calc';
import type { EnginePlan, FromEngine } from './protocol';
import type { LiveValue, PrivilegedOps, TestModule } from './types';

export interface RunnerDeps {
  send: (m: FromEngine) => void;
  signal: AbortSignal;
  privileged: PrivilegedOps | null;
  modules: TestModule[];
  /** Minimum ms between progress messages. */
  throttleMs?: number;
}

export async function runPlan(plan: EnginePlan, deps: RunnerDeps): Promise<TestResult[]> {
  const mods = plan.tests.map((id) => deps.modules.find((m) => m.id === id));
  const settings = { repetitions: plan.repetitions, sizes: plan.sizes };
  const estimates = mods.map((m) => (m ? Math.max(0.1, m.estimateSeconds(settings)) : 0));
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
    const started = performance.now();
    let last = 0;
    let lastFraction = 0;
    const progress = (fraction: number, live?: LiveValue, message?: string): void => {
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
        overall: o.overall,
        etaSeconds: Math.round(o.etaSeconds),
        liveValue: live ?? null,
        ...(message ? { message } : {}),
      });
    };
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
    if (!checked.success)
      result = {
        ...emptyResult(
          id,
          'failed',
          `${m.id} produced an invalid result: ${oneLine(checked.error)}`,
        ),
        title: m.title,
        kind: m.kind,
        tool: m.tool,
      };
    else result = checked.data;
    result.durationSeconds = Math.round((performance.now() - started) / 10) / 100;
    results.push(result);
    deps.send({ type: 'result', result });
    if (result.status === 'cancelled') break;
  }
  return results;
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
