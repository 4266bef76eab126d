// The wizard's progress, kept by the back end in its config folder (not in the page's storage):
// the browser host takes a new origin at every start and the app's renderer can crash, and a
// person who swapped the drive and rebooted must land on "Measure again" with the baseline named.
import { z } from 'zod';
import { PROFILE_IDS } from '../bench/catalogue';
import { usageProfile } from '../schemas/run';
import { runId } from '../schemas/run-id';
import { request } from './define';
import { jsonCapped, LIMITS, text } from './limits';

/** The wizard's steps in order (the renderer's STEPS list the same ids). */
export const WIZARD_STEPS = [
  'welcome',
  'drive',
  'plan',
  'admin',
  'measure-before',
  'baseline',
  'swap',
  'measure-after',
  'verdict',
  'health',
] as const;
export type WizardStepId = (typeof WIZARD_STEPS)[number];

const path = text(LIMITS.path).min(1);

/** The plan the before-run used, as the Plan step holds it (custom sizes, task choices). */
const wizardPlan = z
  .object({
    profile: z.enum(PROFILE_IDS),
    tests: z.array(text(LIMITS.id).min(1)).max(200),
    repetitions: z.number().int().min(1).max(20).nullable(),
    sizes: z.record(z.string(), z.number().positive()),
    duRoot: z.enum(['drive', 'usr', 'home', 'root']),
    compression: z.enum(['gzip', 'xz', 'bzip2']),
    systemDu: z.boolean(),
    tarball: text(LIMITS.path),
    apps: text(LIMITS.note),
  })
  .strict();

export const wizardProgress = jsonCapped(
  z
    .object({
      version: z.literal(1),
      savedAt: z.string().max(40),
      step: z.enum(WIZARD_STEPS),
      /** Furthest step reached (index into WIZARD_STEPS). */
      reached: z
        .number()
        .int()
        .min(0)
        .max(WIZARD_STEPS.length - 1),
      /** The drive being replaced, by identity: device names change between boots. */
      drive: z
        .object({
          path: path,
          serial: text(LIMITS.id).nullable(),
          model: text(LIMITS.name).nullable(),
        })
        .strict()
        .nullable(),
      targetDir: path.nullable(),
      beforeRunId: runId.nullable(),
      afterRunId: runId.nullable(),
      baselineFile: path.nullable(),
      afterDir: path.nullable(),
      plan: wizardPlan,
      usage: usageProfile,
    })
    .strict(),
  LIMITS.options,
);
export type WizardProgress = z.infer<typeof wizardProgress>;

const at = (id: (typeof WIZARD_STEPS)[number]) => WIZARD_STEPS.indexOf(id);

/**
 * Where a resumed wizard opens: a baseline without an after-run means the person is between the
 * two measurements (saving it, swapping, rebooting), so "Measure again"; otherwise where they were.
 */
export function resumeStep(
  p: Pick<WizardProgress, 'step' | 'reached' | 'beforeRunId' | 'afterRunId'>,
): {
  step: WizardProgress['step'];
  reached: number;
} {
  const i = at(p.step);
  if (p.beforeRunId && !p.afterRunId && i >= at('measure-before') && i <= at('measure-after'))
    return { step: 'measure-after', reached: Math.max(p.reached, at('measure-after')) };
  return { step: p.step, reached: Math.max(p.reached, i) };
}

export const wizardRequests = {
  /** The progress saved last, or null (none yet, or a damaged file: `problem` says which). */
  'wizard.progress.get': request(
    z.object({}).strict(),
    z.object({ progress: wizardProgress.nullable(), problem: z.string().nullable() }),
  ),
  /** Saves the progress atomically; null forgets it (the person starts over). */
  'wizard.progress.set': request(
    z.object({ progress: wizardProgress.nullable() }).strict(),
    z.object({ saved: z.boolean() }),
  ),
} as const;
