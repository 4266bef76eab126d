// Admin rights for one app session: asks once, keeps one helper, reports state changes.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { PrivilegedOps } from '../engine/types';
import type {
  PrivilegedOpName,
  PrivilegedState,
  PrivilegedStatus,
} from '../../shared/contract/privileged';
import {
  checkedRuntime,
  elevatedCommand,
  elevationAvailability,
  findPolkitAgent,
  helperArgv,
  helperRuntime,
  type Availability,
  type HelperRuntime,
} from './elevate';
import { applyIdentify } from './identify-drive';
import { pkexecFailure, polkitLauncher, spawnPkexec } from './polkit';
import { HelperSession } from './session';
import type { DriveInfo } from '../../shared/schemas/drive';
import type { AppInfo } from '../../shared/contract/app';

const ALL_OPS: PrivilegedOpName[] = ['drop-caches', 'raw-read', 'identify', 'journal'];

export type SudoExec = (command: string, done: (err: Error | undefined) => void) => void;

/** The password prompt could not be used at all: reported like a missing pkexec. */
export class ElevationUnavailable extends Error {}

type SudoPrompt = typeof import('@vscode/sudo-prompt');

/** A plain synchronous require, resolved from this bundle (node_modules inside app.asar). */
export const loadSudoPrompt = (): SudoPrompt =>
  createRequire(__filename)('@vscode/sudo-prompt') as SudoPrompt;

/**
 * sudo-prompt's exec, loaded synchronously when first needed (only when the app is not root).
 * A load failure (a damaged install, a file missing from app.asar) becomes ElevationUnavailable
 * through `done` at once: an async import without a catch left the request waiting for the
 * 5-minute answer timeout.
 */
export function sudoPromptExec(load: () => SudoPrompt = loadSudoPrompt): SudoExec {
  return (command, done) => {
    let exec: SudoPrompt['exec'];
    try {
      exec = load().exec;
      if (typeof exec !== 'function') throw new Error('it has no exec()');
    } catch (err) {
      const why = (err instanceof Error ? err.message : String(err)).split('\n')[0];
      done(
        new ElevationUnavailable(`the password prompt (sudo-prompt) could not be loaded: ${why}`),
      );
      return;
    }
    exec(command, { name: 'Drivewise' }, (err) => done(err ?? undefined));
  };
}

export interface ManagerDeps {
  uid: number;
  runtime: () => HelperRuntime;
  availability: () => Availability;
  spawnDirect: (cmd: string, args: string[], env: NodeJS.ProcessEnv) => ChildProcess;
  sudoExec: SudoExec;
  /** The installed package's polkit launcher (polkit.ts), or null: then sudo-prompt asks. */
  polkitLauncher?: () => string | null;
  spawnPkexec?: (launcher: string, argv: string[]) => ChildProcess;
  baseDir?: string;
  /** How long to wait for the person to answer the password dialog. */
  askTimeoutMs: number;
  /** Helper idle timeout (seconds); undefined = helper default. */
  idleSeconds?: number;
}

export function defaultManagerDeps(electron: boolean): ManagerDeps {
  const uid = process.getuid?.() ?? -1;
  const launcher = (): string | null => polkitLauncher(process.execPath);
  return {
    uid,
    // Through a password prompt, root runs only files no process of this account can change.
    runtime: () =>
      uid === 0 ? helperRuntime({ electron }) : checkedRuntime(helperRuntime({ electron })),
    // The installed package asks through its polkit action, so with pkexec even where kdesudo
    // (which sudo-prompt would try first) is installed.
    availability: () =>
      elevationAvailability({
        uid,
        exists: launcher() ? (p) => p !== '/usr/bin/kdesudo' && existsSync(p) : existsSync,
        agent: findPolkitAgent,
      }),
    spawnDirect: (cmd, args, env) => spawn(cmd, args, { env, stdio: ['ignore', 'ignore', 'pipe'] }),
    sudoExec: sudoPromptExec(),
    polkitLauncher: launcher,
    spawnPkexec,
    askTimeoutMs: 5 * 60_000,
  };
}

/** The privileged slot of Services. */
export class PrivilegedManager {
  private state: PrivilegedState = 'not-asked';
  private reason = 'admin rights have not been requested yet';
  private session: HelperSession | null = null;
  private asking: Promise<PrivilegedStatus> | null = null;
  private readonly listeners = new Set<(s: PrivilegedStatus) => void>();

  constructor(private readonly deps: ManagerDeps) {}

  status(): PrivilegedStatus {
    const root = this.deps.uid === 0;
    const refused = root ? undefined : this.deps.runtime().refused;
    const canAsk = this.canGetAdmin().available;
    return {
      state: this.state,
      // Before anyone asks, say why asking is not offered (the AppImage, user-writable files).
      reason: this.state === 'not-asked' && refused ? refused : this.reason,
      ops: this.state === 'granted' ? ALL_OPS : [],
      isRoot: this.deps.uid === 0,
      canAsk,
    };
  }

  /**
   * The one "can we get admin rights here" rule (app.info and status() both use it): root, or
   * a helper no process of this account can change and a prompt that can really ask (kdesudo, or
   * pkexec with a running polkit agent, at the fixed paths sudo-prompt uses).
   */
  canGetAdmin(): AppInfo['privileged'] {
    const isRoot = this.deps.uid === 0;
    // Worded as app.info always said it, so the footer reads the same for root.
    if (isRoot) return { available: true, isRoot, reason: 'running as root' };
    const refused = this.deps.runtime().refused;
    if (refused) return { available: false, isRoot, reason: refused };
    const a = this.deps.availability();
    return { available: a.ok, isRoot, reason: a.reason };
  }

