// The run document: what one measurement session produced. Engine, tasks, store, verdict,
// report and importers all speak this shape, so results from every source line up.
import { z } from 'zod';
import { PROFILE_IDS } from '../bench/catalogue';
import { driveInfo, machineProfile } from './drive';
import { healthReport } from '../contract/health';
import { RUN_ID_PATTERN } from './run-id';
import { phaseConditions } from './conditions';
import { taskWork } from './work';

/**
 * A figure the plausibility guard does not trust (e.g. faster than the drive or link could deliver:
 * the page cache answered). Never headlined, never a finding, never "faster".
 */
export const suspectFlag = z.object({ kind: z.literal('cache'), reason: z.string() });

/** No drive, link or memory moves more than this per second (a terabyte, a trillion IOPS). */
export const PER_SECOND_LIMIT = 1e12;
/** Any other figure (seconds, µs, MiB, files): beyond this it is a damaged or forged file. */
export const FIGURE_LIMIT = 1e15;

const perSecond = (unit: string): boolean => /\/s$|^iops$|per second/i.test(unit.trim());

/**
 * A figure's one-line refusal, or null: every figure is finite (zod's number already is) and
 * within physical sense, so no page, PDF or terminal ever formats a near-max double.
 */
export function figureProblem(value: number, unit: string): string | null {
  if (!Number.isFinite(value)) return `${value} is not a finite number`;
  const limit = perSecond(unit) ? PER_SECOND_LIMIT : FIGURE_LIMIT;
  if (Math.abs(value) <= limit) return null;
  const what = perSecond(unit) ? 'per second' : 'for any figure';
  return `${value.toExponential(2)} ${unit} is beyond physical sense (more than 10^${Math.log10(limit)} ${what})`;
}

/** Seconds of a task or run: finite and under FIGURE_LIMIT. */
const seconds = z
  .number()
  .refine((x) => Math.abs(x) <= FIGURE_LIMIT, 'is beyond physical sense (more than 10^15 s)');

/** One metric of one test, with every sample kept (median/min/max are derived, not trusted). */
const measurementShape = z.object({
  /** Metric name shared with the importers: 'buffered_read', 'seq_create', 'random_read', ... */
  metric: z.string().min(1),
  label: z.string().optional(),
  unit: z.string(),
  better: z.enum(['higher', 'lower']),
  samples: z.array(z.number().nullable()),
  median: z.number().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  /** Why a value is null (e.g. bonnie++ '+++++': phase too fast to time). */
  note: z.string().optional(),
  /** Variant parameters, e.g. iozone record size or queue depth. */
  params: z.record(z.string(), z.union([z.number(), z.string(), z.boolean()])).optional(),
  /**
   * Set when the figure is implausible for the drive (faster than the link, than memory, or than
   * the same run's random-read latency allows): kept for the record, never a finding or headline.
   */
  suspect: suspectFlag.optional(),
});

export const measurement = measurementShape.superRefine((m, ctx) => {
  for (const key of ['samples', 'median', 'min', 'max'] as const) {
    const v = m[key];
    const list = Array.isArray(v) ? v : [v];
    list.forEach((x, i) => {
      const why = x === null ? null : figureProblem(x, m.unit);
      if (why)
        ctx.addIssue({ code: 'custom', path: key === 'samples' ? [key, i] : [key], message: why });
    });
  }
});
export type Measurement = z.infer<typeof measurement>;

export const testResult = z.object({
  testId: z.string().min(1),
  title: z.string(),
  /** 'synthetic' reproduces a classic tool; 'task' is a real-world task timed in seconds. */
  kind: z.enum(['synthetic', 'task']),
  /** The classic tool whose method and metric names this follows. */
  tool: z.string(),
  method: z.string(),
  status: z.enum(['ok', 'failed', 'skipped', 'cancelled']),
  error: z.string().optional(),
  caveats: z.array(z.string()),
  cache: z.enum(['cold', 'warm', 'bypassed', 'n/a']).default('n/a'),
  measurements: z.array(measurement),
  /** Real-world tasks: CPU seconds (user+sys) per sample, to derive the I/O-wait share. */
  cpuSeconds: z.array(seconds).optional(),
  wallSeconds: z.array(seconds).optional(),
  ioWaitShare: z.number().min(0).max(1).nullable().optional(),
  bytesWritten: z.number().nonnegative().default(0),
  durationSeconds: seconds.refine((x) => x >= 0, 'is negative').optional(),
  extra: z.record(z.string(), z.unknown()).optional(),
  /** The whole result is suspect (every figure in it), same shape as a measurement's flag. */
  suspect: suspectFlag.optional(),
  /** What else the machine did during this test; absent in runs from before it was recorded. */
  conditions: phaseConditions.optional(),
  /** Tasks: each row's cold and warm runs with their counters (a prediction from this machine). */
  work: z.array(taskWork).max(64).optional(),
});
export type TestResult = z.infer<typeof testResult>;

