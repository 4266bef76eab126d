// How the engine process talks to its parent: Electron's `process.parentPort` when the app runs
// it as a utilityProcess, Node's fork IPC channel otherwise (CLI, web host, tests), and the bounded
// line channel at fd 3 when root lends it to another account (core/line-channel.ts).
import { childChannel, type LineChannel } from '../core/line-channel';

/** The slice of Electron's ParentPort the engine uses (this module must not import electron). */
export interface ParentPortLike {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (e: { data: unknown }) => void): unknown;
}

/** The slice of `process` the transport uses; tests pass a fake. */
export interface EngineProcessLike {
  parentPort?: ParentPortLike | null | undefined;
  connected?: boolean;
  send?: (
    message: unknown,
    sendHandle?: undefined,
    options?: object,
    callback?: (error: Error | null) => void,
  ) => boolean;
  on(event: string, listener: (...args: unknown[]) => void): unknown;
  readonly ppid: number;
}

export interface EngineTransport {
  kind: 'parent-port' | 'fork-ipc' | 'line-fd';
  send(msg: unknown): void;
  onMessage(fn: (msg: unknown) => void): void;
  /**
   * The parent went away (or, for a utilityProcess, is tearing the engine down): nobody else
   * will clean up after the engine any more. May fire more than once.
   */
  onParentGone(fn: () => void): void;
}

/** How often a utilityProcess engine checks that its parent is still there. */
export const PARENT_POLL_MS = 1000;

/** Same wire shape as fork's `serialization: 'json'` (NaN → null, undefined keys dropped). */
export const jsonWire = (m: unknown): unknown => JSON.parse(JSON.stringify(m)) as unknown;

export function engineTransport(
  proc: EngineProcessLike = process as unknown as EngineProcessLike,
): EngineTransport {
  const goneHandlers: (() => void)[] = [];
  const gone = (): void => goneHandlers.forEach((fn) => fn());
  const port = proc.parentPort;

  if (port) {
    return {
      kind: 'parent-port',
      send: (m) => {
        try {
          port.postMessage(jsonWire(m));
        } catch {
          gone();
        }
      },
      onMessage: (fn) => void port.on('message', (e) => fn(e?.data)),
      onParentGone: (fn) => {
        if (goneHandlers.push(fn) > 1) return;
        // Electron ends utility processes with SIGTERM when the app quits. The parent's own hard
        // stop is a SIGKILL by pid (shell/utility-spawner.ts), so this never delays a cancel.
        proc.on('SIGTERM', gone);
        // ParentPort has no disconnect event: a main process that died leaves us re-parented.
        const ppid = proc.ppid;
        setInterval(() => proc.ppid !== ppid && gone(), PARENT_POLL_MS).unref();
      },
    };
  }

  return {
    kind: 'fork-ipc',
    send: (m) => {
      // A send racing the parent's death fails with EPIPE: that is the parent going away, not a
      // crash.
      if (proc.connected) proc.send?.(m, undefined, {}, (err) => err && gone());
    },
    onMessage: (fn) => void proc.on('message', (raw) => fn(raw)),
    onParentGone: (fn) => {
      if (goneHandlers.push(fn) > 1) return;
      proc.on('disconnect', gone);
      proc.on('error', gone);
    },
  };
}

/** The lent engine's side of the channel at fd 3 (started with CHANNEL_FLAG by as-owner.ts). */
export function lineTransport(
  ch: LineChannel = childChannel({ maxLine: 1 << 20, maxPerSecond: 1000 }),
): EngineTransport {
  return {
    kind: 'line-fd',
    send: (m) => ch.send(m),
    onMessage: (fn) => ch.onMessage(fn),
    onParentGone: (fn) => ch.onClose(() => fn()),
  };
}
