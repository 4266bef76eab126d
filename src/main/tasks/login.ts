// Task 4 — login to desktop. "Arm" writes an XDG autostart entry that runs the login probe when
// the desktop session starts; at the next app start each probe record becomes a sample:
// desktop ready (probe start, CLOCK_MONOTONIC) − session start (logind TimestampMonotonic).
// Armed with a run id (the wizard's before- or after-run), the samples are added to that run so
// the verdict can compare logins; otherwise they become a "Login to desktop" run of their own.
import { copyFile, mkdir, readFile, rm, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { RunDocument, TestResult } from '../../shared/schemas/run';
import { isStoredRunId } from '../../shared/schemas/run-id';
import { UserError } from '../core/errors';
import { RunStore, summarize, writeFileAtomic } from '../store/run-store';
import { measure } from './common';
import { probeCommand } from './login-probe-record';
import { execText, type ExecFn } from './exec-text';
import { monotonicUs, parseProperties } from './systemd-readers';

export const ENTRY_NAME = 'drivewise-login-probe.desktop';

export interface LoginPaths {
  entry: string;
  script: string;
  records: string;
  /** Which run the next logins are added to ({"runId": ...}); absent: a run of their own. */
  state: string;
}

const targetFile = (configDir: string): string => join(configDir, 'login-target.json');

export function loginPaths(env: NodeJS.ProcessEnv, configDir: string): LoginPaths {
  const base = env['XDG_CONFIG_HOME']?.trim() || join(env['HOME'] || homedir(), '.config');
  return {
    entry: join(base, 'autostart', ENTRY_NAME),
    script: join(configDir, 'login-probe.js'),
    records: join(configDir, 'login-probes.jsonl'),
    state: targetFile(configDir),
  };
}

/** The run id the logins are armed for; a missing, damaged or foreign state file reads as none. */
export async function readLoginTarget(configDir: string): Promise<string | null> {
  try {
    const text = await readFile(targetFile(configDir), 'utf8');
    const v = JSON.parse(text) as { runId?: unknown } | null;
    const id = v && typeof v === 'object' ? v.runId : undefined;
    return typeof id === 'string' && isStoredRunId(id) ? id : null;
  } catch {
    return null;
  }
}

/** How the wizard and the CLI name a run: "WDC WD10EZEX /dev/sda — before run, 2025-03-01". */
export function runDisplayLabel(doc: RunDocument): string {
  const what = doc.name ?? summarize(doc).drive ?? doc.id;
  return `${what} — ${doc.label} run, ${doc.createdAt.slice(0, 10)}`;
}

/** The run store calls login timing needs: is the run still there, and load it. */
export type LoginRuns = Pick<RunStore, 'exists' | 'load'>;

/** The armed run with its label, or null when that run is gone (deleted, damaged). */
async function targetLabel(runs: LoginRuns, runId: string): Promise<string | null> {
  try {
    return (await runs.exists(runId)) ? runDisplayLabel(await runs.load(runId)) : null;
  } catch {
    return null;
  }
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
  /** Add the next logins to this run; omitted: they become a run of their own. */
  runId?: string;
  /** Looks up the run's label for the status; defaults to the store in configDir. */
  runs?: LoginRuns;
}

export interface LoginStatus {
  armed: boolean;
  entryPath: string;
  pending: number;
  /** The run the next logins are added to; label null when that run no longer exists. */
  target: { runId: string; label: string | null } | null;
}

const isArmed = (p: LoginPaths): Promise<boolean> =>
  stat(p.entry).then(
    () => true,
    () => false,
  );

export async function loginStatus(
  env: NodeJS.ProcessEnv,
  configDir: string,
  runs: LoginRuns = new RunStore(configDir),
): Promise<LoginStatus> {
  const p = loginPaths(env, configDir);
  const runId = await readLoginTarget(configDir);
  return {
    armed: await isArmed(p),
    entryPath: p.entry,
    pending: (await readRecords(p.records)).length,
    target: runId ? { runId, label: await targetLabel(runs, runId) } : null,
  };
}

export async function armLogin(s: LoginSetup): Promise<LoginStatus> {
  const p = loginPaths(s.env, s.configDir);
  const runs = s.runs ?? new RunStore(s.configDir);
  if (s.runId && !(await runs.exists(s.runId)))
    throw new UserError(`no run with id ${s.runId} to add the logins to`);
  try {
    await mkdir(s.configDir, { recursive: true, mode: 0o700 });
    await mkdir(join(p.entry, '..'), { recursive: true });
    const argv = probeCommand(s.env, s.execPath, p);
    // The plain-Node form runs a copy outside the app bundle (it survives an app update that
    // moves the bundle); the AppImage form needs none.
    if (argv[0] === 'env') await copyFile(s.probeScript, p.script);
    else await rm(p.script, { force: true });
    await writeFileAtomic(p.entry, desktopEntry(argv));
    // Re-arming without a run id drops an earlier target: those logins get a run of their own.
    if (s.runId) await writeFileAtomic(p.state, JSON.stringify({ runId: s.runId }) + '\n');
    else await rm(p.state, { force: true });
  } catch (err) {
    throw new UserError(`could not arm the login timing: ${(err as Error).message}`);
  }
  return loginStatus(s.env, s.configDir, runs);
}

export async function disarmLogin(
  env: NodeJS.ProcessEnv,
  configDir: string,
  runs?: LoginRuns,
): Promise<LoginStatus> {
  const p = loginPaths(env, configDir);
  await rm(p.entry, { force: true });
  await rm(p.script, { force: true });
  // Logins recorded but not yet collected still belong to the armed run: the target goes with them.
  if (!(await readRecords(p.records)).length) await rm(p.state, { force: true });
  return loginStatus(env, configDir, runs);
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

/** Everything a login result is built from, so results of several collections add up. */
export interface LoginTally {
  /** Seconds from session start to desktop ready, one per dated login. */
  seconds: number[];
  /** Logins logind could not date. */
  undated: number;
  logins: { at: string; desktop: string | null }[];
}

export function loginResult(samples: (number | null)[], records: ProbeRecord[]): TestResult {
  return buildLoginResult({
    seconds: samples.filter((x): x is number => x !== null),
    undated: samples.filter((x) => x === null).length,
    logins: records.map((r) => ({
      at: new Date(r.realtimeMs).toISOString(),
      desktop: r.desktop ?? null,
    })),
  });
}

const UNDATED = /^(\d+) login\(s\) without a session start time$/;

/** Reads a stored login result back into its tally (its samples, undated count and logins). */
export function loginTally(r: TestResult): LoginTally {
  const m = r.measurements.find((x) => x.metric === 'wall_time');
  const seconds = (m?.samples ?? r.wallSeconds ?? []).filter(
    (x): x is number => typeof x === 'number' && Number.isFinite(x),
  );
  const extra = r.extra ?? {};
  const undatedCaveat = r.caveats.map((c) => UNDATED.exec(c)).find(Boolean);
  const undated =
    typeof extra['undated'] === 'number' ? extra['undated'] : Number(undatedCaveat?.[1] ?? 0);
  const logins = (Array.isArray(extra['logins']) ? (extra['logins'] as unknown[]) : []).flatMap(
    (l) => {
      const o = (l ?? {}) as { at?: unknown; desktop?: unknown };
      return typeof o.at === 'string'
        ? [{ at: o.at, desktop: typeof o.desktop === 'string' ? o.desktop : null }]
        : [];
    },
  );
  return { seconds, undated, logins };
}

/** A run's login result plus newly collected logins: every sample kept, spread recomputed. */
export function mergeLoginResults(stored: TestResult, added: TestResult): TestResult {
  const a = loginTally(stored);
  const b = loginTally(added);
  return buildLoginResult({
    seconds: [...a.seconds, ...b.seconds],
    undated: a.undated + b.undated,
    logins: [...a.logins, ...b.logins],
  });
}

export function buildLoginResult(t: LoginTally): TestResult {
  const ok = t.seconds;
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
      ...(t.undated ? [`${t.undated} login(s) without a session start time`] : []),
    ],
    cache: 'cold',
    measurements: [measure('wall_time', 's', 'lower', ok, { label: 'login to desktop' })],
    wallSeconds: ok,
    ioWaitShare: null,
    bytesWritten: 0,
    extra: { logins: t.logins, undated: t.undated },
  };
}

