// Size limits of the contract, in UTF-8 bytes: what a WebSocket frame or an IPC message really
// carries. A limit in UTF-16 code units (zod's .max) lets 4 Mi characters of CJK text become
// 12 MiB on the wire; a byte limit is the same on every transport.
import { z } from 'zod';

const KiB = 1024;
const MiB = 1024 * KiB;

/** Every text limit of the contract, in UTF-8 bytes. */
export const LIMITS = {
  /** Pasted or loaded tool output (`runs.importText`): the largest text the contract accepts. */
  importText: 4 * MiB,
  /** A file or folder path: Linux's PATH_MAX counts bytes. */
  path: 4096,
  /** A run's name, a task title. */
  name: 200,
  title: 120,
  note: 500,
  /** Ids that are not run ids (job ids, baseline ids) and test ids. */
  id: 200,
  /** Structured per-test options and usage figures, measured as their JSON. */
  options: 16 * KiB,
} as const;

/**
 * The WebSocket frame limit of the browser-mode host. JSON.stringify writes a control character
 * as `\u00XX`: 6 bytes for 1, the worst case of any UTF-8 byte. So the largest text, escaped,
 * takes at most 6 × its byte limit; the allowance covers the envelope ({"id":…,"channel":…,
 * "payload":{…}}) and every other field of that request (name ≤ 200 B → ≤ 1.2 KiB escaped).
 * Every other request is bounded far below this. Result: every payload the contract accepts fits.
 */
export const WS_ENVELOPE_ALLOWANCE = 64 * KiB;
export const WS_MAX_PAYLOAD = 6 * LIMITS.importText + WS_ENVELOPE_ALLOWANCE;

/** UTF-8 length of a JS string without encoding it (a lone surrogate encodes as U+FFFD: 3). */
export function utf8Bytes(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 4;
        i++;
      } else n += 3;
    } else n += 3;
  }
  return n;
}

function describe(bytes: number): string {
  return bytes >= MiB ? `${bytes / MiB} MiB` : bytes >= KiB ? `${bytes / KiB} KiB` : `${bytes} B`;
}

/**
 * A string of at most `maxBytes` UTF-8 bytes. The code-unit check runs first and never refuses
 * a string that fits (a code unit is at least one byte), so huge input is refused cheaply.
 */
export function text(maxBytes: number) {
  const message = `too long: more than ${describe(maxBytes)} of UTF-8`;
  return z
    .string()
    .max(maxBytes, message)
    .refine((s) => utf8Bytes(s) <= maxBytes, message);
}

/** Any schema whose value, written as JSON, takes at most `maxBytes`. */
export function jsonCapped<T extends z.ZodType>(schema: T, maxBytes: number): T {
  return schema.refine((v) => utf8Bytes(JSON.stringify(v) ?? '') <= maxBytes, {
    message: `too large: more than ${describe(maxBytes)} as JSON`,
  }) as unknown as T;
}
