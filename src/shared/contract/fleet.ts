// A fleet: a folder of run files fetched from many hosts (deploy/ansible) into a ranked decision.
// The shapes `drivewise fleet --json` prints and the fleet view shows, and the app's two channels.
import { z } from 'zod';
import { targetPreset } from '../prediction/schema';
import { request } from './define';
import { LIMITS, text } from './limits';
import { runId } from '../schemas/run-id';

export const fleetFlag = z.enum([
  'ssd',
  'little-gain',
  'link-capped',
  'smart',
  'health',
  'incomplete',
  'implausible',
]);
export type FleetFlag = z.infer<typeof fleetFlag>;

/** What each flag means, in the words the table's legend, the CSV's notes and the PDF use. */
export const FLAG_TEXT: Record<FleetFlag, string> = {
  ssd: 'already on an SSD: nothing to gain',
  'little-gain': 'gains little or nothing',
  'link-capped': 'its link caps the new drive',
  smart: 'SMART warns: replace for safety, not speed',
  health: 'the set-up check found problems',
  incomplete: 'incomplete run',
  implausible: 'figures past the physically plausible: not ranked',
};

export const hostAfter = z.object({
  runId: z.string(),
  file: z.string(),
  measuredHoursPerYear: z.number(),
  /** The prediction over the same tasks the after-run timed. */
  predictedHoursPerYear: z.number(),
  /**
   * (measured − predicted) / the larger of the two, of the hours saved a year: the error of the
   * figures beside it (the after-times' error read +40 % beside hours that agreed within 1 %).
   */
  error: z.number().nullable(),
  /** The after-run is of another drive (serial, model, kind or size differ): a real swap. */
  swapped: z.boolean(),
});
export type HostAfter = z.infer<typeof hostAfter>;

export const hostVerdict = z.object({
  /** The inventory name, else the hostname, else the file name. */
  host: z.string(),
  file: z.string(),
  runId: z.string(),
  createdAt: z.string(),
  /** The drive the prediction is for (the preset's name). */
  targetName: z.string(),
  hostname: z.string().nullable(),
  machineId: z.string().nullable(),
  driveKind: z.string().nullable(),
  driveModel: z.string().nullable(),
  usedGB: z.number().nullable(),
  /** The drive to buy: used space plus room, rounded up to a size one can buy. */
  capacityGB: z.number(),
  cost: z.number(),
  hoursPerYear: z.number().nullable(),
  /** The same saving per working day of the host's usage profile, in seconds. */
  secondsPerDay: z.number().nullable(),
  /** Share of the timed tasks' time the new drive would save (0..1, negative: slower). */
  savedShare: z.number().nullable(),
  /** Hours saved a year per unit of money: the ranking figure. */
  hoursPerMoney: z.number().nullable(),
  speedups: z.object({ sequential: z.number(), random: z.number() }).nullable(),
  flags: z.array(fleetFlag),
  notes: z.array(z.string()),
  after: hostAfter.optional(),
});
export type HostVerdict = z.infer<typeof hostVerdict>;

export const skippedFile = z.object({ file: z.string(), why: z.string() });
export type SkippedFile = z.infer<typeof skippedFile>;

/**
 * What the playbook leaves on the controller for a host it could not measure (no space, refused,
 * timeout), as HOST.failed.json beside the run files: the fleet lists the host with its reason.
 */
export const FLEET_FAILURE_SCHEMA = 'drivewise.fleet-failure';
export const fleetFailure = z.object({
  schema: z.literal(FLEET_FAILURE_SCHEMA),
  host: z.string().min(1).max(200),
  reason: z.string().max(2000),
  at: z.string(),
});

export const failedHost = z.object({
  host: z.string(),
  file: z.string(),
  why: z.string(),
  at: z.string(),
});
export type FailedHost = z.infer<typeof failedHost>;

