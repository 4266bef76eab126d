/** An error whose message is meant for the person: one line, no stack trace. */
export class UserError extends Error {
  constructor(
    message: string,
    readonly exitCode = 2,
  ) {
    super(message);
    this.name = 'UserError';
  }
}

/** One readable line for any thrown value (zod issues, errno errors, strings). */
export function oneLine(err: unknown): string {
  if (err && typeof err === 'object' && 'issues' in err && Array.isArray(err.issues)) {
    const issues = err.issues as { path: PropertyKey[]; message: string }[];
    return (
      'invalid request: ' +
      issues
        .slice(0, 3)
        .map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`)
        .join('; ')
    );
  }
  const msg = err instanceof Error ? err.message : String(err);
  return msg.split('\n')[0]!.trim() || 'unknown error';
}
