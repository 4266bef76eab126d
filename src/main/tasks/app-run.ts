// One real start-and-exit of an application: its own process group, a fresh profile and home in
// the test folder and a temp folder of its own (so nothing of the person's is read or changed),
// a time bound, and on cancel or time-out the whole group killed and waited for, so no process of
// it is left running, and both folders removed.
import { mkdirSync, mkdtempSync, readdirSync, statfsSync } from 'node:fs';
import { join } from 'node:path';
import { UserError } from '../core/errors';
import { rootMayUseFolder, rootTempFolder } from '../core/file-owner';
import { groupGone } from '../core/process-alive';
import { ourUid, PRIVATE_MODE, removeTree } from '../core/safe-remove';
import type { OwnEntries, TestContext } from '../engine/types';
import type { TaskSample } from './common';
import { runTimed } from './timed-exec';

/** The longest one start may take before it is stopped (a cold start on a slow disk included). */
export const START_TIMEOUT_MS = 180_000;

/** An app that exits by itself but leaves a helper behind has this long to finish too. */
const LEFTOVER_MS = 10_000;

/**
 * The files and folders a start made in its home (a browser's profile: hundreds): the
 * filesystem's writes for them are the start's own, not another program's traffic.
 */
function entriesUnder(dir: string, cap = 100_000): OwnEntries {
  const made = { files: 0, folders: 0 };
  const stack = [dir];
  while (stack.length && made.files + made.folders < cap) {
    let list;
    try {
      list = readdirSync(stack.pop()!, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of list) {
      if (e.isDirectory()) {
        made.folders++;
        stack.push(join(e.parentPath, e.name));
      } else made.files++;
    }
  }
  return made;
}

/**
 * A start's temp folder (TMPDIR), private and in the system's temp folder. Chromium keeps its
 * SingletonSocket in one: a cancelled start left /tmp/org.chromium.Chromium.* behind, one per
 * cancel. Under the test folder the socket's path passed the 107 bytes a Unix socket may have,
 * and Chromium aborted ("Socket path too long"), so it is not in `home`.
 */
const startTemp = (): string => mkdtempSync(join(rootTempFolder(), 'dw-app-'));

const TMPFS_MAGIC = 0x01021994;
const SHM = '/dev/shm';

/**
 * A folder in memory for a start whose profile must not touch any drive (TaskWork.inMemory):
 * /dev/shm where it is a tmpfs root may use, else null (the start is then not run).
 */
export function memoryFolder(dir = SHM): string | null {
  try {
    if (statfsSync(dir).type !== TMPFS_MAGIC) return null;
    return rootMayUseFolder(dir, 'the memory folder');
  } catch {
    return null;
  }
}

/** The environment of one start: the person's, with every per-user folder in `home`. */
export function startEnv(
  home: string,
  tmp: string,
  base: NodeJS.ProcessEnv = process.env,
): NodeJS.ProcessEnv {
  return {
    ...base,
    HOME: home,
    TMPDIR: tmp,
    XDG_CONFIG_HOME: join(home, 'config'),
    XDG_CACHE_HOME: join(home, 'cache'),
    XDG_DATA_HOME: join(home, 'data'),
    // A start must not find the person's running instance and hand the work to it.
    DBUS_SESSION_BUS_ADDRESS: 'disabled:',
  };
}

const firstLine = (s: string): string =>
  s
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l && !/^\[\d+:\d+:/.test(l)) ?? '';

/**
 * Starts `argv` (made with the profile folder and output folder) and waits until it and every
 * process of its group exited. Resolves with its wall and CPU time; a failure is one line.
 * `inMemory`: the home (profile and output) is a private folder in that memory folder instead.
 */
export async function startOnce(
  ctx: Pick<TestContext, 'workDir' | 'signal'>,
  label: string,
  argvFor: (profile: string, out: string) => string[],
  n: number,
  inMemory?: string,
): Promise<TaskSample & { made: OwnEntries }> {
  const home = inMemory
    ? mkdtempSync(join(inMemory, 'dw-app-home-'))
    : join(ctx.workDir, `app-start-${n}`);
  const own = { require: { uid: ourUid(), mode: PRIVATE_MODE } };
  let tmp: string | null = null;
  const timeout = AbortSignal.timeout(START_TIMEOUT_MS);
  const signal = AbortSignal.any([ctx.signal, timeout]);
  try {
    mkdirSync(join(home, 'profile'), { recursive: true });
    tmp = startTemp();
    const argv = argvFor(join(home, 'profile'), home);
    const r = await runTimed('"$@"', argv, { signal, env: startEnv(home, tmp), cwd: home });
    if (r.pid !== null && !(await groupGone(r.pid, LEFTOVER_MS))) {
      process.kill(-r.pid, 'SIGKILL');
      await groupGone(r.pid, LEFTOVER_MS);
    }
    ctx.signal.throwIfAborted();
    if (timeout.aborted)
      throw new UserError(`${label} did not exit within ${START_TIMEOUT_MS / 1000} s: stopped`);
    if (r.code !== 0)
      throw new UserError(
        `${label} exited with ${r.signal ?? `code ${r.code}`}: ${firstLine(r.stderr) || 'no message'}`,
      );
    return { wall: r.wall, cpu: r.cpu ?? 0, made: entriesUnder(home) };
  } finally {
    removeTree(home, inMemory ? own : { within: ctx.workDir });
    if (tmp) removeTree(tmp, own);
  }
}
