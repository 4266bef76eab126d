// The root helper: connects back to the app's socket, proves itself with the one-time token and
// then serves only the whitelisted operations in protocol.ts. Exits when the socket closes, when
// the app process dies, or after an idle timeout.
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readFileSync,
  readSync,
  unlinkSync,
} from 'node:fs';
import { createConnection, type Socket } from 'node:net';
import { dirname } from 'node:path';
import { openListedBlockDevice } from './device-guard';
import { dropCaches, flushDeviceBuffers, identify, journal, realGuardFs } from './helper-ops';
import {
  encodeFrame,
  LineDecoder,
  parseRequest,
  PROTOCOL_VERSION,
  type HelperMessage,
  type HelperRequest,
  type RawReadArgs,
  type SurfaceScanArgs,
} from './protocol';
import { bufferedReadMethod, cachedReadMethod } from '../engine/methods/hdparm';
import { seekerMethod } from '../engine/methods/seeker';
import { RAW_SETTLE } from '../engine/methods/settle';
import { surfaceScanMethod, type SurfaceReadings } from '../engine/methods/surface';
import { HELPER_READ_BYTES } from '../engine/types';
import { parseProcessIo } from '../core/io-counters';

export interface HelperArgs {
  socket: string;
  tokenFile: string;
  parentPid: number;
  idleSeconds: number;
}

export const DEFAULT_IDLE_SECONDS = 30 * 60;
const MAX_IN_FLIGHT = 4;
const DEFAULT_SECONDS = { 'buffered-read': 3, 'cached-read': 2, seeker: 30 } as const;

export function parseHelperArgs(argv: string[]): HelperArgs {
  const get = (flag: string): string | undefined => {
    const i = argv.indexOf(flag);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const socket = get('--socket');
  const tokenFile = get('--token-file');
  const parentPid = Number(get('--parent'));
  const idle = get('--idle-seconds');
  const idleSeconds = idle === undefined ? DEFAULT_IDLE_SECONDS : Number(idle);
  if (!socket || !tokenFile || !Number.isSafeInteger(parentPid) || parentPid <= 1)
    throw new Error('usage: root-helper --socket PATH --token-file PATH --parent PID');
  if (!(idleSeconds > 0)) throw new Error('--idle-seconds must be positive');
  // The token's private directory vouches for the socket too: both must live in it.
  if (dirname(socket) !== dirname(tokenFile))
    throw new Error('socket and token file must be in the same directory');
  return { socket, tokenFile, parentPid, idleSeconds };
}

/**
 * Reads the session token and deletes the file, so it can be used once. The directory must be a
 * private (no group/other access) real directory and the file a private regular file of the same
 * owner: otherwise somebody else could have planted a token and a socket of their own.
 */
export function readTokenOnce(tokenFile: string): string {
  const dir = lstatSync(dirname(tokenFile));
  if (!dir.isDirectory() || (dir.mode & 0o077) !== 0)
    throw new Error('token directory is not a private directory');
  // Non-blocking: a FIFO planted as the token file must not hang the helper on open or read.
  const fd = openSync(tokenFile, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  let token: string;
  try {
    const st = fstatSync(fd);
    if (!st.isFile() || (st.mode & 0o077) !== 0 || st.uid !== dir.uid)
      throw new Error('token file is not a private regular file of the directory owner');
    const buf = Buffer.alloc(128);
    const n = readSync(fd, buf, 0, buf.length, 0);
    token = buf.subarray(0, n).toString('utf8').trim();
    if (!/^[0-9a-f]{64}$/.test(token)) throw new Error('token file does not hold a token');
  } finally {
    closeSync(fd);
  }
  // Only a token file that passed every check is used up; a refused one is not ours to delete.
  unlinkSync(tokenFile);
  return token;
}

/** Process start time from /proc, so a recycled pid is not mistaken for the app. */
export function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 2 (comm) may contain spaces and parentheses: count fields after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // A zombie is dead even though nobody has reaped it yet.
    if (fields[0] === 'Z' || fields[0] === 'X') return null;
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

export interface HelperDeps {
  exit(code: number): void;
}

export function runHelper(args: HelperArgs, deps: HelperDeps): void {
  let exiting = false;
  const exit = (code: number) => {
    if (exiting) return;
    exiting = true;
    deps.exit(code);
  };
  const parentStart = processStartTime(args.parentPid);
  if (!parentStart) return exit(4);
  const token = readTokenOnce(args.tokenFile);

  // Parent death: the socket normally closes at once, this poll covers everything else.
  const parentWatch = setInterval(() => {
    if (processStartTime(args.parentPid) !== parentStart) exit(0);
  }, 200);
  parentWatch.unref();

  const sock: Socket = createConnection(args.socket);
  const send = (m: HelperMessage) => {
    if (!sock.destroyed) sock.write(encodeFrame(m));
  };
  const inFlight = new Map<number, { cancel(): void }>();

  let idleTimer: NodeJS.Timeout | null = null;
  const touch = () => {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      if (inFlight.size > 0) return touch();
      // Say why before leaving, so the app can tell an idle end from a crash.
      send({ type: 'bye', reason: 'idle' });
      sock.end(() => exit(0));
      setTimeout(() => exit(0), 500).unref();
    }, args.idleSeconds * 1000);
  };

  sock.on('connect', () => {
    send({ type: 'hello', token, pid: process.pid, version: PROTOCOL_VERSION });
    touch();
  });
  sock.on('error', () => exit(sock.connecting ? 4 : 0));
  sock.on('close', () => exit(0));

  const decoder = new LineDecoder();
  sock.on('data', (chunk: Buffer) => {
    touch();
    const { lines, oversized } = decoder.push(chunk);
    for (let i = 0; i < oversized; i++)
      send({ type: 'error', id: null, error: 'message too large' });
    for (const line of lines) {
      const parsed = parseRequest(line);
      if (!parsed.ok) send({ type: 'error', id: parsed.id, error: parsed.error });
      else handleRequest(parsed.req, { inFlight, send, touch });
    }
  });
}

