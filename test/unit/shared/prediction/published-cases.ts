// The published HDD→SSD cases of test/fixtures/published and how the model predicts one: a
// stopwatch-only before-run plus the old drive named as the case states it (rpm where known).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { predict, type TargetPreset, type TaskPrediction } from '../../../../src/shared/prediction';
import type { FitCase } from '../../../../src/shared/prediction/fit';
import type { Platform } from '../../../../src/shared/prediction/fitted';
import type { ModelForm } from '../../../../src/shared/prediction/model-form';
import type { OldDrive } from '../../../../src/shared/prediction/presets';
import { TASK_KINDS } from '../../../../src/shared/prediction/task-kinds';
import type { TaskKind } from '../../../../src/shared/verdict';
import { stopwatchResult } from '../../../../src/main/tasks/task-runs';
import { run } from '../verdict/seed-runs';

export interface Case {
  id: string;
  url: string;
  quote: string;
  kind: TaskKind;
  /** Set where the quote or note names a game console (PS4, Xbox One, PS5); absent = a PC. */
  platform?: 'console';
  oldDrive: 'hdd';
  /** The old disk's rotation speed where the case states it. */
  oldDriveRpm?: 5400 | 7200;
  /** The old disk's link where the case states it. */
  oldLink?: 'usb2' | 'usb3' | 'sata' | 'ata100' | 'ata66';
  newDrive: Exclude<TargetPreset, 'custom'>;
  beforeSeconds: number;
  afterSeconds: number;
  half: 'fit' | 'score';
  linkCeilingMBps?: number;
  /** Why the two timings do not compare the drives: printed, never fitted or scored. */
  invalid?: string;
}

const dir = join(__dirname, '../../../fixtures/published');
export const cases: Case[] = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Case);

const LINK_MBPS = { usb2: 35, usb3: 400, sata: 550, ata100: 100, ata66: 66 } as const;

/** The --old-drive a person would give for the case: its rpm where stated, else plain hdd. */
export const oldDriveOf = (c: Case): OldDrive =>
  c.oldDriveRpm === 5400 ? 'hdd-5400' : c.oldDriveRpm === 7200 ? 'hdd-7200' : c.oldDrive;

export const platformOf = (c: Case): Platform => c.platform ?? 'pc';

/**
 * The model's prediction of a case, optionally with another model form for its kind (then on the
 * PC's facts, whose form is swapped for the call).
 */
export function predicted(c: Case, model?: ModelForm): TaskPrediction {
  const facts = TASK_KINDS[c.kind];
  const saved = facts.model;
  if (model) facts.model = model;
  try {
    const before = run(
      `pub-${c.id}`,
      'before',
      [stopwatchResult({ title: c.id, seconds: [c.beforeSeconds], kind: c.kind as 'boot' })],
      { drive: null, machine: null },
    );
    const p = predict(
      before,
      { preset: c.newDrive, ...(c.linkCeilingMBps ? { linkCeilingMBps: c.linkCeilingMBps } : {}) },
      undefined,
      {
        oldDrive: oldDriveOf(c),
        ...(c.oldLink ? { oldLinkMBps: LINK_MBPS[c.oldLink] } : {}),
        ...(model ? {} : { platform: platformOf(c) }),
      },
    );
    return p.tasks[0]!;
  } finally {
    facts.model = saved;
  }
}

/**
 * The case as the fit sees it: the factor by which the new drive multiplies the disk part, read
 * from the real model with half the time taken as CPU work (predicted = B/2 + B/2 × factor).
 */
export function fitCaseOf(c: Case): FitCase {
  const p = predicted(c, { form: 'share', cpuShare: 0.5 }).predictedSeconds;
  return {
    id: c.id,
    beforeSeconds: c.beforeSeconds,
    afterSeconds: c.afterSeconds,
    ioFactor: (2 * p) / c.beforeSeconds - 1,
  };
}

export const valid = (half: Case['half']) => cases.filter((c) => !c.invalid && c.half === half);
