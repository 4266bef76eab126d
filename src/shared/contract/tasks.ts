// Real-world tasks measured outside a benchmark run: login timing (arm → log out and in →
// reopen), boot and hibernate read-outs, and manual stopwatch timings.
import { z } from 'zod';
import { testResult } from '../schemas/run';
import { runId } from '../schemas/run-id';
import { request } from './define';
import { LIMITS, text } from './limits';

export const loginStatus = z.object({
  armed: z.boolean(),
  /** The XDG autostart entry Drivewise writes (shown so the person can check or remove it). */
  entryPath: z.string(),
  /** Logins recorded since the app last collected them. */
  pending: z.number().int().nonnegative(),
  /**
   * The run the next logins are added to (armed with a run id); null: they become a "Login to
   * desktop" run of their own. label is null when that run no longer exists.
   */
  target: z.object({ runId: z.string(), label: z.string().nullable() }).nullable(),
  /** One line when the armed entry can no longer run (its AppImage was moved or replaced). */
  problem: z.string().optional(),
});
export type LoginStatus = z.infer<typeof loginStatus>;

export const stopwatchAdd = z
  .object({
    /** What was timed: "Boot, GRUB to login screen". */
    title: text(LIMITS.title).trim().min(1),
    seconds: z.array(z.number().positive().max(86_400)).min(1).max(20),
    note: text(LIMITS.note).optional(),
    /** Sets its default occurrences per day and the prediction's disk share. */
    kind: z.enum(['boot', 'login', 'app-start', 'copy', 'build', 'other']).optional(),
    /** Append to this run (e.g. the current before-run); omitted: a run of its own. */
    runId: runId.optional(),
  })
  .strict();

/** What the wizard tells the person about login timing (one step per line). */
export const LOGIN_STEPS = [
  'Press "Time my next login": Drivewise adds a small entry to your desktop\'s autostart programs.',
  'Save your work, log out, and log back in as usual.',
  'When your desktop is ready, reopen Drivewise: the login time is added to this run by itself.',
  'Repeat a few times for a spread; press "Stop timing logins" to remove the autostart entry.',
] as const;

export const tasksRequests = {
  'tasks.loginStatus': request(z.object({}).strict(), loginStatus),
  /** runId: add the next logins to this run (the wizard's before- or after-run). */
  'tasks.loginArm': request(z.object({ runId: runId.optional() }).strict(), loginStatus),
  'tasks.loginDisarm': request(z.object({}).strict(), loginStatus),
  /** Turns logins recorded since the last call into a stored result (call at app start). */
  'tasks.loginCollect': request(
    z.object({}).strict(),
    z.object({ runId: z.string().nullable(), result: testResult.nullable() }),
  ),
  'tasks.bootInfo': request(z.object({}).strict(), testResult),
  'tasks.hibernateInfo': request(z.object({}).strict(), testResult),
  'tasks.stopwatchAdd': request(stopwatchAdd, z.object({ runId: z.string(), result: testResult })),
} as const;
