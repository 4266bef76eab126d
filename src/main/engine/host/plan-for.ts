// The plan of one set of settings: per-test estimates and bytes, the total, the space needed.
import type { BenchPlan } from '../../../shared/contract/bench';
import { DEFAULT_RATES, type DriveRates } from '../../../shared/bench/estimates';
import {
  WORKLOAD_BYTES,
  WORKLOAD_RELEASER,
  WORKLOAD_TESTS,
  workloadRemoveSeconds,
  workloadWriteSeconds,
} from '../../../shared/bench/workload';
import { requiredFreeBytes, type ResolvedSettings } from '../../../shared/bench/plan';
import type { RunDocument } from '../../../shared/schemas/run';
import type { PhaseEta } from '../worker/runner';
import { FILE_TESTS, findModule } from '../worker/registry';

export function planFor(
  s: ResolvedSettings,
  free: number | null,
  rates?: DriveRates,
): Omit<BenchPlan, 'notes'> {
  const unknownTests = s.tests.filter((id) => !findModule(id));
  const settings = { repetitions: s.repetitions, sizes: s.sizes };
  const tests = s.tests.flatMap((id) => {
    const m = findModule(id);
    if (!m) return [];
    return [
      {
        id,
        title: m.title,
        kind: m.kind,
        tool: m.tool,
        // Every module models itself, at the probed rates when there are some.
        estimateSeconds: r1(m.estimateSeconds({ ...settings, rates })),
        bytesNeeded: m.bytesNeeded(settings),
      },
    ];
  });
  // The shared O_DIRECT file and the workload are written once however many tests use them; the
  // first test that uses the workload writes it, the disk search removes it when it is the last
  // (else the run's clean-up does, counted with the first).
  const fileTests = tests.filter((t) => FILE_TESTS.has(t.id));
  const users = tests.filter((t) => WORKLOAD_TESTS.has(t.id));
  const firstWorkload = users[0];
  if (firstWorkload) {
    const r = rates ?? DEFAULT_RATES;
    const last = users.at(-1)!;
    const remover = last.id === WORKLOAD_RELEASER ? last : firstWorkload;
    firstWorkload.estimateSeconds = r1(firstWorkload.estimateSeconds + workloadWriteSeconds(r));
    remover.estimateSeconds = r1(remover.estimateSeconds + workloadRemoveSeconds(r));
  }
  const shared = (id: string) => FILE_TESTS.has(id) || WORKLOAD_TESTS.has(id);
  const bytesNeeded =
    tests.filter((t) => !shared(t.id)).reduce((a, t) => a + t.bytesNeeded, 0) +
    (fileTests.length ? s.sizes.file : 0) +
    (firstWorkload ? WORKLOAD_BYTES : 0);
  return {
    profile: s.profile,
    repetitions: s.repetitions,
    sizes: { ...s.sizes },
    tests,
    totalSeconds: Math.round(
      tests.reduce((a, t) => a + t.estimateSeconds, 0) +
        RUN_OVERHEAD_SECONDS +
        (rates?.seconds ?? 0),
    ),
    bytesNeeded,
    bytesRequired: requiredFreeBytes(bytesNeeded, undefined),
    freeBytes: free,
    unknownTests,
  };
}

/** Engine start, helper start, run document and clean-up around the tests (the probe: its own). */
const RUN_OVERHEAD_SECONDS = 2;

const r1 = (x: number): number => Math.round(x * 10) / 10;

/**
 * The run's timing record: the pre-run estimate (per test, and the probe it came from), the
 * actual total, and the ETA given after each test against the time that was actually left.
 */
export function runTiming(
  plan: Omit<BenchPlan, 'notes'>,
  rates: DriveRates | undefined,
  phases: PhaseEta[],
  actualSeconds: number,
): NonNullable<RunDocument['timing']> {
  const engineEnd = phases.at(-1)?.atSeconds ?? actualSeconds;
  return {
    estimateSeconds: plan.totalSeconds,
    tests: Object.fromEntries(plan.tests.map((t) => [t.id, t.estimateSeconds])),
    ...(rates ? { probe: rates } : {}),
    actualSeconds: r1(actualSeconds),
    etaChecks: phases.map((p) => {
      const left = Math.max(0, engineEnd - p.atSeconds);
      return {
        after: p.after,
        etaSeconds: r1(p.etaSeconds),
        actualLeftSeconds: r1(left),
        errorSeconds: r1(p.etaSeconds - left),
      };
    }),
  };
}
