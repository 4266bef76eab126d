// The words for the session's admin-rights state: one table for the Admin step's badge and the
// footer, so they cannot disagree (the footer said "available (running as root)" beside
// "Not asked yet").
import type { PrivilegedStatus } from '../../../shared/contract/privileged';

export const ADMIN_BADGES: Record<PrivilegedStatus['state'], { text: string; tone: string }> = {
  'not-asked': { text: 'Not asked yet', tone: '' },
  asking: { text: 'Waiting for the password dialog…', tone: 'warn' },
  granted: { text: 'Granted for this session', tone: 'ok' },
  declined: { text: 'Declined', tone: 'warn' },
  unavailable: { text: 'Not available on this system', tone: 'bad' },
  failed: { text: 'Stopped', tone: 'bad' },
};
