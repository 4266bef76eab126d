// App side of the helper channel: a fresh private directory with a socket and a one-time token
// file, exactly one authenticated helper, and a PrivilegedOps client over the connection.
import type { SurfaceArgs, SurfaceReadings } from '../engine/methods/surface';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { rootMayUseFolder, rootTempFolder } from '../core/file-owner';
import { processStartTime } from '../core/process-alive';
import { ourUid, PRIVATE_MODE, removeTree } from '../core/safe-remove';
import type { LiveValue, PrivilegedOps } from '../engine/types';
import {
  encodeFrame,
  LineDecoder,
  PROTOCOL_VERSION,
  type HelperMessage,
  type IdentifyAnswer,
  type RawTest,
} from './protocol';
import { OWNER_FILE, sweepStaleSessions } from './session-sweep';

export { sweepStaleSessions } from './session-sweep';

/** How long an unauthenticated connection may stay silent. */
const HELLO_TIMEOUT_MS = 2000;

export interface SessionPaths {
  dir: string;
  socket: string;
  tokenFile: string;
}

interface Pending {
  resolve(v: unknown): void;
  reject(e: Error): void;
  onProgress?: (fraction: number, live?: LiveValue) => void;
}

export class HelperSession implements PrivilegedOps {
  readonly paths: SessionPaths;
  /** Reasons connections were refused (missing/wrong/replayed token, junk), for diagnostics. */
  readonly refused: string[] = [];
  helperPid: number | null = null;
  /** What the sweep at open() left alone (entries named like sessions that are not ours). */
  sweepNotes: string[] = [];
  private readonly token: string;
  private readonly server: Server;
  private conn: Socket | null = null;
  private used = false;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private closedByUs = false;
  /** Why the helper said it is leaving (idle timeout), if it said so. */
  private bye: string | null = null;
  private authWaiters: { resolve(): void; reject(e: Error): void }[] = [];
  private endListeners: ((reason: string) => void)[] = [];

  private constructor(baseDir: string) {
    const dir = mkdtempSync(join(baseDir, 'drivewise-admin-'));
    chmodSync(dir, PRIVATE_MODE);
    this.paths = { dir, socket: join(dir, 'helper.sock'), tokenFile: join(dir, 'token') };
    this.token = randomBytes(32).toString('hex');
    writeFileSync(this.paths.tokenFile, this.token + '\n', { mode: 0o600, flag: 'wx' });
    // Who made it: a later start removes the folder if this process died without cleaning up.
    const start = processStartTime(process.pid) ?? '';
    writeFileSync(join(dir, OWNER_FILE), `${process.pid} ${start}\n`, { mode: 0o600, flag: 'wx' });
    this.server = createServer((s) => this.onConnection(s));
  }

  /** Creates the directory, token file and listening socket. */
  static async open(baseDir = defaultBaseDir()): Promise<HelperSession> {
    const swept = sweepStaleSessions(baseDir);
    const s = new HelperSession(baseDir);
    s.sweepNotes = swept.skipped;
    await new Promise<void>((resolve, reject) => {
      s.server.once('error', reject);
      s.server.listen(s.paths.socket, () => resolve());
    });
    chmodSync(s.paths.socket, 0o600);
    return s;
  }

  get authenticated(): boolean {
    return this.conn !== null;
  }

