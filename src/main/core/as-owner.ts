// Starting a child process with another account's rights (see file-owner.ts): its uid, its primary
// gid and no supplementary groups (libuv calls setgroups(0) before setgid/setuid), cwd '/', and
// an environment cut down to what Node and the tools need, so nothing of root's environment
// (tokens, HOME, XDG folders) reaches a process that account can inspect.
import { spawn, type ChildProcess } from 'node:child_process';
import type { Duplex } from 'node:stream';
import { builtFile } from './bundled-worker';
import type { FileAccount } from './file-owner';
import { lendableScript } from './lend-copy';
import {
  CHANNEL_FD,
  CHANNEL_FLAG,
  lentStdio,
  lineChannel,
  outputTail,
  type LineBounds,
  type LineChannel,
} from './line-channel';
import { terminalSafe } from './terminal-text';

const KEEP_ENV = /^(PATH|LANG|LC_[A-Z]+|TZ|UV_[A-Z_]+|DRIVEWISE_[A-Z_]+|ELECTRON_RUN_AS_NODE)$/;

/** root's environment, reduced for a child running as `account`. */
export function accountEnv(account: FileAccount, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries({ ...process.env, ...extra }))
    if (KEEP_ENV.test(k) && v !== undefined) env[k] = v;
  return { ...env, HOME: account.home, USER: account.name, LOGNAME: account.name };
}

/** What a lent child may send root: one message under 1 MiB, not a flood (core/line-channel). */
export const FROM_LENT: LineBounds = { maxLine: 1 << 20, maxPerSecond: 200 };

export interface LentChild {
  child: ChildProcess;
  channel: LineChannel;
  /** Its stdout and stderr, last 2 KiB, made safe for a terminal: data, never passed through. */
  output(): string;
  /** Why the channel was closed on it (a bound it broke), or null. */
  broke(): string | null;
}

/**
 * Starts `script` (its lendable copy) as `account`: its uid, primary gid, no supplementary groups,
 * cwd '/', the cut-down environment, no Node flags of root's (a `--require` of root's files or an
 * inspector port are not the lent child's). Nothing of root's terminal: a session of its own
 * (setsid: no controlling terminal to write to or push input into), stdin closed, stdout and
 * stderr read as data, and the bounded channel at fd 3 instead of Node's IPC.
 */
export function spawnLent(
  account: FileAccount,
  script: string,
  extraEnv: NodeJS.ProcessEnv = {},
): LentChild {
  const child = spawn(process.execPath, [lendableScript(script, account), CHANNEL_FLAG], {
    uid: account.uid,
    gid: account.gid,
    cwd: '/',
    env: accountEnv(account, {
      ...(process.versions.electron ? { ELECTRON_RUN_AS_NODE: '1' } : {}),
      ...extraEnv,
    }),
    stdio: [...lentStdio],
    detached: true,
  });
  const channel = lineChannel(child.stdio[CHANNEL_FD] as Duplex, FROM_LENT);
  const tail = outputTail([child.stdout, child.stderr]);
  let broke: string | null = null;
  channel.onClose((why) => {
    if (!why) return;
    broke = why;
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  // A lent child that cannot start (or its channel) must not take root's process down.
  child.on('error', () => channel.close());
  return { child, channel, output: () => terminalSafe(tail()).trim(), broke: () => broke };
}

/** dist/main/<name>.js beside the running bundle, or in the checkout when run from sources. */
export function bundlePath(name: string): string {
  const found = builtFile(`${name}.js`);
  if (!found) throw new Error(`${name}.js not found: run \`npm run build\` first`);
  return found;
}

interface Answer {
  ok: boolean;
  value?: unknown;
  error?: string;
  user?: boolean;
}

/** An error the child reported: one line, kept as a person's error when it was one there. */
export class ChildError extends Error {
  constructor(
    message: string,
    readonly user: boolean,
  ) {
    super(message);
  }
}

/**
 * Sends `request` to a fresh `script` child running as `account` and resolves to its one answer
 * ({ok, value} or {ok: false, error}); the child exits after answering. The answer is data from a
 * process that account controls: the caller checks it before any use.
 */
export function askAs(account: FileAccount, script: string, request: unknown): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const lent = spawnLent(account, script);
    let answered = false;
    lent.channel.onMessage((raw) => {
      if (answered) return;
      const a = raw as Answer;
      answered = true;
      if (a?.ok === true) resolve(a.value);
      else reject(new ChildError(String(a?.error ?? 'failed').slice(0, 2000), a?.user === true));
    });
    lent.child.on('error', reject);
    lent.child.on('exit', (code, sig) => {
      if (answered) return;
      const why = lent.broke() ?? lent.output().split('\n').pop();
      reject(
        new Error(
          `the file worker as ${account.name} stopped (${sig ?? `exit ${code}`})${why ? `: ${why}` : ''}`,
        ),
      );
    });
    lent.channel.send(request);
  });
}
