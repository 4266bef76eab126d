// The CLI checks its options with the contract's own zod schemas, so a value the app's request
// would refuse is refused here too, by the same rule; only the wording is the CLI's: one line
// naming the option and the value typed.
import type { z } from 'zod';
import { UserError } from '../core/errors';

type Issue = z.core.$ZodIssue;

function says(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `must be a ${issue.expected === 'int' ? 'whole number' : issue.expected}`;
    case 'too_small':
      return `must be ${issue.inclusive ? 'at least' : 'more than'} ${String(issue.minimum)}`;
    case 'too_big':
      return `must be ${issue.inclusive ? 'at most' : 'less than'} ${String(issue.maximum)}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map(String).join(', ')}`;
    default:
      return issue.message;
  }
}

/**
 * Parses `value` (built from the options) with `schema`; the first problem becomes a UserError
 * such as `--read must be more than 0, got "-5"`. `flags` maps a field to its option name and
 * `typed` to what the person wrote (numbers arrive as NaN when they were not numbers).
 */
export function checkOptions<S extends z.ZodType>(
  schema: S,
  value: unknown,
  flags: Record<string, string>,
  typed: Record<string, string | undefined> = {},
): z.output<S> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  const key = String(issue.path[0] ?? '');
  const shown = typed[key];
  throw new UserError(
    `${flags[key] ?? key} ${says(issue)}${shown === undefined ? '' : `, got "${shown}"`}`,
  );
}
