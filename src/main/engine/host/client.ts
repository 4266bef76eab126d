// Parent side of the engine process: spawns it (fork in CLI/tests; the Electron shell can pass a
// utilityProcess-backed spawner), relays progress, answers privileged requests, and enforces
// cancel: a polite message first, a hard kill after CANCEL_GRACE_MS.
import type { SurfaceArgs } from '../methods/surface';
import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { TestResult } from '../../../shared/schemas/run';
import { spawnLent } from '../../core/as-owner';
import type { FileAccount } from '../../core/file-owner';
import { builtFile } from '../../core/bundled-worker';
import { codeFromEnv } from '../../core/trusted-code';
import { fromEngine, type EnginePlan, type FromEngine, type ToEngine } from '../protocol';
import { engineGuard } from './engine-guard';
import type { PrivilegedOps } from '../types';

export const CANCEL_GRACE_MS = 300;
/**
 * A killed process stuck in an uninterruptible fsync/sync only dies when the syscall returns; the
 * cancel is reported after this long anyway and the caller cleans up again once it really exits.
 */
export const CANCEL_REPORT_MS = 700;

export interface EngineChild {
  send(msg: ToEngine): void;
  onMessage(fn: (msg: unknown) => void): void;
  onExit(fn: (code: number | null, signal: string | null) => void): void;
  /** Hard stop (SIGKILL). */
  kill(): void;
  /**
   * Lent to another account (core/as-owner): it gets no privileged operation, and why its
   * channel was closed or what it printed is data for the failure's one line.
   */
  lent?: { account: string; why(): string | null };
}
export type EngineSpawner = () => EngineChild;

/**
 * DRIVEWISE_ENGINE_WORKER (as root only a file of root's in root's folders: core/trusted-code),
 * else dist/main/engine-worker.js beside the running bundle, or the checkout's from the sources.
 */
export function defaultWorkerPath(): string {
  const chosen = codeFromEnv('DRIVEWISE_ENGINE_WORKER');
  const found = chosen && existsSync(chosen) ? chosen : builtFile('engine-worker.js');
  if (!found) throw new Error('engine-worker.js not found: run `npm run build` first');
  return found;
}

/**
 * libuv (Node 20) submits async fs requests through io_uring only when asked; the engine uses that
 * for small deep-queue requests (queue.ts). The pool size is the fallback where io_uring is off.
 */
export const ENGINE_ENV = { UV_USE_IO_URING: '1', UV_THREADPOOL_SIZE: '32' };

/**
 * The engine lent to `account` (root in a folder another account controls, core/file-owner): its
 * uid/gid, no supplementary groups, no terminal of root's, the bounded channel at fd 3
 * (core/as-owner's spawnLent). Root answers none of its privileged requests (runEngine).
 */
function lentSpawner(script: string, account: FileAccount): EngineChild {
  const lent = spawnLent(account, script, ENGINE_ENV);
  const { child, channel } = lent;
  return {
    send: (m) => channel.send(m),
    onMessage: (fn) => channel.onMessage(fn),
    onExit: (fn) => child.on('exit', (code, sig) => fn(code, sig)),
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
    lent: { account: account.name, why: () => lent.broke() ?? lastLine(lent.output()) },
  };
}

const lastLine = (text: string): string | null => text.split('\n').pop()?.slice(0, 300) || null;

/**
 * Forks the engine; with `account` (root in a folder another account controls, core/file-owner)
 * it is lent to that account (lentSpawner), and root keeps the privileged steps to itself.
 */
export function forkSpawner(workerPath?: string, account?: FileAccount | null): EngineSpawner {
  return () => {
    const script = workerPath ?? defaultWorkerPath();
    if (account) return lentSpawner(script, account);
    // Under Electron, fork() runs the Electron binary: make it behave as plain Node.
    const env = {
      ...ENGINE_ENV,
      ...(process.versions.electron ? { ELECTRON_RUN_AS_NODE: '1' } : {}),
    };
    const child = fork(script, [], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'json',
    });
    return {
      send: (m) => {
        if (child.connected) child.send(m);
      },
      onMessage: (fn) => child.on('message', fn),
      onExit: (fn) => child.on('exit', (code, sig) => fn(code, sig)),
      kill: () => {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      },
    };
  };
}

export interface EngineProgress {
  testId: string;
  index: number;
  fraction: number;
  overall: number;
  etaSeconds: number | null;
  liveValue: { value: number; unit: string } | null;
  message?: string | undefined;
}

export interface EngineRunOptions {
  plan: Omit<EnginePlan, 'privileged'>;
  spawner?: EngineSpawner | undefined;
  privileged?: PrivilegedOps | null | undefined;
  signal?: AbortSignal | undefined;
  onProgress?: ((p: EngineProgress) => void) | undefined;
  onResult?: ((r: TestResult) => void) | undefined;
}

export interface EngineOutcome {
  results: TestResult[];
  cancelled: boolean;
  asyncIo: string;
  /** ETA given at the end of each test (see runner.ts). */
  phases: { after: string; atSeconds: number; etaSeconds: number }[];
  /** Settles when the engine process has really gone (after a cancel it may outlive the answer). */
  exited: Promise<void>;
}

