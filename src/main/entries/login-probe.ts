// Runs from the XDG autostart entry Drivewise writes when the person arms the login timing.
// It records CLOCK_MONOTONIC (process.hrtime) as early as possible, then asks logind when the
// session started, and appends one JSON line for the app to turn into a result at its next start.
// Self-contained (node builtins only): the app copies this file into its config dir.
import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { execFileSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';

const now = process.hrtime.bigint();
// The session launched this process a little before the line above: count from process start.
const startedNs = now - BigInt(Math.round(performance.now() * 1e6));

function prop(cmd: string, args: string[], key: string): string | null {
  try {
    const out = execFileSync(cmd, args, {
      encoding: 'utf8',
      timeout: 10_000,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const m = new RegExp(`^${key}=(\\d+)$`, 'm').exec(out);
    return m && m[1] !== '0' ? m[1]! : null;
  } catch {
    return null;
  }
}

const out = process.argv[2];
if (out) {
  const session = process.env['XDG_SESSION_ID'] ?? null;
  const record = {
    probeMonotonicUs: String(startedNs / 1000n),
    realtimeMs: Date.now(),
    sessionId: session,
    desktop: process.env['XDG_CURRENT_DESKTOP'] ?? null,
    sessionStartUs: session
      ? prop(
          'loginctl',
          ['show-session', session, '-p', 'TimestampMonotonic'],
          'TimestampMonotonic',
        )
      : null,
    graphicalSessionUs: prop(
      'systemctl',
      ['--user', 'show', 'graphical-session.target', '-p', 'ActiveEnterTimestampMonotonic'],
      'ActiveEnterTimestampMonotonic',
    ),
  };
  mkdirSync(dirname(out), { recursive: true });
  appendFileSync(out, JSON.stringify(record) + '\n');
}
