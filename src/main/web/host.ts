// Browser-mode host: the same router over WebSocket plus the built renderer, for development and
// end-to-end tests. Loopback only, per-launch token, foreign origins refused.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import type { EventBus } from '../core/event-bus';
import type { Dispatch } from '../router';

export const WEB_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
  "font-src 'self'; connect-src 'self' ws://127.0.0.1:*; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'";

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.map': 'application/json',
  '.woff2': 'font/woff2',
};

export interface WebHostOptions {
  staticDir: string;
  dispatch: Dispatch;
  bus: EventBus;
  token?: string;
  port?: number;
}

export interface WebHost {
  url: string;
  origin: string;
  port: number;
  address: string;
  token: string;
  close(): Promise<void>;
}

const COOKIE = 'drivewise_token';

function safeEqual(a: string | undefined | null, b: string): boolean {
  if (!a) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function cookieToken(req: IncomingMessage): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === COOKIE) return v.join('=');
  }
  return null;
}

export async function startWebHost(opts: WebHostOptions): Promise<WebHost> {
  const token = opts.token ?? randomBytes(24).toString('base64url');
  let origin = '';
  const hosts = new Set<string>();

  // Same-origin and DNS-rebinding guard shared by HTTP and WebSocket requests.
  const trusted = (req: IncomingMessage, requireOrigin: boolean): boolean => {
    if (!hosts.has(req.headers.host ?? '')) return false;
    const o = req.headers.origin;
    if (o === undefined) return !requireOrigin;
    return o === origin;
  };

  const refuse = (res: ServerResponse, code: number, msg: string): void => {
    res.writeHead(code, { 'content-type': 'text/plain; charset=utf-8' });
    res.end(msg + '\n');
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', origin);
    if (!trusted(req, false)) return refuse(res, 403, 'forbidden: foreign origin');
    const queryOk = safeEqual(url.searchParams.get('token'), token);
    if (!queryOk && !safeEqual(cookieToken(req), token))
      return refuse(res, 403, 'forbidden: missing or wrong token');
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return refuse(res, 405, 'method not allowed');

    const rel =
      normalize(decodeURIComponent(url.pathname)).replace(/^([/\\])+/, '') || 'index.html';
    const file = join(opts.staticDir, rel);
    if (!file.startsWith(opts.staticDir + sep) && file !== opts.staticDir)
      return refuse(res, 403, 'forbidden');
    let target = file;
    try {
      if (!statSync(target).isFile()) target = join(opts.staticDir, 'index.html');
    } catch {
      return refuse(res, 404, 'not found');
    }
    const headers: Record<string, string> = {
      'content-type': TYPES[extname(target)] ?? 'application/octet-stream',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    };
    if (target.endsWith('.html')) headers['content-security-policy'] = WEB_CSP;
    if (queryOk) headers['set-cookie'] = `${COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`;
    res.writeHead(200, headers);
    createReadStream(target).pipe(res);
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: 1 << 20 });
  const clients = new Set<WebSocket>();

  server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    const url = new URL(req.url ?? '/', origin);
    if (
      url.pathname !== '/ws' ||
      !trusted(req, true) ||
      !safeEqual(url.searchParams.get('token'), token)
    ) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      clients.add(ws);
      ws.on('close', () => clients.delete(ws));
      ws.on('message', (raw) => {
        let msg: { id?: unknown; channel?: unknown; payload?: unknown };
        try {
          msg = JSON.parse(raw.toString()) as typeof msg;
        } catch {
          ws.send(JSON.stringify({ id: null, result: { ok: false, error: 'malformed message' } }));
          return;
        }
        if (typeof msg.id !== 'number' || typeof msg.channel !== 'string') {
          ws.send(JSON.stringify({ id: null, result: { ok: false, error: 'malformed message' } }));
          return;
        }
        const id = msg.id;
        void opts.dispatch(msg.channel, msg.payload).then((result) => {
          if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ id, result }));
        });
      });
    });
  });

  const unsubscribe = opts.bus.subscribe((event, payload) => {
    const data = JSON.stringify({ event, payload });
    for (const ws of clients) if (ws.readyState === ws.OPEN) ws.send(data);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // Loopback only, by construction: no option exists to bind anything else.
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const addr = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${addr.port}`;
  hosts.add(`127.0.0.1:${addr.port}`);
  hosts.add(`localhost:${addr.port}`);

  return {
    url: `${origin}/?token=${token}`,
    origin,
    port: addr.port,
    address: addr.address,
    token,
    close: async () => {
      unsubscribe();
      for (const ws of clients) ws.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
