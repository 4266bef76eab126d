// Starting a child process with another account's rights (see file-owner.ts): its uid, its primary
// gid and no supplementary groups (libuv calls setgroups(0) before setgid/setuid), cwd '/', and
// an environment cut down to what Node and the tools need, so nothing of root's environment
// (tokens, HOME, XDG folders) reaches a process that account can inspect.
import { fork, type ForkOptions } from 'node:child_process';
import { builtFile } from './bundled-worker';
import type { FileAccount } from './file-owner';
import { lendableScript } from './lend-copy';

const KEEP_ENV = /^(PATH|LANG|LC_[A-Z]+|TZ|UV_[A-Z_]+|DRIVEWISE_[A-Z_]+|ELECTRON_RUN_AS_NODE)$/;

/** root's environment, reduced for a child running as `account`. */
export function accountEnv(account: FileAccount, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries({ ...process.env, ...extra }))
    if (KEEP_ENV.test(k) && v !== undefined) env[k] = v;
  return { ...env, HOME: account.home, USER: account.name, LOGNAME: account.name };
}

/**
 * fork() options that run the child as `account`. No execArgv: root's own Node flags (a
 * `--require` of root's files, an inspector port) are not the lent child's, and a preload it
 * cannot read would end it before its first line.
 */
export function forkAsOptions(account: FileAccount, extraEnv: NodeJS.ProcessEnv = {}): ForkOptions {
  return {
    uid: account.uid,
    gid: account.gid,
    cwd: '/',
    env: accountEnv(account, extraEnv),
    execArgv: [],
  };
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
 * ({ok, value} or {ok: false, error}); the child exits after answering.
 */
export function askAs(account: FileAccount, script: string, request: unknown): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const child = fork(lendableScript(script, account), [], {
      ...forkAsOptions(account, process.versions.electron ? { ELECTRON_RUN_AS_NODE: '1' } : {}),
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'json',
    });
    let answered = false;
    child.on('message', (raw) => {
      const a = raw as Answer;
      answered = true;
      if (a?.ok) resolve(a.value);
      else reject(new ChildError(String(a?.error ?? 'failed'), a?.user === true));
    });
    child.on('error', reject);
    child.on('exit', (code, sig) => {
      if (!answered)
        reject(new Error(`the file worker as ${account.name} stopped (${sig ?? `exit ${code}`})`));
    });
    child.send(request as object);
  });
}