export const fleetReport = z.object({
  dir: z.string(),
  afterDir: z.string().nullable(),
  targetName: z.string(),
  pricePerGB: z.number(),
  currency: z.string(),
  filesSeen: z.number().int().nonnegative(),
  hosts: z.array(hostVerdict),
  /** Hosts the playbook could not measure, whose failure is newer than any run of theirs. */
  failed: z.array(failedHost),
  skipped: z.array(skippedFile),
  /** After-runs whose host has no before-run. */
  unmatchedAfter: z.array(z.string()),
  totals: z.object({
    hosts: z.number().int().nonnegative(),
    /** Hosts saving at least minHoursPerYear with a new drive. */
    worthIt: z.number().int().nonnegative(),
    minHoursPerYear: z.number().nonnegative(),
    /** Hosts with an after-run of the same drive: left out of the error medians. */
    notSwapped: z.number().int().nonnegative(),
    hoursPerYear: z.number(),
    cost: z.number(),
    /** Median over swapped hosts of (measured − predicted) / measured hours saved a year. */
    medianError: z.number().nullable(),
    medianAbsError: z.number().nullable(),
  }),
  notes: z.array(z.string()),
});
export type FleetReport = z.infer<typeof fleetReport>;

/**
 * The one rule for "worth a new drive", used by the totals, the table, the PDF and the screen:
 * it saves something, at least the fleet's floor of hours a year, and not a little-gain host.
 */
export const worthANewDrive = (h: HostVerdict, minHoursPerYear: number): boolean =>
  (h.hoursPerYear ?? 0) > 0 &&
  (h.hoursPerYear ?? 0) >= minHoursPerYear &&
  !h.flags.includes('little-gain');

/** Hours saved a year per 100 units of money: a readable size for the ranking figure. */
export const per100 = (h: HostVerdict): number | null =>
  h.hoursPerMoney === null ? null : Math.round(h.hoursPerMoney * 100 * 100) / 100;

/** The drives a fleet can be priced for (a custom target needs figures the fleet has no field for). */
export const fleetTarget = targetPreset.exclude(['custom']);
/** Hours saved a year from which a host counts as worth a new drive. */
export const DEFAULT_MIN_HOURS = 1;
/** What a SATA SSD costs per GB (2026 street prices, the 500 GB-1 TB sizes). */
export const DEFAULT_PRICE_PER_GB = 0.06;
/** The bounds a query's price and floor are held to, here and in the Fleet screen's form. */
export const MAX_PRICE_PER_GB = 100;
export const MAX_MIN_HOURS = 10_000;

const folder = text(LIMITS.path).min(1);
/** Runs of this app's history a fleet may be ranked from, at most. */
const MAX_HISTORY_RUNS = 5000;
export const fleetQuery = z
  .object({
    /** Folders on the machine running Drivewise (where the playbook fetched the run files to). */
    dir: folder.optional(),
    /**
     * Instead of a folder: runs of this app's history (each host named by what its run says: the
     * person's own history, not files fetched from hosts that could claim another's name).
     */
    runIds: z.array(runId).min(1).max(MAX_HISTORY_RUNS).optional(),
    afterDir: folder.optional(),
    target: fleetTarget.default('sata-ssd'),
    pricePerGB: z.number().positive().max(MAX_PRICE_PER_GB).default(DEFAULT_PRICE_PER_GB),
    currency: z
      .string()
      .regex(/^\S{1,8}$/, 'a short sign such as € or $')
      .default('€'),
    /** A host is worth a new drive from this many hours saved a year (36 s a year is not). */
    minHoursPerYear: z.number().nonnegative().max(MAX_MIN_HOURS).default(DEFAULT_MIN_HOURS),
  })
  .strict();
export type FleetQuery = z.input<typeof fleetQuery>;

export const fleetRequests = {
  'fleet.evaluate': request(fleetQuery, fleetReport),
  /** Evaluates the folders again and writes the fleet PDF (summary page first) or CSV. */
  'fleet.save': request(
    fleetQuery
      .extend({
        format: z.enum(['pdf', 'csv']),
        path: text(LIMITS.path).min(1),
        overwrite: z.boolean().default(false),
      })
      .strict(),
    z.object({
      path: z.string(),
      bytes: z.number().int().nonnegative(),
      pages: z.number().int().nonnegative().nullable(),
    }),
  ),
} as const;
