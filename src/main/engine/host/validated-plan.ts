// A run's plan is checked once where it comes in (the bench.start and bench.plan handlers, the
// CLI) into a ValidatedPlan, which the run, its steps and the engine request require. Only this
// module can make one, so code past the edges can neither skip the checks nor repeat them.
import type { BenchPlan } from '../../../shared/contract/bench';
import { defaultDdSize } from '../../../shared/bench/catalogue';
import type { DriveRates } from '../../../shared/bench/estimates';
import {
  folderFit,
  MIN_SIZES,
  onlyReadTests,
  requiredFreeBytes,
  resolveSettings,
  scaleSizes,
  spaceSentence,
  type FolderFacts,
  type PlanInput,
  type ResolvedSettings,
} from '../../../shared/bench/plan';
import { fmtBytes } from '../../../shared/format';
import { checkTargetDir, folderFacts, type CheckedDir } from '../worker/work-dir';
import { planFor } from './plan-for';
import { SIZE_DEFS } from '../worker/registry';
import { checkTaskOptions, type TaskOptions } from './task-options';
import { appStartsPlanned } from '../../tasks/app-start-task';
import { resolve } from 'node:path';

const validated: unique symbol = Symbol('validated plan');

/** `Dir`: null when the plan was asked for without a folder (the Plan step before one is chosen). */
export interface ValidatedPlan<Dir extends CheckedDir | null = CheckedDir> {
  readonly [validated]: true;
  /** bench.plan's answer; --dry-run prints it. */
  readonly plan: BenchPlan;
  /** What the plan was made from (sizes as fitted), so the probe can estimate it again. */
  readonly settings: ResolvedSettings;
  readonly targetDir: Dir;
  /** The per-test options as the engine gets them (a picked tarball as an absolute path). */
  readonly options: TaskOptions;
}

export interface PlanRequest extends PlanInput {
  targetDir?: string | undefined;
  /** Or made from the planned tests: the CLI's task flags must name tests the run includes. */
  options?: TaskOptions | ((tests: readonly string[]) => TaskOptions) | undefined;
}

const ESTIMATE_NOTE =
  'Estimated at middle-of-the-road drive rates; the run first probes the drive for 1–2 s and estimates again from what it measured.';

/**
 * The one place a plan is checked: tests resolved from the profile, task options, the folder,
 * then sizes fitted to its free space. Throws a UserError (one line) on the first mistake.
 */
export function planBench(input: PlanRequest & { targetDir: string }): ValidatedPlan;
export function planBench(input: PlanRequest): ValidatedPlan<CheckedDir | null>;
export function planBench(input: PlanRequest): ValidatedPlan<CheckedDir | null> {
  const settings = resolveSettings(input);
  const asked = typeof input.options === 'function' ? input.options(settings.tests) : input.options;
  const options = checkTaskOptions(settings.tests, asked);
  const targetDir = input.targetDir === undefined ? null : checkTargetDir(input.targetDir);
  // An empty --dir is planned without a folder's facts, as it always was; the CLI refuses it
  // before a run.
  const folder = input.targetDir && targetDir ? folderFacts(targetDir) : null;
  // The apps the app-start task will start, for its estimate (their drive is the folder's).
  // Kept only when there is one: a run's sizes are sent back as a plan (the after-run's), where
  // every size must be positive ('task.appStarts: 0' made the after-run's plan an invalid request).
  const starts = settings.tests.includes('task.app-start')
    ? appStartsPlanned(
        options['task.app-start']?.['apps'],
        input.targetDir ? resolve(input.targetDir) : null,
      )
    : 0;
  if (starts > 0) settings.sizes['task.appStarts'] = starts;
  else delete settings.sizes['task.appStarts'];
  const plan = fitPlan(settings, input.sizes, folder);
  return { [validated]: true, plan, settings, targetDir, options };
}