/**
 * Called by the app at start: turns pending probe records into a result, hands it to `save`
 * with the armed run id (which stores it and returns the run id) and only then consumes the
 * records, so a failed save loses nothing. Returns null when there was no login to measure since
 * the last call.
 */
export async function collectLoginResult(
  env: NodeJS.ProcessEnv,
  configDir: string,
  save: (result: TestResult, targetRunId: string | null) => Promise<string>,
  exec: ExecFn = execText,
): Promise<{ runId: string | null; result: TestResult } | null> {
  const p = loginPaths(env, configDir);
  const text = await readFile(p.records, 'utf8').catch(() => '');
  const records = parseProbeRecords(text);
  if (!records.length) return null;
  const samples = await Promise.all(records.map((r) => loginSeconds(r, exec)));
  const result = loginResult(samples, records);
  // Logins logind could not date are consumed but not stored: an empty result helps nobody.
  const runId =
    result.status === 'ok' ? await save(result, await readLoginTarget(configDir)) : null;
  // A probe may have appended while we saved: keep whatever came after what we read.
  const now = await readFile(p.records, 'utf8').catch(() => '');
  if (now.length > text.length && now.startsWith(text))
    await writeFileAtomic(p.records, now.slice(text.length));
  else await rm(p.records, { force: true });
  // Disarmed and nothing left to collect: the target has served its purpose.
  if (!(await isArmed(p)) && !(await readRecords(p.records)).length)
    await rm(p.state, { force: true });
  return { runId, result };
}
