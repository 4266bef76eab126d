import { z } from 'zod';
import { request } from './define';

/**
 * not-asked: nobody asked yet (or rights were released / ended after idling);
 * asking: the password dialog is open or the helper is starting;
 * granted: the root helper is connected; declined: the person said no;
 * unavailable: no way to ask on this system (reason says why); failed: the helper broke.
 */
export const privilegedState = z.enum([
  'not-asked',
  'asking',
  'granted',
  'declined',
  'unavailable',
  'failed',
]);
export type PrivilegedState = z.infer<typeof privilegedState>;

/** What the helper can do for the run, in the words the UI shows. */
export const privilegedOp = z.enum(['drop-caches', 'raw-read', 'identify', 'journal']);
export type PrivilegedOpName = z.infer<typeof privilegedOp>;

export const privilegedStatus = z.object({
  state: privilegedState,
  /** One line for the person: why this state. */
  reason: z.string(),
  /** Operations available right now (empty unless granted). */
  ops: z.array(privilegedOp),
  /** The app already runs as root: no password is needed. */
  isRoot: z.boolean(),
  /** Whether asking (again) could work on this system. */
  canAsk: z.boolean(),
});
export type PrivilegedStatus = z.infer<typeof privilegedStatus>;

export const privilegedRequests = {
  'privileged.status': request(z.object({}).strict(), privilegedStatus),
  /** Asks once per session; `again` re-asks after a decline (only on the person's click). */
  'privileged.request': request(
    z.object({ again: z.boolean().optional() }).strict(),
    privilegedStatus,
  ),
  'privileged.release': request(z.object({}).strict(), privilegedStatus),
} as const;

export const privilegedEvents = {
  'privileged.changed': privilegedStatus,
} as const;