  /** Resolves once the helper has connected and proved itself. */
  waitForHelper(timeoutMs: number): Promise<void> {
    if (this.conn) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const t = setTimeout(() => {
        this.authWaiters = this.authWaiters.filter((w) => w.resolve !== resolve);
        reject(new Error('the admin helper did not connect in time'));
      }, timeoutMs);
      this.authWaiters.push({
        resolve: () => (clearTimeout(t), resolve()),
        reject: (e) => (clearTimeout(t), reject(e)),
      });
    });
  }

  /** Called once when the authenticated connection ends (helper exited, crashed, or close()). */
  onEnd(fn: (reason: string) => void): void {
    this.endListeners.push(fn);
  }

  private onConnection(s: Socket): void {
    if (this.conn || this.used) {
      this.refused.push('a helper is already connected');
      s.destroy();
      return;
    }
    const decoder = new LineDecoder(1024);
    const refuse = (why: string) => {
      this.refused.push(why);
      clearTimeout(timer);
      s.destroy();
    };
    const timer = setTimeout(() => refuse('no hello in time'), HELLO_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      const { lines, oversized } = decoder.push(chunk);
      if (oversized || decoder.overflowing) return refuse('oversized hello');
      if (!lines.length) return;
      s.off('data', onData);
      clearTimeout(timer);
      let hello: Partial<Extract<HelperMessage, { type: 'hello' }>>;
      try {
        hello = JSON.parse(lines[0]!) as typeof hello;
      } catch {
        return refuse('malformed hello');
      }
      if (hello?.type !== 'hello' || typeof hello.token !== 'string')
        return refuse('missing token');
      const a = Buffer.from(hello.token);
      const b = Buffer.from(this.token);
      if (a.length !== b.length || !timingSafeEqual(a, b)) return refuse('wrong token');
      if (this.used || this.conn) return refuse('token already used');
      if (hello.version !== PROTOCOL_VERSION) return refuse('protocol version mismatch');
      this.accept(s, hello.pid ?? null, lines.slice(1));
    };
    s.on('data', onData);
    s.on('error', () => s.destroy());
  }

  private accept(s: Socket, pid: number | null, rest: string[]): void {
    this.used = true;
    this.conn = s;
    this.helperPid = pid;
    // Exactly one helper: stop listening and remove the socket, any token left behind and the
    // directory itself (the connection no longer needs it), so even a killed app leaves nothing.
    this.server.close();
    this.removeDir();
    const decoder = new LineDecoder();
    const handle = (line: string) => this.onMessage(line);
    rest.forEach(handle);
    s.on('data', (chunk: Buffer) => decoder.push(chunk).lines.forEach(handle));
    s.on('close', () => this.ended());
    for (const w of this.authWaiters) w.resolve();
    this.authWaiters = [];
  }

  private onMessage(line: string): void {
    let m: HelperMessage;
    try {
      m = JSON.parse(line) as HelperMessage;
    } catch {
      return;
    }
    if (m.type === 'bye') {
      this.bye = m.reason;
      return;
    }
    if (m.type === 'hello' || m.id === null || m.id === undefined) return;
    const p = this.pending.get(m.id);
    if (!p) return;
    if (m.type === 'progress') p.onProgress?.(m.fraction, m.live);
    else {
      this.pending.delete(m.id);
      if (m.type === 'result') p.resolve(m.value);
      else p.reject(new Error(m.error));
    }
  }

  private ended(): void {
    const reason = this.closedByUs
      ? 'released'
      : this.bye === 'idle'
        ? 'idle'
        : 'the admin helper stopped unexpectedly';
    for (const p of this.pending.values()) p.reject(new Error(reason));
    this.pending.clear();
    this.conn = null;
    this.removeDir();
    for (const fn of this.endListeners) fn(reason);
    this.endListeners = [];
  }

  /** Sends one request; progress arrives through onProgress; abort sends cancel. */
  call(
    op: string,
    args: Record<string, unknown>,
    opts: { signal?: AbortSignal; onProgress?: Pending['onProgress'] } = {},
  ): Promise<unknown> {
    const conn = this.conn;
    if (!conn) return Promise.reject(new Error('admin rights are not available'));
    if (opts.signal?.aborted) return Promise.reject(new Error('cancelled'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const onAbort = () => conn.write(encodeFrame({ type: 'cancel', id }));
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      const done = () => opts.signal?.removeEventListener('abort', onAbort);
      this.pending.set(id, {
        resolve: (v) => (done(), resolve(v)),
        reject: (e) => (done(), reject(e)),
        ...(opts.onProgress ? { onProgress: opts.onProgress } : {}),
      });
      conn.write(encodeFrame({ type: 'call', id, op, args }));
    });
  }

  /** Writes an arbitrary line on the authenticated channel (tests use it to play a hostile app). */
  sendRaw(data: string | Buffer): void {
    this.conn?.write(data);
  }

  async dropCaches(): Promise<void> {
    await this.call('dropCaches', {});
  }

  async rawRead(
    op: RawTest,
    device: string,
    opts: {
      seconds?: number;
      settle?: boolean;
      signal?: AbortSignal;
      onProgress?: Pending['onProgress'];
    },
  ): Promise<Record<string, number>> {
    const args = {
      test: op,
      device,
      ...(opts.seconds !== undefined ? { seconds: opts.seconds } : {}),
      ...(opts.settle ? { settle: true } : {}),
    };
    return (await this.call('rawRead', args, opts)) as Record<string, number>;
  }

  async surfaceScan(
    device: string,
    args: SurfaceArgs,
    opts: { signal?: AbortSignal; onProgress?: Pending['onProgress'] },
  ): Promise<SurfaceReadings> {
    const { points, secondsPerPoint, bytesPerPoint } = args;
    return (await this.call(
      'surfaceScan',
      { device, points, secondsPerPoint, bytesPerPoint },
      opts,
    )) as SurfaceReadings;
  }

  async journal(args: { grep: string; boots?: number }): Promise<string> {
    return (await this.call('journal', args)) as string;
  }

  async identify(device: string): Promise<IdentifyAnswer> {
    return (await this.call('identify', { device })) as IdentifyAnswer;
  }

  async ping(): Promise<{ pong: true; uid: number }> {
    return (await this.call('ping', {})) as { pong: true; uid: number };
  }

  /** The session folder goes through the one safe remover (never a path-based recursive rm). */
  private removeDir(): void {
    removeTree(this.paths.dir, { require: { uid: ourUid(), mode: PRIVATE_MODE } });
  }

  /** Ends the session: the helper exits when its socket closes. */
  close(): void {
    this.closedByUs = true;
    this.server.close();
    for (const w of this.authWaiters) w.reject(new Error('released'));
    this.authWaiters = [];
    this.conn?.destroy();
    // Synchronously, so nothing is left behind even when the process exits right after.
    this.removeDir();
  }
}

/** $XDG_RUNTIME_DIR is per-user and private; fall back to the temp dir. */
export function defaultBaseDir(env: NodeJS.ProcessEnv = process.env): string {
  const run = env.XDG_RUNTIME_DIR;
  // As root, a runtime folder of another account (sudo -E) could have its session swapped.
  if (run && existsSync(run)) return rootMayUseFolder(run, 'XDG_RUNTIME_DIR');
  return rootTempFolder();
}
