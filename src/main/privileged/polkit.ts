// The installed package's named polkit action. The .deb and .rpm install a polkit policy
// (assets/linux/org.drivewise.app.policy) whose action runs one file, the root helper's launcher;
// the installed app starts it with `pkexec <launcher> …`, so the password prompt says what
// Drivewise will do. sudo-prompt's `pkexec /bin/bash -c …` made polkit say "Authentication is
// needed to run /bin/bash as the super user" and show the command line. A source checkout and
// the AppImage have no such action and keep sudo-prompt (or no prompt at all).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import { rootRunRefusal } from './elevate';

export const POLKIT_ACTION = 'org.drivewise.app.root-helper';
export const POLKIT_POLICY = '/usr/share/polkit-1/actions/org.drivewise.app.policy';
/** The launcher the action's org.freedesktop.policykit.exec.path names. */
export const POLKIT_LAUNCHER = '/usr/libexec/drivewise/drivewise-root-helper';
/** Where the packages install the app; the launcher runs the binary and helper from here. */
export const INSTALLED_APP_DIR = '/opt/Drivewise';
export const PKEXEC = '/usr/bin/pkexec';

export interface PolkitProbe {
  exists: (p: string) => boolean;
  realpath: (p: string) => string;
  /** Why root must not run this file (rootRunRefusal), or null. */
  refusal: (p: string) => string | null;
}

const realProbe: PolkitProbe = {
  exists: existsSync,
  realpath: realpathSync,
  refusal: (p) => rootRunRefusal(p),
};

/**
 * The launcher to hand to pkexec, or null when this is not the installed package: the binary
 * running is the one under /opt/Drivewise, the policy and the launcher are installed, and the
 * launcher (and every folder above it) is root's alone.
 */
export function polkitLauncher(execPath: string, probe: PolkitProbe = realProbe): string | null {
  let real: string;
  try {
    real = probe.realpath(execPath);
  } catch {
    return null;
  }
  if (!real.startsWith(`${INSTALLED_APP_DIR}/`)) return null;
  if (!probe.exists(POLKIT_POLICY) || !probe.exists(POLKIT_LAUNCHER)) return null;
  return probe.refusal(POLKIT_LAUNCHER) === null ? POLKIT_LAUNCHER : null;
}

/**
 * pkexec's way of saying no, worded so the manager reads it as sudo-prompt's: 126 is a dismissed
 * dialog; 127 is "not authorized" (a wrong password three times, or the action's defaults) or no
 * authentication agent to ask with.
 */
export function pkexecFailure(code: number | null, stderr: string): Error {
  const said = stderr.trim().split('\n').pop() ?? '';
  if (code === 126) return new Error('the password dialog was dismissed');
  if (code === 127 && /no authentication agent/i.test(said))
    return new Error('No polkit authentication agent found.');
  if (code === 127) return new Error(`User did not grant permission. (${said || 'pkexec 127'})`);
  return new Error(said || `the admin helper exited (${code})`);
}

/** Starts `pkexec <launcher> <argv>`: the prompt names the action, not a shell. */
export function spawnPkexec(launcher: string, argv: string[]): ChildProcess {
  return spawn(PKEXEC, [launcher, ...argv], { stdio: ['ignore', 'ignore', 'pipe'] });
}
