// Tools for attacking the browser-mode host: the real `drivewise web` entry as a child process,
// raw TCP requests and raw WebSocket frames, and a seeded random source so a failure replays.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export interface HostChild {
  url: string;
  origin: string;
  port: number;
  token: string;
  child: ChildProcess;
  /** Set when the process ended: the attack crashed it. */
  exit: { code: number | null; signal: string | null } | null;
  stderr: () => string;
  stop(): Promise<void>;
}

/** `node dist/main/web.js` with its config in a temp folder; resolves once it prints its URL. */
export async function startHostChild(): Promise<HostChild> {
  const home = mkdtempSync(join(tmpdir(), 'dw-host-attack-'));
  const child = spawn(process.execPath, [resolve('dist/main/web.js'), '--port', '0'], {
    env: { ...process.env, HOME: home, XDG_CONFIG_HOME: join(home, '.config') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const h: Partial<HostChild> & { exit: HostChild['exit'] } = { exit: null, child };
  child.on('exit', (code, signal) => (h.exit = { code, signal }));
  const url = await new Promise<string>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`web host did not start: ${err}`)), 30_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /http:\/\/127\.0\.0\.1:\d+\/[A-Za-z0-9_-]+\//.exec(out);
      if (m) {
        clearTimeout(timer);
        ok(m[0]);
      }
    });
    child.on('exit', () => fail(new Error(`web host exited at start: ${err}`)));
  });
  const u = new URL(url);
  return Object.assign(h, {
    url,
    origin: u.origin,
    port: Number(u.port),
    token: u.pathname.split('/')[1]!,
    stderr: () => err,
    stop: async () => {
      if (!h.exit) {
        const gone = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await gone;
      }
      rmSync(home, { recursive: true, force: true });
    },
  }) as HostChild;
}

/** Seeded PRNG (mulberry32): the seed is printed, so a failing run can be replayed. */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number): number => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  const bytes = (n: number): Buffer => Buffer.from(Array.from({ length: n }, () => int(256)));
  return { next, int, pick, bytes };
}
export type Rng = ReturnType<typeof rng>;

/** Flips, inserts, deletes or duplicates a few bytes. */
export function mutate(r: Rng, input: Buffer): Buffer {
  let b = Buffer.from(input);
  for (let k = 1 + r.int(3); k > 0; k--) {
    const at = r.int(b.length + 1);
    switch (r.int(5)) {
      case 0:
        if (b.length) b[Math.min(at, b.length - 1)] = r.int(256);
        break;
      case 1:
        b = Buffer.concat([b.subarray(0, at), r.bytes(1 + r.int(8)), b.subarray(at)]);
        break;
      case 2:
        b = Buffer.concat([b.subarray(0, at), b.subarray(at + 1 + r.int(8))]);
        break;
      case 3:
        b = Buffer.concat([
          b.subarray(0, at),
          Buffer.from(r.pick(['%', '%E0%A4', '\r\n', '\0', '..', '/', '%ff', '\u00e9'])),
          b.subarray(at),
        ]);
        break;
      default:
        b = Buffer.concat([b, b.subarray(at, at + r.int(64))]);
    }
  }
  return b;
}

/**
 * Sends bytes on a fresh TCP connection, half-closes, and returns the status code of the first
 * response line (0: the host closed without answering, -1: no answer within the time limit).
 */
export function rawRequest(port: number, data: Buffer, ms = 2000): Promise<number> {
  return new Promise((done) => {
    const s = connect(port, '127.0.0.1');
    let got = '';
    const finish = (code: number) => {
      clearTimeout(timer);
      s.destroy();
      done(code);
    };
    const timer = setTimeout(() => finish(-1), ms);
    s.on('error', () => finish(statusOf(got)));
    s.on('data', (d: Buffer) => {
      got += d.toString('latin1');
      if (got.includes('\r\n')) finish(statusOf(got));
    });
    s.on('close', () => finish(statusOf(got)));
    s.on('connect', () => {
      s.write(data);
      s.end();
    });
  });
}

function statusOf(head: string): number {
  const m = /^HTTP\/1\.[01] (\d{3})/.exec(head);
  return m ? Number(m[1]) : 0;
}

/** Opens a WebSocket by hand (so any bytes can follow) and resolves with the socket after 101. */
export function rawWebSocket(
  port: number,
  path: string,
  origin: string,
): Promise<import('node:net').Socket | null> {
  return new Promise((done) => {
    const s = connect(port, '127.0.0.1');
    let got = '';
    const timer = setTimeout(() => (s.destroy(), done(null)), 3000);
    s.on('error', () => (clearTimeout(timer), done(null)));
    s.on('data', function onData(d: Buffer) {
      got += d.toString('latin1');
      if (!got.includes('\r\n\r\n')) return;
      clearTimeout(timer);
      s.off('data', onData);
      if (got.startsWith('HTTP/1.1 101')) done(s);
      else {
        s.destroy();
        done(null);
      }
    });
    s.on('connect', () =>
      s.write(
        `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${origin}\r\n` +
          `Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n` +
          `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\n\r\n`,
      ),
    );
  });
}

/** A client frame (masked unless told otherwise) with any opcode, flags and declared length. */
export function frame(
  opcode: number,
  payload: Buffer,
  o: { fin?: boolean; rsv?: number; masked?: boolean; declared?: bigint } = {},
): Buffer {
  const len = o.declared ?? BigInt(payload.length);
  const head: number[] = [((o.fin ?? true) ? 0x80 : 0) | ((o.rsv ?? 0) << 4) | (opcode & 0xf)];
  const m = (o.masked ?? true) ? 0x80 : 0;
  let ext = Buffer.alloc(0);
  if (len < 126n) head.push(m | Number(len));
  else if (len < 65536n) {
    head.push(m | 126);
    ext = Buffer.alloc(2);
    ext.writeUInt16BE(Number(len));
  } else {
    head.push(m | 127);
    ext = Buffer.alloc(8);
    ext.writeBigUInt64BE(len);
  }
  if (!m) return Buffer.concat([Buffer.from(head), ext, payload]);
  const key = randomBytes(4);
  const body = Buffer.from(payload.map((b, i) => b ^ key[i % 4]!));
  return Buffer.concat([Buffer.from(head), ext, key, body]);
}

/** Resolves when the socket closes (true) or stays open past `ms` (false). */
export function closesWithin(s: import('node:net').Socket, ms: number): Promise<boolean> {
  return new Promise((done) => {
    if (s.destroyed) return done(true);
    const timer = setTimeout(() => done(false), ms);
    s.once('close', () => (clearTimeout(timer), done(true)));
  });
}

/** Runs async jobs with a bounded number in flight. */
export async function pool<T>(items: T[], width: number, fn: (t: T) => Promise<void>) {
  let i = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (i < items.length) await fn(items[i++]!);
    }),
  );
}

/** One keyed GET on a fresh connection: ms until the answer's status line (Infinity: none). */
export function roundTrip(url: string): Promise<number> {
  const t0 = performance.now();
  return new Promise((ok) => {
    const req = get(url, { agent: false, timeout: 10_000 }, (res) => {
      res.resume();
      // 404 too: without dist/renderer the page is missing, and the answer's time still counts.
      const answered = res.statusCode === 200 || res.statusCode === 404;
      ok(answered ? performance.now() - t0 : Infinity);
    });
    req.on('error', () => ok(Infinity));
    req.on('timeout', () => req.destroy());
  });
}
