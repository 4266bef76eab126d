// The one run-id rule. A run id names a file in the history folder (runs/<id>.json), a URL
// parameter (#verdict?before=ID) and a contract field, so all of them check it here.
import { z } from 'zod';

/** Letters, digits, dot, dash and underscore; at most 80, so `<id>.json` is a safe file name. */
export const RUN_ID_PATTERN = /^[A-Za-z0-9._-]{1,80}$/;

/** A run id in a request: the same pattern, with a message a person can act on. */
export const runId = z.string().regex(RUN_ID_PATTERN, 'not a run id');

/** An id that may name a stored file: also no leading dot ('.', '..' and hidden files). */
export function isStoredRunId(id: string): boolean {
  return RUN_ID_PATTERN.test(id) && !id.startsWith('.');
}