/** Sizes fitted to the folder (`settings` is changed to them) and the plan at those sizes. */
function fitPlan(
  s: ResolvedSettings,
  explicit: Record<string, number> | undefined,
  folder: FolderFacts | null,
): BenchPlan {
  const free = folder?.freeBytes ?? null;
  if (folder && !folder.writable && onlyReadTests(s.tests)) {
    const readPlan = planFor(s, free);
    return {
      ...readPlan,
      tests: readPlan.tests.map((t) => ({ ...t, bytesNeeded: 0 })),
      bytesNeeded: 0,
      bytesRequired: 0,
      notes: [folderFit(folder, { tests: s.tests, bytesRequired: 0 }, true).message, ESTIMATE_NOTE],
    };
  }
  // dd's default is min(2 GiB, 10% of free space); an explicit size wins.
  if (free !== null && explicit?.dd === undefined) s.sizes.dd = defaultDdSize(free, s.sizes.dd);
  const notes: string[] = [];
  const { plan, note } = shrinkToFit(s, explicit, free);
  if (note) notes.push(note);
  notes.push(spaceSentence(plan.bytesNeeded, plan.bytesRequired));
  notes.push(ESTIMATE_NOTE);
  return { ...plan, notes };
}

/** "test file 308 MiB → 110 MiB, dd 200 MiB → 16 MiB": each size that shrank, in its words. */
function shrunkList(from: Record<string, number>, to: Record<string, number>): string {
  return Object.keys(MIN_SIZES)
    .filter((k) => to[k] !== undefined && from[k] !== undefined && to[k]! < from[k]!)
    .map((k) => `${SIZE_DEFS.get(k)?.label ?? k} ${fmtBytes(from[k])} → ${fmtBytes(to[k])}`)
    .join(', ');
}

/**
 * Never a dead end: shrinks the sizes the person did not set until the plan fits `free` bytes,
 * each down to its floor (MIN_SIZES), and says what shrank. Only part of what a run writes scales
 * (the felt workload does not), so one factor never sufficed (it gave up 2–34 MiB short): the
 * factor is applied again, at least 5 % a round, until the plan fits or every size is at its floor.
 */
export function shrinkToFit(
  s: ResolvedSettings,
  explicit: Record<string, number> | undefined,
  free: number | null,
): { plan: ReturnType<typeof planFor>; note: string | null } {
  let plan = planFor(s, free);
  if (free === null || plan.bytesRequired <= free) return { plan, note: null };
  const start = { ...s.sizes };
  const budget = Math.max(0, (free - requiredFreeBytes(0)) / 1.1);
  for (let round = 0; round < 60 && plan.bytesRequired > free; round++) {
    const scaled = scaleSizes(s.sizes, explicit, Math.min(0.95, budget / plan.bytesNeeded));
    if (!scaled) break;
    s.sizes = { ...s.sizes, ...scaled };
    plan = planFor(s, free);
  }
  const what = shrunkList(start, s.sizes);
  const floors = `smallest allowed: test file ${fmtBytes(MIN_SIZES['file']!)}, dd ${fmtBytes(MIN_SIZES['dd']!)}`;
  if (plan.bytesRequired <= free)
    return { plan, note: `Sizes shrunk to fit the free space: ${what} (${floors}).` };
  return {
    plan,
    note: `Even at the smallest sizes (${floors}${what ? `; shrunk: ${what}` : ''}) the run needs ${fmtBytes(plan.bytesRequired)} free, and ${fmtBytes(free)} is free: free ${fmtBytes(plan.bytesRequired - free)} more or pick another folder.`,
  };
}

/**
 * The same plan (same tests, sizes, folder and options) estimated at the probed rates; `rates`
 * says whether buffered reads and seeker will read the raw device.
 */
export function probedPlan<D extends CheckedDir | null>(
  v: ValidatedPlan<D>,
  rates: DriveRates,
  /** Replaces the "middle-of-the-road rates" note: where the estimate now comes from. */
  note?: string,
): ValidatedPlan<D> {
  const notes = note ? v.plan.notes.map((n) => (n === ESTIMATE_NOTE ? note : n)) : v.plan.notes;
  return { ...v, plan: { ...planFor(v.settings, v.plan.freeBytes, rates), notes } };
}
