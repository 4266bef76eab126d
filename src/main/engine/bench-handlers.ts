// Router handlers for bench.start / bench.plan / bench.catalogue.
import { CATALOGUE, PROFILES, TASK_DESCRIPTIONS } from '../../shared/bench/catalogue';
import type { Handlers } from '../router';
import type { Services } from '../core/services';
import { defaultBenchDeps, planBench, runBench, type BenchDeps } from './bench-service';
import { registry } from './registry';
import { saveOrRescue } from '../store/save-run';

export function benchHandlers(
  s: Services,
  given: BenchDeps = {},
): Pick<Handlers, 'bench.start' | 'bench.plan' | 'bench.catalogue'> {
  const deps = { ...defaultBenchDeps(s), ...given };
  return {
    'bench.start': async (req) => {
      // Validate first so bad input (or a history that cannot be written) is an error answer.
      planBench(req);
      await s.runs.checkWritable();
      const jobId = s.jobs.start('bench', async (job) => {
        const doc = await runBench(
          req,
          { appVersion: s.version, save: saveOrRescue(s.runs, s.env.HOME) },
          deps,
          {
            signal: job.signal,
            onProgress: (p) =>
              job.progress({
                testId: p.testId,
                label: p.label,
                fraction: p.fraction,
                overall: p.overall,
                etaSeconds: p.etaSeconds,
                liveValue: p.liveValue,
                ...(p.message ? { message: p.message } : {}),
              }),
          },
        );
        return doc?.id;
      });
      return { jobId };
    },
    'bench.plan': (req) => planBench(req),
    'bench.catalogue': () => ({
      tests: registry.map((m) => ({
        id: m.id,
        title: m.title,
        kind: m.kind,
        tool: m.tool,
        description:
          CATALOGUE.find((c) => c.id === m.id)?.description ?? TASK_DESCRIPTIONS[m.id] ?? m.title,
      })),
      profiles: Object.values(PROFILES).map((p) => ({
        id: p.id,
        title: p.title,
        tests: p.tests,
        repetitions: p.repetitions,
        sizes: { ...p.sizes },
      })),
    }),
  };
}