type Send = (m: HelperMessage) => void;

/** What a request needs of its connection: the live requests, the reply channel, the idle timer. */
interface Connection {
  inFlight: Map<number, { cancel(): void }>;
  send: Send;
  touch: () => void;
}

/** Cancel, duplicate-id and busy checks run before any operation starts. */
function handleRequest(req: HelperRequest, c: Connection): void {
  const { inFlight, send, touch } = c;
  if (req.type === 'cancel') {
    inFlight.get(req.id)?.cancel();
    return;
  }
  if (inFlight.has(req.id)) return send({ type: 'error', id: req.id, error: 'duplicate id' });
  if (inFlight.size >= MAX_IN_FLIGHT)
    return send({ type: 'error', id: req.id, error: 'helper busy' });
  const ac = new AbortController();
  inFlight.set(req.id, { cancel: () => ac.abort() });
  run(req, ac.signal, send)
    .then((value) => send({ type: 'result', id: req.id, value }))
    .catch((err: unknown) =>
      send({
        type: 'error',
        id: req.id,
        error: err instanceof Error ? err.message : String(err),
      }),
    )
    .finally(() => {
      inFlight.delete(req.id);
      touch();
    });
}

async function run(
  req: Extract<HelperRequest, { type: 'call' }>,
  signal: AbortSignal,
  send: Send,
): Promise<unknown> {
  switch (req.op) {
    case 'ping':
      return { pong: true, uid: process.getuid?.() ?? -1 };
    case 'dropCaches':
      return dropCaches();
    case 'identify': {
      const dev = await openListedBlockDevice(req.args.device, realGuardFs);
      closeSync(dev.fd);
      return identify(req.args.device);
    }
    case 'journal':
      return journal(req.args);
    case 'rawRead':
      return withReadBytes(() => rawReadFigures(req.id, req.args, signal, send));
    case 'surfaceScan':
      return withReadBytes(() => surfaceScan(req.id, req.args, signal, send));
  }
}

/**
 * The surface scan on the guard's read-only descriptor, opened O_DIRECT: the device's own dirty
 * data is written out first (BLKFLSBUF), as before hdparm -t, so no writeback shares the reads.
 */
async function surfaceScan(
  id: number,
  a: SurfaceScanArgs,
  signal: AbortSignal,
  send: Send,
): Promise<SurfaceReadings> {
  const dev = await openListedBlockDevice(a.device, realGuardFs, { direct: true });
  try {
    await flushDeviceBuffers(a.device);
    return await surfaceScanMethod(dev.fd, dev.entry.sizeBytes, a, {
      signal,
      onProgress: (fraction, live) =>
        send({ type: 'progress', id, fraction, ...(live ? { live } : {}) }),
    });
  } finally {
    closeSync(dev.fd);
  }
}

/**
 * A device read for the engine, with the device bytes this process read for it (readahead and
 * cache flushes included): the engine counts them as its own, where they would otherwise read as
 * another's traffic. The reads (hdparm -t/-T, seeker, the surface scan) run on the validated,
 * read-only fd and yield to the event loop every 100 ms, so cancel, parent-death checks and the
 * socket stay live.
 */
async function withReadBytes(read: () => Promise<object>): Promise<unknown> {
  const before = ownReadBytes();
  const figures = await read();
  const after = ownReadBytes();
  return before === null || after === null
    ? figures
    : { ...figures, [HELPER_READ_BYTES]: Math.max(0, after - before) };
}

function ownReadBytes(): number | null {
  try {
    return parseProcessIo(readFileSync('/proc/self/io', 'utf8'))?.readBytes ?? null;
  } catch {
    return null;
  }
}

async function rawReadFigures(
  id: number,
  a: RawReadArgs,
  signal: AbortSignal,
  send: Send,
): Promise<Record<string, number>> {
  const dev = await openListedBlockDevice(a.device, realGuardFs);
  try {
    if (a.test === 'buffered-read') await flushDeviceBuffers(a.device);
    const opts = {
      seconds: a.seconds ?? DEFAULT_SECONDS[a.test],
      ...(a.settle && a.test !== 'cached-read' ? { settle: RAW_SETTLE[a.test] } : {}),
      signal,
      onProgress: (fraction: number, live?: { value: number; unit: string }) =>
        send({ type: 'progress', id, fraction, ...(live ? { live } : {}) }),
    };
    const size = dev.entry.sizeBytes;
    if (a.test === 'buffered-read') return await bufferedReadMethod(dev.fd, size, opts);
    if (a.test === 'cached-read') return await cachedReadMethod(dev.fd, opts);
    return await seekerMethod(dev.fd, size, opts);
  } finally {
    closeSync(dev.fd);
  }
}
