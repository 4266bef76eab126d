// The channel between root and a process it lends to another account (the engine and the file
// worker run as the owner of the folder being measured, core/as-owner.ts). That account can attach
// to its own process (Node's inspector on SIGUSR1, ptrace) and say anything through it, so what
// arrives is data with bounds (issue 37, class 3): JSON lines on a socket pair at fd 3, not Node's
// IPC channel, whose reader buffers a message of any size (a line without an end grows root's
// memory until V8's string limit throws). A line over `maxLine` bytes or more than `maxPerSecond`
// lines in a second ends the channel with one reason, and the caller stops the child.
import { Socket } from 'node:net';
import type { Duplex } from 'node:stream';

/** The child's end of the socket pair (see `lentStdio`). */
export const CHANNEL_FD = 3;

/** stdio for a lent child: no terminal of root's, output as data, the channel at fd 3. */
export const lentStdio = ['ignore', 'pipe', 'pipe', 'pipe'] as const;

/** argv flag telling a bundle it talks over fd 3 instead of Node's IPC channel. */
export const CHANNEL_FLAG = '--channel-fd3';

export interface LineBounds {
  /** Bytes in one message, its newline excluded. */
  maxLine: number;
  /** Messages in any one second; a flood beyond it is a fault, not back-pressure. */
  maxPerSecond: number;
}

export interface LineChannel {
  send(msg: unknown): void;
  /** Sends a last message and closes this side once it is written. */
  end(msg: unknown, done: () => void): void;
  onMessage(fn: (msg: unknown) => void): void;
  /** The other side went away, or broke a bound (then `why` says which). Fires once. */
  onClose(fn: (why: string | null) => void): void;
  close(): void;
}

/** JSON lines over `stream`, each direction bounded on the reading side. */
export function lineChannel(stream: Duplex, bounds: LineBounds): LineChannel {
  const listeners: ((msg: unknown) => void)[] = [];
  const closers: ((why: string | null) => void)[] = [];
  let parts: Buffer[] = [];
  let held = 0;
  let windowStart = Date.now();
  let inWindow = 0;
  let closed = false;
  const close = (why: string | null): void => {
    if (closed) return;
    closed = true;
    stream.destroy();
    for (const fn of closers) fn(why);
  };
  const line = (buf: Buffer): void => {
    const now = Date.now();
    if (now - windowStart >= 1000) [windowStart, inWindow] = [now, 0];
    if (++inWindow > bounds.maxPerSecond)
      return close(`more than ${bounds.maxPerSecond} messages in a second`);
    let msg: unknown;
    try {
      msg = JSON.parse(buf.toString('utf8'));
    } catch {
      return close('a message that is not JSON');
    }
    for (const fn of listeners) fn(msg);
  };
  stream.on('data', (chunk: Buffer) => {
    let from = 0;
    for (let nl = chunk.indexOf(10); nl >= 0 && !closed; nl = chunk.indexOf(10, from)) {
      const piece = chunk.subarray(from, nl);
      if (held + piece.length > bounds.maxLine)
        return close(`a message over ${bounds.maxLine} bytes`);
      line(parts.length ? Buffer.concat([...parts, piece]) : piece);
      [parts, held, from] = [[], 0, nl + 1];
    }
    if (closed || from >= chunk.length) return;
    held += chunk.length - from;
    if (held > bounds.maxLine) return close(`a message over ${bounds.maxLine} bytes`);
    parts.push(chunk.subarray(from));
  });
  stream.on('close', () => close(null));
  stream.on('error', () => close(null));
  return {
    send: (msg) => {
      if (!closed && stream.writable) stream.write(`${JSON.stringify(msg)}\n`);
    },
    end: (msg, done) => {
      if (closed || !stream.writable) return done();
      stream.end(`${JSON.stringify(msg)}\n`, done);
    },
    onMessage: (fn) => void listeners.push(fn),
    onClose: (fn) => void closers.push(fn),
    close: () => close(null),
  };
}

/** The child's side: fd 3 as the channel to its parent (a bundle started with CHANNEL_FLAG). */
export function childChannel(bounds: LineBounds): LineChannel {
  return lineChannel(new Socket({ fd: CHANNEL_FD, readable: true, writable: true }), bounds);
}

/**
 * What a lent child printed, kept as data: its last `max` bytes, for a failure's one line. Never
 * written to root's terminal as it came (the caller passes it through terminalSafe).
 */
export function outputTail(streams: (NodeJS.ReadableStream | null)[], max = 2048): () => string {
  let tail = '';
  for (const s of streams)
    s?.on('data', (d: Buffer) => {
      tail = (tail + d.toString('utf8')).slice(-max);
    });
  return () => tail;
}