  onChange(fn: (s: PrivilegedStatus) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** The helper's operations while rights are granted, else null (the run records caveats). */
  ops(): (PrivilegedOps & Pick<HelperSession, 'identify' | 'ping'>) | null {
    return this.state === 'granted' && this.session?.authenticated ? this.session : null;
  }

  /** Adds what smartctl / hdparm -I know (rpm, firmware, SATA generation, health) to a drive. */
  async identifyDrive(drive: DriveInfo): Promise<{ drive: DriveInfo; notes: string[] }> {
    const ops = this.ops();
    if (!ops) return { drive, notes: ['drive identification needs admin rights'] };
    return applyIdentify(drive, await ops.identify(drive.path));
  }

  /** Asks once per session. A decline sticks unless the person explicitly asks again. */
  request(opts: { again?: boolean } = {}): Promise<PrivilegedStatus> {
    if (this.asking) return this.asking;
    if (this.state === 'granted' && this.session?.authenticated)
      return Promise.resolve(this.status());
    if (!opts.again && (this.state === 'declined' || this.state === 'unavailable'))
      return Promise.resolve(this.status());
    this.asking = this.ask().finally(() => (this.asking = null));
    return this.asking;
  }

  release(): PrivilegedStatus {
    const s = this.session;
    this.session = null;
    s?.close();
    this.set('not-asked', 'admin rights were given back');
    return this.status();
  }

  private set(state: PrivilegedState, reason: string): void {
    this.state = state;
    this.reason = reason;
    const st = this.status();
    for (const l of this.listeners) l(st);
  }

  private async ask(): Promise<PrivilegedStatus> {
    const avail = this.deps.availability();
    if (!avail.ok) {
      this.set('unavailable', avail.reason);
      return this.status();
    }
    const refused = avail.direct ? undefined : this.deps.runtime().refused;
    if (refused) {
      this.set('unavailable', refused);
      return this.status();
    }
    this.set('asking', avail.direct ? 'starting the admin helper' : avail.reason);
    let session: HelperSession | null = null;
    try {
      session = await HelperSession.open(this.deps.baseDir);
      const ended = this.launch(session, avail);
      ended.catch(() => undefined); // may end after a timeout already decided the outcome
      await Promise.race([session.waitForHelper(this.deps.askTimeoutMs), ended]);
      const { uid } = await session.ping();
      if (uid !== 0) throw new Error('the admin helper did not get root rights');
      this.session = session;
      const mine = session;
      session.onEnd((why) => {
        if (this.session !== mine) return;
        this.session = null;
        if (why === 'idle')
          this.set('not-asked', 'admin rights ended after a long time without use; ask again');
        else if (why !== 'released')
          this.set('failed', `${why}; continuing without admin rights (ask again to retry)`);
      });
      this.set(
        'granted',
        avail.direct ? 'running as root: no password needed' : 'granted for this session',
      );
    } catch (err) {
      session?.close();
      const msg = err instanceof Error ? err.message : String(err);
      if (err instanceof ElevationUnavailable) this.set('unavailable', msg.split('\n')[0]!);
      else if (/did not grant permission|dismissed|cancel/i.test(msg))
        this.set('declined', 'admin rights were not granted: the run will skip what needs them');
      else if (/No polkit authentication agent/i.test(msg))
        this.set(
          'unavailable',
          'no polkit authentication agent is running, so nobody can ask for your password',
        );
      else this.set('failed', msg.split('\n')[0]!);
    }
    return this.status();
  }

  /** Starts the helper; the returned promise rejects if it ends before authenticating. */
  private launch(
    session: HelperSession,
    avail: Extract<Availability, { ok: true }>,
  ): Promise<never> {
    const rt = this.deps.runtime();
    const script = rt.script;
    const argv = helperArgv(session.paths, process.pid, this.deps.idleSeconds);
    return new Promise<never>((_resolve, reject) => {
      if (avail.direct) {
        const env = { ...process.env, ...(rt.runAsNode ? { ELECTRON_RUN_AS_NODE: '1' } : {}) };
        const child = this.deps.spawnDirect(rt.execPath, [script, ...argv], env);
        let stderr = '';
        child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
        child.on('error', (e) => reject(e));
        child.on('exit', (code) => {
          if (!session.authenticated)
            reject(
              new Error(stderr.trim().split('\n').pop() || `the admin helper exited (${code})`),
            );
        });
        return;
      }
      const launcher = this.deps.polkitLauncher?.();
      if (launcher && this.deps.spawnPkexec) {
        // The installed package: pkexec on the launcher its polkit action names.
        const child = this.deps.spawnPkexec(launcher, argv);
        let stderr = '';
        child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
        child.on('error', (e) => reject(e));
        child.on('exit', (code) => {
          if (!session.authenticated) reject(pkexecFailure(code, stderr));
        });
        return;
      }
      const command = elevatedCommand(rt.execPath, script, argv, rt.runAsNode);
      // sudo-prompt reports only when the elevated command ends (it buffers output).
      this.deps.sudoExec(command, (err) => {
        if (!session.authenticated)
          reject(err ?? new Error('the admin helper exited before it connected'));
      });
    });
  }
}

declare module '../core/services' {
  interface Services {
    /** Admin rights for this session: the root helper's operations, or why there are none. */
    privileged: PrivilegedManager;
  }
}
