// The plan of one set of settings: per-test estimates and bytes, the total, the space needed.
import type { BenchPlan } from '../../shared/contract/bench';
import { estimateBytes } from '../../shared/bench/estimates';
import { FILE_TESTS, requiredFreeBytes, type resolveSettings } from '../../shared/bench/plan';
import { findModule } from './registry';

export function planFor(
  s: ReturnType<typeof resolveSettings>,
  free: number | null,
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
        estimateSeconds: Math.round(m.estimateSeconds(settings) * 10) / 10,
        bytesNeeded: m.bytesNeeded(settings),
      },
    ];
  });
  // The shared O_DIRECT file is written once however many tests read it.
  const fileTests = tests.filter((t) => FILE_TESTS.has(t.id));
  const bytesNeeded =
    tests.filter((t) => !FILE_TESTS.has(t.id)).reduce((a, t) => a + t.bytesNeeded, 0) +
    (fileTests.length ? estimateBytes('buffered-read', s.sizes) : 0);
  return {
    profile: s.profile,
    repetitions: s.repetitions,
    sizes: { ...s.sizes },
    tests,
    totalSeconds: Math.round(
      tests.reduce((a, t) => a + t.estimateSeconds, 0) + RUN_OVERHEAD_SECONDS,
    ),
    bytesNeeded,
    bytesRequired: requiredFreeBytes(bytesNeeded, undefined),
    freeBytes: free,
    unknownTests,
  };
}

/** Engine start, helper start, run document and clean-up around the tests. */
const RUN_OVERHEAD_SECONDS = 3;
