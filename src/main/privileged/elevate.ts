// How the helper gets started: directly when we already are root, else through pkexec/kdesudo
// via @vscode/sudo-prompt. Pure decisions here; the manager does the I/O.
import {
  existsSync,
  lstatSync,
  readdirSync,
  readFileSync,
  realpathSync,
  type Stats,
} from 'node:fs';
import { basename, dirname, join, sep } from 'node:path';
import type { SessionPaths } from './session';
import { othersCanWrite } from '../core/others-write';

export interface HelperRuntime {
  /** node, or the Electron binary run as node. */
  execPath: string;
  /** Set ELECTRON_RUN_AS_NODE=1 for the helper process. */
  runAsNode: boolean;
  /** dist/main/root-helper.js (outside app.asar). */
  script: string;
  /**
   * Never true: copying the helper into a folder the person's account can write (what the
   * AppImage used to do) let any other process of that account swap it before root ran it.
   */
  copyScriptOut?: false;
  /** Why no password prompt may start the helper from here (one line), if so. */
  refused?: string;
}

/** Where the bundled helper lives next to this bundle (or, under vitest, in dist/main). */
export function helperScriptPath(dir = __dirname, exists = existsSync): string {
  const candidates = [
    join(dir, 'root-helper.js'),
    join(dir, '..', '..', '..', 'dist', 'main', 'root-helper.js'),
  ].map((p) => p.replace(`${sep}app.asar${sep}`, `${sep}app.asar.unpacked${sep}`));
  return candidates.find((p) => exists(p)) ?? candidates[0]!;
}

/** What gives admin rights instead: the packages install the app as root's own files. */
export const ADMIN_ADVICE =
  'for admin rights install the .deb or .rpm package (its /opt/Drivewise files belong to root)';

export const APPIMAGE_REFUSAL =
  'admin rights are not offered in the AppImage: root would run files your account can change; ' +
  ADMIN_ADVICE;

/**
 * The command the shell (Electron) or CLI uses to run the helper. In Electron the binary is
 * `process.execPath` with ELECTRON_RUN_AS_NODE=1 (the RunAsNode fuse must stay on). Inside an
 * AppImage the binary, the helper and the AppImage file itself are all files the person's account
 * can change, and root cannot read the FUSE mount: a password prompt is refused there (an
 * AppImage started as root mounts itself for root and runs the helper directly).
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
  return {
    execPath,
    // The installed CLI is the app's own binary run as Node: the helper needs the same switch.
    runAsNode: opts.electron || process.versions.electron !== undefined,
    script,
    ...(inAppImage ? { refused: APPIMAGE_REFUSAL } : {}),
  };
}

type Lstat = (p: string) => Pick<Stats, 'uid' | 'gid' | 'mode' | 'isSymbolicLink'>;

/**
 * Why root must not run `path` (one line), or null: the file and every folder above it must be
 * owned by root and writable by nobody else (group write only for group root), so no process of
 * the person's account can swap it between our check and pkexec starting it. Checked on the real
 * path (symlinks resolved), which is also the path that gets run.
 */
export function rootRunRefusal(
  path: string,
  fs: { realpath: (p: string) => string; lstat: Lstat } = {
    realpath: realpathSync,
    lstat: lstatSync,
  },
): string | null {
  let real: string;
  try {
    real = fs.realpath(path);
  } catch {
    return `the admin helper is missing (${path})`;
  }
  for (let p = real; ; p = dirname(p)) {
    let st: ReturnType<Lstat>;
    try {
      st = fs.lstat(p);
    } catch {
      return `cannot check ${p}`;
    }
    // Group write (root's group too) and ACL entries count: core/others-write.ts.
    const othersWrite = !st.isSymbolicLink() && othersCanWrite(p, st) !== null;
    if (st.isSymbolicLink() || st.uid !== 0 || othersWrite)
      return (
        `admin rights are not offered while Drivewise runs from files your account can change ` +
        `(${p}): ${ADMIN_ADVICE}`
      );
    if (p === dirname(p)) return null;
  }
}

/** The runtime with real paths, or refused when root could be made to run someone else's code. */
export function checkedRuntime(
  rt: HelperRuntime,
  refusal: (p: string) => string | null = rootRunRefusal,
  realpath: (p: string) => string = realpathSync,
): HelperRuntime {
  if (rt.refused) return rt;
  const why = refusal(rt.execPath) ?? refusal(rt.script);
  if (why) return { ...rt, refused: why };
  return { ...rt, execPath: realpath(rt.execPath), script: realpath(rt.script) };
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
