// Wire protocol between the app and the root helper: one JSON object per line over a Unix socket.
// The helper side must run from a copied-out script (AppImage), so this file and everything the
// helper imports use Node built-ins only — no zod, no packages.
import { SURFACE_LIMITS } from '../engine/methods/surface';

/** A line longer than this is refused (the longest legitimate frame is a journal answer). */
export const MAX_FRAME_BYTES = 64 * 1024;
/** Answers (identify, journal) are capped so one frame always fits. */
export const MAX_ANSWER_CHARS = 48 * 1024;

export const RAW_TESTS = ['buffered-read', 'cached-read', 'seeker'] as const;
export type RawTest = (typeof RAW_TESTS)[number];

/** The whole list of what the helper may do. There is no write operation. */
export const HELPER_OPS = [
  'ping',
  'dropCaches',
  'rawRead',
  'surfaceScan',
  'identify',
  'journal',
] as const;
export type HelperOp = (typeof HELPER_OPS)[number];

export interface RawReadArgs {
  test: RawTest;
  device: string;
  seconds?: number;
  /** May end before `seconds` once the rate settles (RAW_SETTLE); never for cached reads. */
  settle?: boolean;
}
/** Read speed at `points` places across the device (engine/methods/surface.ts). */
export interface SurfaceScanArgs {
  device: string;
  points: number;
  secondsPerPoint: number;
  bytesPerPoint: number;
}
export interface IdentifyArgs {
  device: string;
}
export interface JournalArgs {
  grep: string;
  boots?: number;
}

export type HelperRequest =
  | { type: 'call'; id: number; op: 'ping' | 'dropCaches'; args: Record<string, never> }
  | { type: 'call'; id: number; op: 'rawRead'; args: RawReadArgs }
  | { type: 'call'; id: number; op: 'surfaceScan'; args: SurfaceScanArgs }
  | { type: 'call'; id: number; op: 'identify'; args: IdentifyArgs }
  | { type: 'call'; id: number; op: 'journal'; args: JournalArgs }
  | { type: 'cancel'; id: number };

export interface IdentifyAnswer {
  /** stdout of `smartctl -a -j DEVICE`, or null when smartctl is missing or failed to start. */
  smartctl: string | null;
  /** stdout of `hdparm -I DEVICE`, or null. */
  hdparm: string | null;
  /** One line per tool that could not be run. */
  notes: string[];
}

/** Messages from the helper to the app. */
export type HelperMessage =
  | { type: 'hello'; token: string; pid: number; version: number }
  | { type: 'progress'; id: number; fraction: number; live?: { value: number; unit: string } }
  | { type: 'result'; id: number; value: unknown }
  | { type: 'error'; id: number | null; error: string }
  | { type: 'bye'; reason: 'idle' };

export const PROTOCOL_VERSION = 1;

/**
 * Splits a byte stream into lines. A line over `max` bytes is dropped whole (up to its newline)
 * and reported once, so an oversized message cannot grow memory or desynchronise the stream.
 */
export class LineDecoder {
  private parts: Buffer[] = [];
  private size = 0;
  private discarding = false;

  constructor(private readonly max = MAX_FRAME_BYTES) {}

  /** True while the current line is over the limit (its end has not arrived yet). */
  get overflowing(): boolean {
    return this.discarding;
  }

  /** Returns complete lines and the number of oversized lines dropped in this chunk. */
  push(chunk: Buffer): { lines: string[]; oversized: number } {
    const lines: string[] = [];
    let oversized = 0;
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(0x0a, start);
      const end = nl === -1 ? chunk.length : nl;
      const piece = chunk.subarray(start, end);
      if (!this.discarding) {
        if (this.size + piece.length > this.max) {
          this.discarding = true;
          this.parts = [];
          this.size = 0;
        } else if (piece.length) {
          this.parts.push(piece);
          this.size += piece.length;
        }
      }
      if (nl === -1) break;
      if (this.discarding) oversized++;
      else lines.push(Buffer.concat(this.parts).toString('utf8'));
      this.discarding = false;
      this.parts = [];
      this.size = 0;
      start = nl + 1;
    }
    return { lines, oversized };
  }
}

export const encodeFrame = (msg: unknown): string => JSON.stringify(msg) + '\n';

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const onlyKeys = (o: Record<string, unknown>, allowed: string[]): string | null => {
  const extra = Object.keys(o).filter((k) => !allowed.includes(k));
  return extra.length ? `unexpected field: ${extra[0]}` : null;
};

const isId = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) > 0;

const deviceArg = (v: unknown): string | null =>
  typeof v === 'string' && v.length > 0 && v.length <= 255 ? v : null;

/**
 * Validates one decoded frame from the app. Unknown fields are refused, not ignored, so a request
 * can never carry options (flags, modes) the helper does not know about.
 */