export const privilegeState = z.object({
  state: z.enum(['granted', 'declined', 'unavailable', 'not-requested']),
  reason: z.string().optional(),
});
export type PrivilegeState = z.infer<typeof privilegeState>;

export const usageProfile = z.object({
  bootsPerDay: z.number().min(0).max(50).default(1),
  resumesPerDay: z.number().min(0).max(100).default(0),
  loginsPerDay: z.number().min(0).max(50).default(1),
  /** Other task occurrences per day, keyed by testId (e.g. 'task.du': 2). */
  tasksPerDay: z.record(z.string(), z.number().min(0)).default({}),
  uses: z.array(z.enum(['office', 'development', 'vms', 'media', 'gaming'])).default([]),
  workDaysPerYear: z.number().min(1).max(366).default(230),
  oldDrive: z
    .object({
      price: z.number().nonnegative().nullable(),
      capacityGB: z.number().positive().nullable(),
    })
    .default({ price: null, capacityGB: null }),
  newDrive: z
    .object({
      price: z.number().nonnegative().nullable(),
      capacityGB: z.number().positive().nullable(),
    })
    .default({ price: null, capacityGB: null }),
  currency: z.string().max(8).default('€'),
});
export type UsageProfile = z.infer<typeof usageProfile>;

/**
 * Which host measured, beyond its hostname: the name an orchestrator's inventory gives it (before-
 * and after-runs are matched by it: a fresh install changes the machine id) and /etc/machine-id
 * (tells cloned machines' runs apart only with the inventory name, as clones share it).
 */
export const runHost = z.object({
  inventoryName: z.string().min(1).max(200).optional(),
  machineId: z.string().max(64).optional(),
});
export type RunHost = z.infer<typeof runHost>;

export const RUN_SCHEMA = 'drivewise.run';
export const RUN_VERSION = 1;

export const runDocument = z.object({
  schema: z.literal(RUN_SCHEMA),
  version: z.literal(RUN_VERSION),
  id: z.string().regex(RUN_ID_PATTERN),
  label: z.enum(['before', 'after', 'custom', 'reference']),
  name: z.string().max(200).optional(),
  createdAt: z.string(),
  appVersion: z.string(),
  /** Where the figures came from when not measured by Drivewise (reference data, imports). */
  source: z.object({
    kind: z.enum(['measured', 'reference', 'imported']),
    citation: z.string().optional(),
  }),
  machine: machineProfile.nullable(),
  host: runHost.optional(),
  drive: driveInfo.nullable(),
  targetDir: z.string().nullable(),
  settings: z.object({
    profile: z.enum(PROFILE_IDS).or(z.string()),
    tests: z.array(z.string()),
    repetitions: z.number().int().min(1).max(20),
    sizes: z.record(z.string(), z.number()).default({}),
    /** The tasks' choices (du root, tarball, apps), so the after-run can repeat the same plan. */
    options: z.record(z.string(), z.record(z.string(), z.unknown())).optional(),
  }),
  privilege: privilegeState,
  caveats: z.array(z.string()),
  tests: z.array(testResult),
  usage: usageProfile.optional(),
  /** The before-run this after-run is compared with. */
  baselineId: z.string().optional(),
  bytesWritten: z.number().nonnegative().default(0),
  /** The set-up check of the drive (`drivewise health --run`, or the wizard after the Verdict). */
  health: healthReport.optional(),
  /**
   * How long the run took against its estimate: the pre-run estimate, the actual seconds, and
   * the ETA given as each test ended compared with the time that was really left.
   */
  timing: z
    .object({
      estimateSeconds: z.number().nonnegative(),
      /** Each test's pre-run estimate, and the drive probe it came from (engine/worker/probe.ts). */
      tests: z.record(z.string(), z.number()).optional(),
      probe: z
        .object({
          seqBps: z.number(),
          iops: z.number(),
          cpu: z.number(),
          entries: z.number().optional(),
          direct: z.boolean().optional(),
          seconds: z.number().optional(),
        })
        .optional(),
      actualSeconds: z.number().nonnegative(),
      etaChecks: z.array(
        z.object({
          after: z.string(),
          etaSeconds: z.number(),
          actualLeftSeconds: z.number(),
          errorSeconds: z.number(),
        }),
      ),
    })
    .optional(),
});
export type RunDocument = z.infer<typeof runDocument>;
