// Router handlers for bench.start / bench.plan / bench.catalogue.
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { PRESET_PROFILES } from '../../../shared/bench/catalogue';
import type { Handlers } from '../../core/handler-types';
import type { JobContext } from '../../core/jobs';
import type { Services } from '../../core/services';
import { defaultBenchDeps, runBench, type BenchDeps, type BenchRunHooks } from './bench-service';
import { repeatDisturbed, repeatPlan } from './repeat-disturbed';
import { planBench, probedPlan } from './validated-plan';
import { rawReadsLikely, targetFacts } from './bench-steps';
import { probedNote, probeFolder } from './probe-folder';
import { registry, SIZE_DEFS } from '../worker/registry';
import { saveOrRescue } from '../../store/save-run';
import { disksOfDev } from '../../drives/topology';
import { majMinOf } from '../../drives/resolve';
import { SysRoot } from '../../drives/sysfs';
import { resolvePath } from '../../drives';
import { sameDriveLine } from '../../../shared/bench/same-drive';
import { UserError } from '../../core/errors';
import type { RunDocument } from '../../../shared/schemas/run';

/**
 * The disks a benchmark of `dir` measures: the folder's device number, up through partitions
 * and down through dm/md to the physical disks. A filesystem with no block device behind it
 * (tmpfs, overlay) is its own "drive", keyed by its device number.
 */
export function drivesOfDir(dir: string, sys: SysRoot = new SysRoot()): string[] {
  const majMin = majMinOf(statSync(resolve(dir), { bigint: true }).dev);
  const disks = disksOfDev(sys, majMin);
  return disks.length ? disks : [`dev ${majMin}`];
}

/** A run's progress as the job's events (the Measure step's rows). */
function jobHooks(job: JobContext): BenchRunHooks {
  return {
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
  };
}

/**
 * An after-run in a folder on its baseline's own drive is refused unless asked for on purpose
 * (the same line as the Measure step and `drivewise bench --baseline`).
 */
export async function refuseSameDrive(
  baseline: RunDocument | null,
  targetDir: string,
  onPurpose: boolean | undefined,
): Promise<void> {
  if (!baseline || onPurpose) return;
  const line = sameDriveLine(baseline, await resolvePath(targetDir));
  if (line) throw new UserError(line);
}

export function benchHandlers(
  s: Services,
  given: BenchDeps & { drivesOf?: (dir: string) => string[] } = {},
): Pick<
  Handlers,
  'bench.start' | 'bench.repeat' | 'bench.plan' | 'bench.probe' | 'bench.catalogue'
> {
  const deps: BenchDeps & { drivesOf?: (dir: string) => string[] } = {
    ...defaultBenchDeps(s),
    ...given,
  };
  return {
    'bench.start': async (req) => {
      // Checked here, once, so bad input (or a history that cannot be written) is an error
      // answer; the job runs the very plan that was checked.
      const plan = planBench(req);
      await s.runs.checkWritable();
      const baseline = req.baselineId ? await s.runs.load(req.baselineId) : null;
      await refuseSameDrive(baseline, plan.targetDir, req.sameDrive);
      // One benchmark per drive (two at once measure each other), at most two per process: the
      // job layer refuses with one line, checked and claimed in the same synchronous step.
      const drives = (deps.drivesOf ?? drivesOfDir)(plan.targetDir);
      const { label, name, usage, baselineId } = req;
      const env = {
        appVersion: s.version,
        save: saveOrRescue(s.runs, s.env.HOME),
        record: { label, name, usage, baselineId },
      };
      const jobId = s.jobs.start(
        'bench',
        async (job) => (await runBench(plan, env, deps, jobHooks(job)))?.id,
        { drives },
      );
      return { jobId };
    },
    'bench.repeat': async ({ runId }) => {
      const doc = await s.runs.load(runId);
      // Checked now: a run with nothing busy, or a folder gone, is an error answer, not a job.
      repeatPlan(doc);
      await s.runs.checkWritable();
      const drives = (deps.drivesOf ?? drivesOfDir)(doc.targetDir!);
      const env = { appVersion: s.version, save: saveOrRescue(s.runs, s.env.HOME) };
      const jobId = s.jobs.start(
        'bench',
        async (job) => (await repeatDisturbed(doc, env, deps, jobHooks(job)))?.id,
        { drives },
      );
      return { jobId };
    },
    'bench.plan': async ({ rates, ...req }) => {
      const v = planBench(req);
      if (!rates || !v.targetDir) return v.plan;
      // As the run will: raw reads with admin rights (root has them without asking).
      const admin = (deps.privileged?.() ?? null) !== null || process.getuid?.() === 0;
      const drive = admin ? (await targetFacts(deps, v.targetDir)).drive : null;
      const rawReads = rawReadsLikely(admin ? {} : null, drive?.path);
      return probedPlan(v, { ...rates, rawReads }, probedNote(rates)).plan;
    },
    'bench.probe': ({ targetDir }) => probeFolder(targetDir, new AbortController().signal),
    'bench.catalogue': () => ({
      tests: registry.map((m) => ({
        id: m.id,
        title: m.title,
        kind: m.kind,
        tool: m.tool,
        description: m.description,
      })),
      sizes: [...SIZE_DEFS].map(([key, d]) => ({ key, label: d.label, unit: d.unit })),
      profiles: PRESET_PROFILES.map((p) => ({
        id: p.id,
        title: p.title,
        tests: p.tests,
        repetitions: p.repetitions,
        sizes: { ...p.sizes },
      })),
    }),
  };
}
