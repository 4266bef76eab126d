// Stored runs the e2e tests share: a noisy copy of a run (an A/A pair), a stopwatch-only run and
// the after-run's set-up check from the cloned, misaligned fixture (many findings).
import { buildReport } from '../../src/main/health/checks';
import { stopwatchResult, taskRunDocument } from '../../src/main/tasks/task-runs';
import type { HealthReport } from '../../src/shared/contract/health';
import type { WizardProgress } from '../../src/shared/contract/wizard';
import { usageProfile } from '../../src/shared/schemas/run';
import type { RunDocument } from '../../src/shared/schemas/run';
import { spread } from '../../src/shared/stats';
import { fixtureHealthInputs, smartFixture } from '../unit/main/health/fixture';
import { gen } from '../unit/shared/verdict/generate';

/** The same run measured again: every sample moved by up to ±noise (seeded, so repeatable). */
export function again(r: RunDocument, id: string, noise: number): RunDocument {
  const g = gen(17);
  const copy = structuredClone(r);
  copy.id = id;
  copy.name = `${r.name ?? r.id} (again)`;
  for (const t of copy.tests)
    for (const m of t.measurements) {
      m.samples = m.samples.map((x) => (x === null ? null : x * (1 + g.between(-noise, noise))));
      Object.assign(m, spread(m.samples));
    }
  return copy;
}

type StopwatchKind = 'boot' | 'login' | 'app-start' | 'copy' | 'other';

/** A run of stopwatch timings only: [title, seconds, kind] per task. */
export function stopwatchRun(
  id: string,
  name: string,
  timings: [string, number[], StopwatchKind][],
) {
  const [first, ...rest] = timings;
  const doc = taskRunDocument(
    stopwatchResult({ title: first![0], seconds: first![1], kind: first![2] }),
    '0.1.0',
    name,
  );
  doc.id = id;
  for (const [title, seconds, kind] of rest)
    doc.tests.push(stopwatchResult({ title, seconds, kind }));
  return doc;
}

/** A set-up check with many findings: a cloned, misaligned drive behind an old SSD's SMART data. */
export async function clonedMisalignedHealth(): Promise<HealthReport> {
  const inp = await fixtureHealthInputs('cloned-misaligned', '/', {
    oldDrive: { path: '/dev/sdb', model: 'WDC WD20EZRX-00D8PB0', serial: 'WD-WCC4M1234567' },
    smart: async (device) => ({
      json: smartFixture('smartctl-ssd-kingston-sv300.json'),
      reason: null,
      device,
    }),
  });
  return buildReport(inp);
}

/** The wizard's stored progress as a fresh start leaves it (Welcome, defaults, no runs). */
export function progressAtWelcome(): WizardProgress {
  return {
    version: 1,
    savedAt: new Date().toISOString(),
    step: 'welcome',
    reached: 0,
    drive: null,
    targetDir: null,
    beforeRunId: null,
    afterRunId: null,
    baselineFile: null,
    afterDir: null,
    plan: {
      profile: 'quick',
      tests: [],
      repetitions: null,
      sizes: {},
      duRoot: 'usr',
      compression: 'gzip',
      systemDu: false,
      tarball: '',
      apps: '',
    },
    usage: usageProfile.parse({}),
  };
}
