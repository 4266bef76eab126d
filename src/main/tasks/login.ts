// Task 4 — login to desktop. "Arm" writes an XDG autostart entry that runs the login probe when
// the desktop session starts; at the next app start each probe record becomes a sample:
// desktop ready (probe start, CLOCK_MONOTONIC) − session start (logind TimestampMonotonic).
import { copyFile, mkdir, readFile, rm, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { TestResult } from '../../shared/schemas/run';
import { UserError } from '../core/errors';
import { writeFileAtomic } from '../store/run-store';
import { measure } from './common';
import { execText, type ExecFn } from './exec-text';
import { monotonicUs, parseProperties } from './systemd-readers';

export const ENTRY_NAME = 'drivewise-login-probe.desktop';

export interface LoginPaths {
  entry: string;
  script: string;
  records: string;
}

export function loginPaths(env: NodeJS.ProcessEnv, configDir: string): LoginPaths {
  const base = env['XDG_CONFIG_HOME']?.trim() || join(env['HOME'] || homedir(), '.config');
  return {
    entry: join(base, 'autostart', ENTRY_NAME),
    script: join(configDir, 'login-probe.js'),
    records: join(configDir, 'login-probes.jsonl'),
  };
}

/** Desktop Entry Exec quoting: double quotes, with " ` $ \ escaped and % doubled. */
export function execArg(arg: string): string {
  if (/^[A-Za-z0-9_/.=:@+-]+$/.test(arg)) return arg;
  return `"${arg.replace(/([`"$\\])/g, '\\$1').replace(/%/g, '%%')}"`;
}

/**
 * The autostart entry. No X-GNOME-Autostart-Phase: systemd's xdg-autostart generator skips
 * entries that set it, and the probe must run in every desktop.
 */
export function desktopEntry(argv: string[]): string {
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Name=Drivewise login timing',
    'Comment=Records when the desktop is ready, once per login (Drivewise → Login to desktop)',
    `Exec=${argv.map(execArg).join(' ')}`,
    'NoDisplay=true',
    'Terminal=false',
    'X-GNOME-Autostart-enabled=true',
    '',
  ].join('\n');
}

export interface LoginSetup {
  env: NodeJS.ProcessEnv;
  configDir: string;
  /** Built dist/main/login-probe.js. */
  probeScript: string;
  /** Node or Electron (run as node); an AppImage is relaunched through $APPIMAGE. */
  execPath: string;
}

export interface LoginStatus {
  armed: boolean;
  entryPath: string;
  pending: number;
}

export async function loginStatus(env: NodeJS.ProcessEnv, configDir: string): Promise<LoginStatus> {
  const p = loginPaths(env, configDir);
  const armed = await stat(p.entry).then(
    () => true,
    () => false,
  );
  return { armed, entryPath: p.entry, pending: (await readRecords(p.records)).length };
}

export async function armLogin(s: LoginSetup): Promise<LoginStatus> {
  const p = loginPaths(s.env, s.configDir);
  try {
    await mkdir(s.configDir, { recursive: true, mode: 0o700 });
    await mkdir(join(p.entry, '..'), { recursive: true });
    // A copy outside the app bundle: an AppImage's mount path changes on every launch.
    await copyFile(s.probeScript, p.script);
    const exe = s.env['APPIMAGE'] || s.execPath;
    await writeFileAtomic(
      p.entry,
      desktopEntry(['env', 'ELECTRON_RUN_AS_NODE=1', exe, p.script, p.records]),
    );
  } catch (err) {
    throw new UserError(`could not arm the login timing: ${(err as Error).message}`);
  }
  return loginStatus(s.env, s.configDir);
}

export async function disarmLogin(env: NodeJS.ProcessEnv, configDir: string): Promise<LoginStatus> {
  const p = loginPaths(env, configDir);
  await rm(p.entry, { force: true });
  await rm(p.script, { force: true });
  return loginStatus(env, configDir);
}

export interface ProbeRecord {
  probeMonotonicUs: string;
  realtimeMs: number;
  sessionId: string | null;
  desktop?: string | null;
  sessionStartUs: string | null;
  graphicalSessionUs?: string | null;
}

async function readRecords(file: string): Promise<ProbeRecord[]> {
  const text = await readFile(file, 'utf8').catch(() => '');
  return parseProbeRecords(text);
}

export function parseProbeRecords(text: string): ProbeRecord[] {
  const out: ProbeRecord[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      const r = JSON.parse(line) as ProbeRecord;
      if (typeof r.probeMonotonicUs === 'string' && /^\d+$/.test(r.probeMonotonicUs)) out.push(r);
    } catch {
      /* a torn line (power cut during login) is skipped, the rest still count */
    }
  }
  return out;
}

/**
 * Seconds from session start to desktop ready. The session start comes from the probe's own
 * loginctl call, else from loginctl now (same session still open), else graphical-session.target.
 */
export async function loginSeconds(
  r: ProbeRecord,
  exec: ExecFn = execText,
): Promise<number | null> {
  const probe = BigInt(r.probeMonotonicUs);
  let start = r.sessionStartUs && /^\d+$/.test(r.sessionStartUs) ? BigInt(r.sessionStartUs) : null;
  if (start === null && r.sessionId) {
    const q = await exec('loginctl', ['show-session', r.sessionId, '-p', 'TimestampMonotonic']);
    start = monotonicUs(parseProperties(q.stdout), 'TimestampMonotonic');
  }
  if (start === null && r.graphicalSessionUs && /^\d+$/.test(r.graphicalSessionUs))
    start = BigInt(r.graphicalSessionUs);
  if (start === null || start > probe) return null;
  return Number(probe - start) / 1e6;
}

export function loginResult(samples: (number | null)[], records: ProbeRecord[]): TestResult {
  const ok = samples.filter((x): x is number => x !== null);
  return {
    testId: 'task.login',
    title: 'Login to desktop',
    kind: 'task',
    tool: 'loginctl',
    method:
      'XDG autostart probe (CLOCK_MONOTONIC at desktop start) − logind session TimestampMonotonic',
    status: ok.length ? 'ok' : 'failed',
    ...(ok.length ? {} : { error: 'logind did not report when the session started' }),
    caveats: [
      'desktop ready = when the session started its autostart programs; apps that open later are not counted',
      ...(samples.length > ok.length
        ? [`${samples.length - ok.length} login(s) without a session start time`]
        : []),
    ],
    cache: 'cold',
    measurements: [measure('wall_time', 's', 'lower', ok, { label: 'login to desktop' })],
    wallSeconds: ok,
    ioWaitShare: null,
    bytesWritten: 0,
    extra: {
      logins: records.map((r) => ({
        at: new Date(r.realtimeMs).toISOString(),
        desktop: r.desktop ?? null,
      })),
    },
  };
}

/**
 * Called by the app at start: turns pending probe records into a result, hands it to `save`
 * (which stores it and returns the run id) and only then consumes the records, so a failed save
 * loses nothing. Returns null when there was no login to measure since the last call.
 */
export async function collectLoginResult(
  env: NodeJS.ProcessEnv,
  configDir: string,
  save: (result: TestResult) => Promise<string>,
  exec: ExecFn = execText,
): Promise<{ runId: string | null; result: TestResult } | null> {
  const p = loginPaths(env, configDir);
  const text = await readFile(p.records, 'utf8').catch(() => '');
  const records = parseProbeRecords(text);
  if (!records.length) return null;
  const samples = await Promise.all(records.map((r) => loginSeconds(r, exec)));
  const result = loginResult(samples, records);
  // Logins logind could not date are consumed but not stored: an empty result helps nobody.
  const runId = result.status === 'ok' ? await save(result) : null;
  // A probe may have appended while we saved: keep whatever came after what we read.
  const now = await readFile(p.records, 'utf8').catch(() => '');
  if (now.length > text.length && now.startsWith(text))
    await writeFileAtomic(p.records, now.slice(text.length));
  else await rm(p.records, { force: true });
  return { runId, result };
}