export function runEngine(opts: EngineRunOptions): Promise<EngineOutcome> {
  const child = (opts.spawner ?? forkSpawner())();
  const results: TestResult[] = [];
  let asyncIo = 'unknown';
  let phases: EngineOutcome['phases'] = [];
  let done = false;
  let engineError: string | null = null;
  let killTimer: NodeJS.Timeout | null = null;
  // A lent engine is a process another account can attach to: it asks for nothing (issue 37).
  const priv = child.lent ? null : (opts.privileged ?? null);
  const guard = engineGuard(opts.plan.tests);
  let markExited: () => void = () => {};
  const exited = new Promise<void>((r) => (markExited = r));
  let reportTimer: NodeJS.Timeout | null = null;

  let lastProgress: { p: EngineProgress; at: number } | null = null;
  const heartbeat = startHeartbeat(() => (done ? null : lastProgress), opts.onProgress);
  return new Promise((resolve, reject) => {
    const onAbort = (): void => {
      child.send({ type: 'cancel' });
      killTimer ??= setTimeout(() => child.kill(), CANCEL_GRACE_MS);
      reportTimer ??= setTimeout(
        () => resolve({ results, cancelled: true, asyncIo, phases, exited }),
        CANCEL_REPORT_MS,
      );
    };
    child.onMessage((raw) => {
      const parsed = fromEngine.safeParse(raw);
      if (!parsed.success || !guard.accept(parsed.data)) return;
      const m = parsed.data;
      switch (m.type) {
        case 'ready':
          child.send({ type: 'start', plan: { ...opts.plan, privileged: priv !== null } });
          break;
        case 'progress':
          lastProgress = { p: m, at: Date.now() };
          opts.onProgress?.(m);
          break;
        case 'result':
          results.push(m.result);
          opts.onResult?.(m.result);
          break;
        case 'privileged':
          void answerPrivileged(child, priv, opts.signal, m);
          break;
        case 'done':
          done = true;
          asyncIo = m.asyncIo;
          phases = m.phases;
          child.kill();
          break;
        case 'error':
          engineError = m.message;
          child.kill();
          break;
      }
    });
    child.onExit((code, sig) => {
      clearInterval(heartbeat);
      if (killTimer) clearTimeout(killTimer);
      if (reportTimer) clearTimeout(reportTimer);
      markExited();
      opts.signal?.removeEventListener('abort', onAbort);
      // A cancel the engine honoured politely still ends with 'done': it is a cancel all the same.
      const cancelled =
        (opts.signal?.aborted ?? false) || results.some((r) => r.status === 'cancelled');
      if (done || cancelled) return resolve({ results, cancelled, asyncIo, phases, exited });
      reject(new Error(exitMessage(engineError, code, sig, child.lent)));
    });
    if (opts.signal?.aborted) onAbort();
    else opts.signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Why the engine went away without finishing: its own error when it sent one. */
function exitMessage(
  engineError: string | null,
  code: number | null,
  sig: string | null,
  lent?: EngineChild['lent'],
): string {
  if (engineError) return `benchmark engine failed: ${engineError}`;
  const how = `(${sig ?? `exit code ${code}`})`;
  const why = lent?.why();
  return lent
    ? `the benchmark engine, run as ${lent.account}, stopped ${how}${why ? `: ${why}` : ''}`
    : `the benchmark engine stopped unexpectedly ${how}`;
}

/**
 * A step that reports nothing for a while (a sync, a cache drop, a blocked syscall) must not
 * freeze the ETA: count it down from the last report until the engine speaks again. `last`
 * gives null once the run is done.
 */
function startHeartbeat(
  last: () => { p: EngineProgress; at: number } | null,
  onProgress: ((p: EngineProgress) => void) | undefined,
): NodeJS.Timeout {
  const heartbeat = setInterval(() => {
    const lastProgress = last();
    if (!lastProgress) return;
    const quiet = (Date.now() - lastProgress.at) / 1000;
    if (quiet < 2 || lastProgress.p.etaSeconds === null) return;
    onProgress?.({
      ...lastProgress.p,
      etaSeconds: Math.max(1, Math.round(lastProgress.p.etaSeconds - quiet)),
    });
  }, 1000);
  heartbeat.unref?.();
  return heartbeat;
}

/** Does what the engine asks of the parent (cache drop, journal, raw read) and sends the answer. */
async function answerPrivileged(
  child: EngineChild,
  priv: PrivilegedOps | null,
  signal: AbortSignal | undefined,
  m: Extract<FromEngine, { type: 'privileged' }>,
): Promise<void> {
  try {
    if (!priv) throw new Error('no admin rights');
    let value: unknown;
    if (m.op === 'dropCaches') value = await priv.dropCaches();
    else if (m.op === 'surfaceScan') {
      if (!priv.surfaceScan) throw new Error('surface scan not available');
      const [device, args] = m.args as [string, SurfaceArgs];
      value = await priv.surfaceScan(device, args, {
        ...(signal ? { signal } : {}),
        onProgress: (fraction, live) =>
          child.send({ type: 'privileged-progress', id: m.id, fraction, live: live ?? null }),
      });
    } else if (m.op === 'journal') {
      if (!priv.journal) throw new Error('journal access not available');
      value = await priv.journal(m.args[0] as { grep: string; boots?: number });
    } else {
      const [op, device, o] = m.args as [
        Parameters<PrivilegedOps['rawRead']>[0],
        string,
        { seconds?: number; settle?: unknown },
      ];
      value = await priv.rawRead(op, device, {
        ...(o?.seconds !== undefined ? { seconds: o.seconds } : {}),
        ...(o?.settle === true ? { settle: true } : {}),
        ...(signal ? { signal } : {}),
        onProgress: (fraction, live) =>
          child.send({ type: 'privileged-progress', id: m.id, fraction, live: live ?? null }),
      });
    }
    child.send({ type: 'privileged-result', id: m.id, ok: true, value });
  } catch (err) {
    child.send({
      type: 'privileged-result',
      id: m.id,
      ok: false,
      error: err instanceof Error ? err.message : String(err),
    });
  }
}

declare module '../../core/services' {
  interface Services {
    /** How the benchmark engine process is started: a utilityProcess in the app; fork when unset. */
    engineSpawner?: EngineSpawner | undefined;
  }
}