export function parseRequest(
  line: string,
): { ok: true; req: HelperRequest } | { ok: false; id: number | null; error: string } {
  let v: unknown;
  try {
    v = JSON.parse(line);
  } catch {
    return { ok: false, id: null, error: 'malformed message: not JSON' };
  }
  if (!isObj(v)) return { ok: false, id: null, error: 'malformed message: not an object' };
  const id = isId(v.id) ? v.id : null;
  const bad = (error: string) => ({ ok: false as const, id, error });
  if (id === null) return bad('malformed message: missing id');
  if (v.type === 'cancel') {
    const extra = onlyKeys(v, ['type', 'id']);
    return extra ? bad(extra) : { ok: true, req: { type: 'cancel', id } };
  }
  if (v.type !== 'call') return bad('malformed message: unknown type');
  const extra = onlyKeys(v, ['type', 'id', 'op', 'args']);
  if (extra) return bad(extra);
  const op = v.op;
  if (typeof op !== 'string' || !(HELPER_OPS as readonly string[]).includes(op))
    return bad(`unknown operation: ${String(op).slice(0, 40)}`);
  const args = v.args === undefined ? {} : v.args;
  if (!isObj(args)) return bad('malformed message: args must be an object');
  switch (op as HelperOp) {
    case 'ping':
    case 'dropCaches': {
      const e = onlyKeys(args, []);
      return e ? bad(e) : { ok: true, req: { type: 'call', id, op: op as 'ping', args: {} } };
    }
    case 'rawRead': {
      const parsed = parseRawReadArgs(args);
      return typeof parsed === 'string'
        ? bad(parsed)
        : { ok: true, req: { type: 'call', id, op: 'rawRead', args: parsed } };
    }
    case 'surfaceScan': {
      const parsed = parseSurfaceArgs(args);
      return typeof parsed === 'string'
        ? bad(parsed)
        : { ok: true, req: { type: 'call', id, op: 'surfaceScan', args: parsed } };
    }
    case 'identify': {
      const e = onlyKeys(args, ['device']);
      if (e) return bad(e);
      const device = deviceArg(args.device);
      return device
        ? { ok: true, req: { type: 'call', id, op: 'identify', args: { device } } }
        : bad('device must be a path');
    }
    case 'journal': {
      const e = onlyKeys(args, ['grep', 'boots']);
      if (e) return bad(e);
      const grep = args.grep;
      if (typeof grep !== 'string' || !grep.length || grep.length > 200 || grep.includes('\0'))
        return bad('grep must be 1–200 characters');
      const b = args.boots;
      if (b !== undefined && !(Number.isInteger(b) && (b as number) >= 1 && (b as number) <= 50))
        return bad('boots must be 1–50');
      return {
        ok: true,
        req: {
          type: 'call',
          id,
          op: 'journal',
          args: { grep, ...(b !== undefined ? { boots: b as number } : {}) },
        },
      };
    }
  }
}

const inRange = (v: unknown, lo: number, hi: number): v is number =>
  typeof v === 'number' && Number.isFinite(v) && v >= lo && v <= hi;

/** A surface scan's arguments, or why they are refused: bounded places, time and bytes a place. */
function parseSurfaceArgs(args: Record<string, unknown>): SurfaceScanArgs | string {
  const L = SURFACE_LIMITS;
  const e = onlyKeys(args, ['device', 'points', 'secondsPerPoint', 'bytesPerPoint']);
  if (e) return e;
  const device = deviceArg(args.device);
  if (!device) return 'device must be a path';
  const { points, secondsPerPoint, bytesPerPoint } = args;
  if (!Number.isInteger(points) || !inRange(points, L.minPoints, L.maxPoints))
    return `points must be a whole number from ${L.minPoints} to ${L.maxPoints}`;
  if (!inRange(secondsPerPoint, 0.001, L.maxSecondsPerPoint))
    return `secondsPerPoint must be above 0 and at most ${L.maxSecondsPerPoint}`;
  if (points * secondsPerPoint > L.maxSeconds)
    return `points × secondsPerPoint must be at most ${L.maxSeconds} s`;
  if (
    !Number.isInteger(bytesPerPoint) ||
    !inRange(bytesPerPoint, L.minBytesPerPoint, L.maxBytesPerPoint)
  )
    return `bytesPerPoint must be a whole number from ${L.minBytesPerPoint} to ${L.maxBytesPerPoint}`;
  return { device, points, secondsPerPoint, bytesPerPoint };
}

/** A raw read's arguments, or why they are refused. */
function parseRawReadArgs(args: Record<string, unknown>): RawReadArgs | string {
  const e = onlyKeys(args, ['test', 'device', 'seconds', 'settle']);
  if (e) return e;
  if (!(RAW_TESTS as readonly string[]).includes(args.test as string))
    return `unknown raw test: ${String(args.test).slice(0, 40)}`;
  const device = deviceArg(args.device);
  if (!device) return 'device must be a path';
  const s = args.seconds;
  if (s !== undefined && (typeof s !== 'number' || !(s > 0 && s <= 120)))
    return 'seconds must be between 0 and 120';
  if (args.settle !== undefined && typeof args.settle !== 'boolean')
    return 'settle must be true or false';
  return {
    test: args.test as RawTest,
    device,
    ...(s !== undefined ? { seconds: s } : {}),
    ...(args.settle === true ? { settle: true } : {}),
  };
}
