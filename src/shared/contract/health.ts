// The set-up check of a (new) drive: TRIM, alignment, link, scheduler, fstab & boot, mount options,
// SMART health and free space. Each check says what it read and how to fix it; nothing is applied.
import { z } from 'zod';
import { runId } from '../schemas/run-id';
import { request } from './define';

export const healthStatus = z.enum(['ok', 'warn', 'fail', 'unknown']);
export type HealthStatus = z.infer<typeof healthStatus>;

/** The eight areas of issue 18; fstab & boot holds several checks (names, resolve, resume, ...). */
export const healthArea = z.enum([
  'trim',
  'alignment',
  'link',
  'scheduler',
  'fstab',
  'mount-options',
  'smart',
  'space',
]);
export type HealthArea = z.infer<typeof healthArea>;

export const HEALTH_AREA_TITLES: Record<HealthArea, string> = {
  trim: 'TRIM',
  alignment: 'Partition alignment',
  link: 'Link speed',
  scheduler: 'I/O scheduler',
  fstab: 'fstab and boot',
  'mount-options': 'Mount options',
  smart: 'Health (SMART)',
  space: 'Free space',
};

/** What a check read: a file or command, and the value it saw there. */
export const healthEvidence = z.object({
  source: z.string().max(500),
  value: z.string().max(2000),
});
export type HealthEvidence = z.infer<typeof healthEvidence>;

/** A fix the person copies: a shell command, or an edit to a named file. */
export const healthFix = z.object({
  kind: z.enum(['command', 'edit']),
  /** The copyable text: the command line, or the edited line(s). */
  text: z.string().max(4000),
  /** For an edit: which file; for a command: what it does or when to run it. */
  note: z.string().max(500).optional(),
});
export type HealthFix = z.infer<typeof healthFix>;

export const healthCheck = z.object({
  /** Stable id, e.g. 'trim', 'fstab.names', 'fstab.resume'. */
  id: z.string().max(60),
  area: healthArea,
  title: z.string().max(200),
  status: healthStatus,
  /** One or two plain sentences: what was found (or why it is unknown). */
  summary: z.string().max(1000),
  evidence: z.array(healthEvidence),
  fix: healthFix.nullable(),
});
export type HealthCheck = z.infer<typeof healthCheck>;

export const healthReport = z.object({
  checkedAt: z.string(),
  /** The directory whose drive was checked. */
  path: z.string(),
  mountpoint: z.string().nullable(),
  /** The filesystem's device ('/dev/nvme0n1p2', '/dev/mapper/root'). */
  device: z.string().nullable(),
  disks: z.array(z.string()),
  drive: z.object({ path: z.string(), model: z.string().nullable(), kind: z.string() }).nullable(),
  checks: z.array(healthCheck),
  /** Lines about the check itself (e.g. which target was chosen and why). */
  notes: z.array(z.string()),
});
export type HealthReport = z.infer<typeof healthReport>;

export const healthRequests = {
  /**
   * Checks the drive holding `path` (default: the run's test directory, else '/'). With `runId`
   * the report is stored into that run (the after-run of the wizard).
   */
  'health.check': request(
    z.object({ path: z.string().min(1).max(4096).optional(), runId: runId.optional() }).strict(),
    z.object({ report: healthReport, savedTo: z.string().nullable() }),
  ),
} as const;
