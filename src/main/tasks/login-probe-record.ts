// One login-probe record: CLOCK_MONOTONIC when this process started, and what logind says about
// the session. Node built-ins only: it is bundled into the standalone login-probe.js (the .deb's
// autostart runs that under the app's binary as plain Node) and into main.js, which handles
// `--drivewise-login-probe <records>` before anything else (the AppImage's autostart line).
import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname, isAbsolute } from 'node:path';
import { execFileSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';

/** The switch the AppImage's autostart entry passes: `$APPIMAGE --drivewise-login-probe FILE`. */
export const LOGIN_PROBE_SWITCH = '--drivewise-login-probe';

/**
 * The records file after the switch, wherever it is in argv: the AppImage's AppRun may put
 * `--no-sandbox` (or other Chromium switches) in front of it. Null when the switch is absent;
 * an error when its value is missing or not an absolute path.
 */
export function loginProbeTarget(argv: readonly string[]): string | null | Error {
  const i = argv.indexOf(LOGIN_PROBE_SWITCH);
  const eq = argv.find((a) => a.startsWith(`${LOGIN_PROBE_SWITCH}=`));
  if (i < 0 && !eq) return null;
  const value = eq ? eq.slice(LOGIN_PROBE_SWITCH.length + 1) : argv[i + 1];
  if (!value || !isAbsolute(value))
    return new Error(`${LOGIN_PROBE_SWITCH} needs the absolute path of the records file`);
  return value;
}

/**
 * The autostart command. In the AppImage it is the app's own switch: its AppRun adds
 * `--no-sandbox` wherever user namespaces are off (Ubuntu 24.04+), which Electron run as Node
 * refuses as a bad option, so `ELECTRON_RUN_AS_NODE=1 $APPIMAGE probe.js` would never record.
 * Elsewhere (.deb, npm start, the CLI under Node) the binary runs the copied probe as plain Node.
 */
export function probeCommand(
  env: NodeJS.ProcessEnv,
  execPath: string,
  p: { script: string; records: string },
): string[] {
  const appImage = env['APPIMAGE']?.trim();
  if (appImage) return [appImage, LOGIN_PROBE_SWITCH, p.records];
  return ['env', 'ELECTRON_RUN_AS_NODE=1', execPath, p.script, p.records];
}

/** CLOCK_MONOTONIC (ns) when this process started: the session launched it just before. */
export function processStartNs(): bigint {
  const now = process.hrtime.bigint();
  return now - BigInt(Math.round(performance.now() * 1e6));
}

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

/** Appends one JSON line to `out` for the app to turn into a result at its next start. */
export function writeLoginProbeRecord(
  out: string,
  startedNs: bigint,
  env: NodeJS.ProcessEnv = process.env,
): void {
  const session = env['XDG_SESSION_ID'] || null;
  const record = {
    probeMonotonicUs: String(startedNs / 1000n),
    realtimeMs: Date.now(),
    sessionId: session,
    desktop: env['XDG_CURRENT_DESKTOP'] ?? null,
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
  mkdirSync(dirname(out), { recursive: true, mode: 0o700 });
  appendFileSync(out, JSON.stringify(record) + '\n', { mode: 0o600 });
}
