import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  engineTransport,
  PARENT_POLL_MS,
  type EngineProcessLike,
} from '../../../../src/main/engine/transport';

/** A fake `process`: an emitter with ppid, and either fork IPC or an Electron parentPort. */
function fakeProcess(kind: 'fork' | 'utility') {
  const proc = new EventEmitter() as EventEmitter & {
    ppid: number;
    connected: boolean;
    sent: unknown[];
    sendError: Error | null;
    send?: EngineProcessLike['send'];
    parentPort?: EventEmitter & { posted: unknown[]; fail: boolean; postMessage(m: unknown): void };
  };
  proc.ppid = 100;
  proc.sent = [];
  proc.sendError = null;
  if (kind === 'fork') {
    proc.connected = true;
    proc.send = (m, _h, _o, cb) => {
      proc.sent.push(m);
      cb?.(proc.sendError);
      return true;
    };
  } else {
    proc.connected = false;
    const port = new EventEmitter() as NonNullable<typeof proc.parentPort>;
    port.posted = [];
    port.fail = false;
    port.postMessage = (m) => {
      if (port.fail) throw new Error('port closed');
      port.posted.push(m);
    };
    proc.parentPort = port;
  }
  return proc;
}

afterEach(() => vi.useRealTimers());

describe('engine transport: utilityProcess (process.parentPort)', () => {
  it('is chosen whenever process.parentPort exists', () => {
    const proc = fakeProcess('utility');
    expect(engineTransport(proc).kind).toBe('parent-port');
  });

  it('posts to the parent port in the JSON wire shape and never uses process.send', () => {
    const proc = fakeProcess('utility');
    proc.send = vi.fn();
    const t = engineTransport(proc);
    t.send({ type: 'progress', etaSeconds: Number.NaN, message: undefined });
    expect(proc.parentPort!.posted).toEqual([{ type: 'progress', etaSeconds: null }]);
    expect(proc.send).not.toHaveBeenCalled();
  });

  it('unwraps MessageEvent.data and ignores fork IPC messages', () => {
    const proc = fakeProcess('utility');
    const got: unknown[] = [];
    engineTransport(proc).onMessage((m) => got.push(m));
    proc.parentPort!.emit('message', { data: { type: 'cancel' }, ports: [] });
    proc.emit('message', { type: 'start' });
    expect(got).toEqual([{ type: 'cancel' }]);
  });

  it('treats SIGTERM (Electron ending utility processes at quit) as the parent going away', () => {
    const proc = fakeProcess('utility');
    const gone = vi.fn();
    engineTransport(proc).onParentGone(gone);
    proc.emit('disconnect'); // no fork channel here: not a signal
    expect(gone).not.toHaveBeenCalled();
    proc.emit('SIGTERM');
    expect(gone).toHaveBeenCalledTimes(1);
  });

  it('notices being re-parented (the main process died)', () => {
    vi.useFakeTimers();
    const proc = fakeProcess('utility');
    const gone = vi.fn();
    engineTransport(proc).onParentGone(gone);
    vi.advanceTimersByTime(PARENT_POLL_MS * 3);
    expect(gone).not.toHaveBeenCalled();
    proc.ppid = 1;
    vi.advanceTimersByTime(PARENT_POLL_MS);
    expect(gone).toHaveBeenCalled();
  });

  it('a failing postMessage is the parent going away', () => {
    const proc = fakeProcess('utility');
    const t = engineTransport(proc);
    const gone = vi.fn();
    t.onParentGone(gone);
    proc.parentPort!.fail = true;
    t.send({ type: 'done', asyncIo: 'x' });
    expect(gone).toHaveBeenCalledTimes(1);
  });
});

describe('engine transport: child_process.fork (process.send)', () => {
  it('is chosen without a parentPort (also when Electron sets it to null)', () => {
    expect(engineTransport(fakeProcess('fork')).kind).toBe('fork-ipc');
    const proc = fakeProcess('fork');
    expect(engineTransport({ ...proc, on: proc.on.bind(proc), parentPort: null }).kind).toBe(
      'fork-ipc',
    );
    // The test runner itself is a plain Node process.
    expect(engineTransport().kind).toBe('fork-ipc');
  });

  it('sends over IPC only while connected', () => {
    const proc = fakeProcess('fork');
    const t = engineTransport(proc);
    t.send({ type: 'ready' });
    proc.connected = false;
    t.send({ type: 'done' });
    expect(proc.sent).toEqual([{ type: 'ready' }]);
  });

  it('relays IPC messages as they are', () => {
    const proc = fakeProcess('fork');
    const got: unknown[] = [];
    engineTransport(proc).onMessage((m) => got.push(m));
    proc.emit('message', { type: 'cancel' });
    expect(got).toEqual([{ type: 'cancel' }]);
  });

  it('disconnect, a channel error and a failed send all mean the parent is gone', () => {
    const proc = fakeProcess('fork');
    const t = engineTransport(proc);
    const gone = vi.fn();
    t.onParentGone(gone);
    proc.emit('disconnect');
    proc.emit('error', new Error('EPIPE'));
    proc.sendError = new Error('EPIPE');
    t.send({ type: 'ready' });
    expect(gone).toHaveBeenCalledTimes(3);
    proc.emit('SIGTERM'); // the fork path keeps Node's default SIGTERM behaviour
    expect(gone).toHaveBeenCalledTimes(3);
  });
});
