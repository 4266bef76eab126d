// At the end of a run, the phases the machine was busy during, once more and alone, in the same
// folder with the run's own sizes and task choices (the Measure step's button, `bench
// --repeat-disturbed`). Of each test's two samples the run keeps the better-conditioned one (the
// one less past the bounds of shared/verdict/conditions.ts) and says which it kept; the run keeps
// its id, so a baseline picked before the repeat is still the baseline.
import type { RunDocument, TestResult } from '../../../shared/schemas/run';
import { disturbance, disturbedTests, busyLine } from '../../../shared/verdict/conditions';
import { UserError } from '../../core/errors';
import { runBench, type BenchDeps, type BenchRunHooks } from './bench-service';
import { planBench, type ValidatedPlan } from './validated-plan';

/** The busy phases to repeat: measured tests that ran and whose conditions say busy. */
export const busyTestIds = (doc: RunDocument): string[] => disturbedTests(doc).map((t) => t.testId);

/** The plan that repeats them: the run's folder, sizes, repetitions and task choices. */
export function repeatPlan(doc: RunDocument): ValidatedPlan {
  const tests = busyTestIds(doc);
  if (doc.source.kind !== 'measured' || !doc.targetDir)
    throw new UserError(`run ${doc.id} was not measured here: there is nothing to repeat`);
  if (!tests.length) throw new UserError(`run ${doc.id} has no busy phase to repeat`);
  const options = doc.settings.options ?? {};
  return planBench({
    targetDir: doc.targetDir,
    profile: 'custom',
    tests,
    repetitions: doc.settings.repetitions,
    sizes: doc.settings.sizes,
    options: Object.fromEntries(Object.entries(options).filter(([id]) => tests.includes(id))),
  });
}

const score = (t: TestResult): number =>
  t.conditions ? disturbance(t.conditions) : Number.POSITIVE_INFINITY;

/** What was kept of one repeated test, in a line the run and the CLI print. */
function keptLine(first: TestResult, again: TestResult, repeatKept: boolean): string {
  const why = (t: TestResult) => (t.conditions && busyLine(t.conditions)) ?? 'quiet';
  return repeatKept
    ? `${first.title}: repeated alone (${why(again)}), kept the repeat; the first run was ${why(first)}`
    : `${first.title}: repeated alone (${again.status === 'ok' ? why(again) : again.status}), kept the first run`;
}

/**
 * The run with, for each repeated test, the better-conditioned of its two samples (the repeat
 * only when it ran and was less disturbed), and one caveat per test saying which was kept.
 */
export function keepBetter(first: RunDocument, repeat: RunDocument): RunDocument {
  const again = new Map(repeat.tests.map((t) => [t.testId, t]));
  const lines: string[] = [];
  const tests = first.tests.map((t) => {
    const r = again.get(t.testId);
    if (!r) return t;
    const useRepeat = r.status === 'ok' && score(r) < score(t);
    const line = keptLine(t, r, useRepeat);
    lines.push(line);
    const kept = useRepeat ? r : t;
    return { ...kept, caveats: [...kept.caveats, line] };
  });
  return {
    ...first,
    tests,
    caveats: [...first.caveats, ...lines.map((l) => `busy phase ${l}`)],
    bytesWritten: first.bytesWritten + repeat.bytesWritten,
  };
}

/**
 * Repeats a saved run's busy phases and saves the run with the better samples under its own id.
 * Resolves to that run, or null when cancelled.
 */
export async function repeatDisturbed(
  doc: RunDocument,
  env: { appVersion: string; save: (doc: RunDocument) => Promise<unknown> },
  deps: BenchDeps,
  hooks: BenchRunHooks,
): Promise<RunDocument | null> {
  let merged: RunDocument | null = null;
  await runBench(
    repeatPlan(doc),
    {
      appVersion: env.appVersion,
      record: { label: doc.label === 'reference' ? 'custom' : doc.label },
      save: async (repeat) => {
        merged = keepBetter(doc, repeat);
        await env.save(merged);
      },
    },
    deps,
    hooks,
  );
  return merged;
}

/**
 * `bench --repeat-disturbed`: after the run, its busy phases once more when there are any, each
 * line said through `say`. Resolves to the run as saved, or null when the repeat was cancelled
 * (the run is then saved with its first samples).
 */
export async function repeatAtEnd(
  doc: RunDocument,
  env: { appVersion: string; save: (doc: RunDocument) => Promise<unknown> },
  deps: BenchDeps,
  hooks: BenchRunHooks,
  say: (line: string) => void,
): Promise<RunDocument | null> {
  const busy = disturbedTests(doc);
  if (!busy.length) {
    say('no phase was busy: nothing to repeat');
    return doc;
  }
  say(
    `busy during ${busy.map((t) => t.title).join(', ')}: repeating ${busy.length > 1 ? 'them' : 'it'} alone`,
  );
  const merged = await repeatDisturbed(doc, env, deps, hooks);
  if (!merged) return null;
  for (const t of merged.tests) {
    const line = t.caveats.find((c) => c.includes(': repeated alone ('));
    if (line && busy.some((b) => b.testId === t.testId)) say(line);
  }
  return merged;
}
