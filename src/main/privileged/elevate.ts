// How the helper gets started: directly when we already are root, else through pkexec/kdesudo
// via @vscode/sudo-prompt. Pure decisions here; the manager does the I/O.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, sep } from 'node:path';
import type { SessionPaths } from './session';

export interface HelperRuntime {
  /** node, or the Electron binary run as node, or $APPIMAGE for the AppImage. */
  execPath: string;
  /** Set ELECTRON_RUN_AS_NODE=1 for the helper process. */
  runAsNode: boolean;
  /** dist/main/root-helper.js (outside app.asar). */
  script: string;
  /** AppImage: root cannot read the FUSE mount, so the script is copied into the session dir. */
  copyScriptOut: boolean;
}

/** Where the bundled helper lives next to this bundle (or, under vitest, in dist/main). */
export function helperScriptPath(dir = __dirname, exists = existsSync): string {
  const candidates = [
    join(dir, 'root-helper.js'),
    join(dir, '..', '..', '..', 'dist', 'main', 'root-helper.js'),
  ].map((p) => p.replace(`${sep}app.asar${sep}`, `${sep}app.asar.unpacked${sep}`));
  return candidates.find((p) => exists(p)) ?? candidates[0]!;
}

/**
 * The command the shell (Electron) or CLI uses to run the helper. In Electron the binary is
 * `process.execPath` with ELECTRON_RUN_AS_NODE=1 (the RunAsNode fuse must stay on). Inside an
 * AppImage the binary and script sit on a FUSE mount root cannot read: relaunch via $APPIMAGE.
 */
export function helperRuntime(
  opts: { electron: boolean; execPath?: string; env?: NodeJS.ProcessEnv; script?: string } = {
    electron: false,
  },
): HelperRuntime {
  const env = opts.env ?? process.env;
  const execPath = opts.execPath ?? process.execPath;
  const script = opts.script ?? helperScriptPath();
  const appDir = env.APPDIR;
  const inAppImage = !!env.APPIMAGE && !!appDir && execPath.startsWith(appDir + sep);
  if (inAppImage) return { execPath: env.APPIMAGE!, runAsNode: true, script, copyScriptOut: true };
  return { execPath, runAsNode: opts.electron, script, copyScriptOut: false };
}

export function helperArgv(paths: SessionPaths, parentPid: number, idleSeconds?: number): string[] {
  return [
    '--socket',
    paths.socket,
    '--token-file',
    paths.tokenFile,
    '--parent',
    String(parentPid),
    ...(idleSeconds ? ['--idle-seconds', String(idleSeconds)] : []),
  ];
}

// sudo-prompt runs the command through two shells and only escapes double quotes, so every word
// must be free of shell syntax; single quotes then keep spaces intact.
const SHELL_SAFE = /^[A-Za-z0-9_./@:+, -]+$/;

export function elevatedCommand(
  execPath: string,
  script: string,
  argv: string[],
  runAsNode: boolean,
): string {
  const words = [execPath, script, ...argv];
  const bad = words.find((w) => !SHELL_SAFE.test(w));
  if (bad !== undefined)
    throw new Error(`cannot start the admin helper from a path with special characters: ${bad}`);
  return (runAsNode ? 'ELECTRON_RUN_AS_NODE=1 ' : '') + words.map((w) => `'${w}'`).join(' ');
}

/** Program names of polkit authentication agents (standalone ones and shells with one built in). */
const AGENT =
  /^(polkit-(gnome|kde|mate|elementary)-auth\w*(-agent-1)?|polkit-kde-authentication-agent-1|lxpolkit|lxqt-policykit-agent|xfce-polkit|mate-polkit|gnome-shell|cinnamon|budgie-polkit-dialog|hyprpolkitagent|soteria|polkit-dumb-agent|io\.elementary\.desktop\.agent-polkit|ukui-polkit|dde-polkit-agent|polkit-efl-authentication-agent-1|polkit-mate-authentication-agent-1)$/;

export const isPolkitAgentName = (name: string): boolean => AGENT.test(name);

/** Finds a running polkit agent by scanning /proc/<pid>/cmdline. */
export function findPolkitAgent(procRoot = '/proc'): string | null {
  let pids: string[];
  try {
    pids = readdirSync(procRoot).filter((d) => /^\d+$/.test(d));
  } catch {
    return null;
  }
  for (const pid of pids) {
    try {
      const argv0 = readFileSync(join(procRoot, pid, 'cmdline'), 'utf8').split('\0')[0] ?? '';
      const name = basename(argv0);
      if (name && isPolkitAgentName(name)) return name;
    } catch {
      /* process went away */
    }
  }
  return null;
}

export type Availability =
  | { ok: true; direct: true; reason: string }
  | { ok: true; direct: false; tool: 'pkexec' | 'kdesudo'; reason: string }
  | { ok: false; reason: string };

/** sudo-prompt looks only at these two fixed paths (kdesudo first). */
export function elevationAvailability(probe: {
  uid: number;
  exists: (p: string) => boolean;
  agent: () => string | null;
}): Availability {
  if (probe.uid === 0)
    return { ok: true, direct: true, reason: 'running as root: no password needed' };
  if (probe.exists('/usr/bin/kdesudo'))
    return {
      ok: true,
      direct: false,
      tool: 'kdesudo',
      reason: 'kdesudo will ask for your password',
    };
  if (!probe.exists('/usr/bin/pkexec'))
    return {
      ok: false,
      reason: 'neither pkexec nor kdesudo is installed (install the pkexec package)',
    };
  const agent = probe.agent();
  if (!agent)
    return {
      ok: false,
      reason: 'no polkit authentication agent is running, so pkexec cannot ask for your password',
    };
  return {
    ok: true,
    direct: false,
    tool: 'pkexec',
    reason: `pkexec will ask for your password (${agent})`,
  };
}
