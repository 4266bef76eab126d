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
import { probeCommand } from './login-probe-record';
import { execText, type ExecFn } from './exec-text';
import { loginResult, loginSeconds, parseProbeRecords, type ProbeRecord } from './login-result';

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
  /** One line when the armed entry can no longer run (its AppImage was moved or replaced). */
  problem?: string;
  /** The run the next logins are added to; label null when that run no longer exists. */
  target: { runId: string; label: string | null } | null;
}

/** The program an autostart entry starts (its Exec line's first word, unquoted), or null. */
export function entryProgram(entry: string): string | null {
  const exec = /^Exec=(.*)$/m.exec(entry)?.[1]?.trim();
  if (!exec) return null;
  const m = /^"((?:[^"\\]|\\.)*)"|^(\S+)/.exec(exec);
  if (!m) return null;
  return m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1').replace(/%%/g, '%') : m[2]!;
}

const appImageGone = (path: string): string =>
  `login timing: the AppImage ${path} is not there any more (moved or replaced), so logins are ` +
  'not being timed: start Drivewise from where the AppImage is now and arm login timing again';

/** One line when the armed entry runs an AppImage that no longer exists; else null. */
export async function staleLoginEntry(p: Pick<LoginPaths, 'entry'>): Promise<string | null> {
  const text = await readFile(p.entry, 'utf8').catch(() => null);
  const program = text === null ? null : entryProgram(text);
  // The plain-Node form (`env ELECTRON_RUN_AS_NODE=1 …`) runs a copy kept in the config folder.
  if (!program || program === 'env') return null;
  return (await exists(program)) ? null : appImageGone(program);
}

const exists = (path: string): Promise<boolean> =>
  stat(path).then(
    () => true,
    () => false,
  );

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
  const problem = await staleLoginEntry(p);
  return {
    armed: await isArmed(p),
    entryPath: p.entry,
    pending: (await readRecords(p.records)).length,
    ...(problem ? { problem } : {}),
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
    if (argv[0] !== 'env' && !(await exists(argv[0]!))) throw new Error(appImageGone(argv[0]!));
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

async function readRecords(file: string): Promise<ProbeRecord[]> {
  const text = await readFile(file, 'utf8').catch(() => '');
  return parseProbeRecords(text);
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
  warn: (line: string) => void = (line) => void process.stderr.write(`drivewise: ${line}\n`),
): Promise<{ runId: string | null; result: TestResult } | null> {
  const p = loginPaths(env, configDir);
  const stale = await staleLoginEntry(p);
  if (stale) warn(stale);
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
