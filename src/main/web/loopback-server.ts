// The loopback page server under both the browser-mode host and the report's print service:
// the built renderer and the contract over WebSocket. Loopback only; the credential is a
// per-launch random path prefix (see guard.ts); Host and Origin must name this server. No
// request, frame or socket error can end the process: each one is answered, closed or ignored.
import { randomBytes } from 'node:crypto';
import { createReadStream, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import {
  createServer as createNetServer,
  type AddressInfo,
  type Server as NetServer,
  type Socket,
} from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import { WS_MAX_PAYLOAD } from '../../shared/contract/limits';
import type { Dispatch } from '../core/handler-types';
import { HostGuard, parseTarget, route } from './guard';
import { attachSession, safeSend } from './ws-session';

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

export interface LoopbackOptions {
  staticDir: string;
  dispatch: Dispatch;
  /** Open sockets beyond this wait (are refused with 503). */
  maxClients: number;
  token?: string | undefined;
  port?: number | undefined;
}

export interface LoopbackServer {
  /** The app: http://127.0.0.1:PORT/<token>/ (append '#…' for a route). */
  url: string;
  origin: string;
  port: number;
  address: string;
  token: string;
  /** Sends one text frame to every open socket (the host's events). */
  broadcast(data: string): void;
  close(): Promise<void>;
}

const noop = (): void => undefined;

function plain(res: ServerResponse, code: number, msg: string, extra: Record<string, string> = {}) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(code, {
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    ...extra,
  });
  res.end(msg + '\n');
}

function rejectUpgrade(socket: Socket, status: string): void {
  if (socket.writable) socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\n\r\n`);
  else socket.destroy();
}

/** Files under staticDir only; anything that is not a file there gets the app's index.html. */
function serveStatic(res: ServerResponse, staticDir: string, rel: string, guard: HostGuard): void {
  const file = join(staticDir, normalize(rel));
  if (!file.startsWith(staticDir + sep)) return plain(res, 403, 'forbidden');
  let target = file;
  try {
    if (!statSync(target).isFile()) target = join(staticDir, 'index.html');
  } catch {
    return plain(res, 404, 'not found');
  }
  const headers: Record<string, string> = {
    'content-type': TYPES[extname(target)] ?? 'application/octet-stream',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  };
  if (target.endsWith('.html')) headers['content-security-policy'] = guard.csp();
  const stream = createReadStream(target);
  stream.on('error', () => (res.headersSent ? res.destroy() : plain(res, 404, 'not found')));
  stream.once('open', () => {
    res.writeHead(200, headers);
    stream.pipe(res);
  });
}

/** Host/Origin first, then the target, the token and the method, before any file is touched. */
function handleRequest(
  req: IncomingMessage,
  res: ServerResponse,
  s: { guard: HostGuard; token: string; staticDir: string; trust: (socket: Socket) => void },
): void {
  if (!s.guard.allows(req, false)) return plain(res, 403, 'forbidden: foreign host or origin');
  const target = parseTarget(req.url);
  if (!target) return plain(res, 400, 'bad request: malformed request target');
  const r = route(target, s.token);
  if (r.kind === 'denied') return plain(res, 403, 'forbidden: missing or wrong token');
  s.trust(req.socket);
  if (req.method !== 'GET' && req.method !== 'HEAD')
    return plain(res, 405, 'method not allowed', { allow: 'GET, HEAD' });
  if (r.kind === 'redirect') return plain(res, 303, 'see other', { location: r.location });
  if (r.kind === 'ws') return plain(res, 426, 'upgrade required');
  serveStatic(res, s.staticDir, r.rel, s.guard);
}

/** Connections that have not shown the key: closed after this long idle (slow or silent). */
export const UNAUTH_IDLE_MS = 4000;
/** The request headers must be complete this soon after a connection opens. */
export const HEADERS_TIMEOUT_MS = 4000;
/** Open connections at most (pages, sockets, anything connecting); more are closed at once. */
export const MAX_CONNECTIONS = 256;
/**
 * Connections without the key at most, once they have had KEY_GRACE_MS to show it: a new one
 * closes the oldest of those, so a flood of them can never keep the page (which shows the key in
 * its first request) from getting in. Younger ones are kept (MAX_CONNECTIONS still bounds them):
 * a burst of connections accepted in one go would otherwise close the page's before its request
 * was even read.
 */
export const MAX_UNTRUSTED = 32;
/** How long a new connection has to show the key before a flood may close it. */
export const KEY_GRACE_MS = 1000;

function listenOn(server: NetServer, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/**
 * The same port on 127.0.0.1 and on ::1 (what `localhost` may resolve to first): nobody else can
 * then take the other name's port and receive the key. A port already taken on either is given
 * up for another (a random port) or refused (a port the person chose). ::1 is skipped only where
 * the machine has no IPv6 loopback, so no other account can bind it either. Loopback only, by
 * construction: no option exists to bind anything else.
 */
async function listenLoopback(server: Server, port: number): Promise<{ close(): void }> {
  for (let attempt = 0; ; attempt++) {
    await listenOn(server, port, '127.0.0.1');
    const got = (server.address() as AddressInfo).port;
    const v6 = createNetServer((socket) => server.emit('connection', socket));
    try {
      await listenOn(v6, got, '::1');
      return { close: () => v6.close() };
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EADDRNOTAVAIL' || code === 'EAFNOSUPPORT') return { close: noop };
      await new Promise<void>((r) => server.close(() => r()));
      if (port !== 0 || attempt >= 20)
        throw new Error(`port ${got} is taken on [::1] by another program: choose another port`);
    }
  }
}

/** Idle and header timeouts for connections without the key, and caps on open ones. */
function boundConnections(server: Server): Map<Socket, number> {
  const sockets = new Set<Socket>();
  // In the order they came, with when: the oldest first.
  const untrusted = new Map<Socket, number>();
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = HEADERS_TIMEOUT_MS * 2;
  server.on('connection', (socket: Socket) => {
    socket.on('error', noop);
    const now = performance.now();
    const drop = (s: Socket): void => {
      sockets.delete(s);
      untrusted.delete(s);
      s.destroy();
    };
    for (const [old, since] of untrusted) {
      const full = sockets.size >= MAX_CONNECTIONS;
      if (untrusted.size < MAX_UNTRUSTED || (since > now - KEY_GRACE_MS && !full)) break;
      drop(old);
    }
    if (sockets.size >= MAX_CONNECTIONS) return void socket.destroy();
    sockets.add(socket);
    untrusted.set(socket, now);
    socket.on('close', () => drop(socket));
    socket.setTimeout(UNAUTH_IDLE_MS, () => socket.destroy());
  });
  return untrusted;
}

/** The connection showed the key: it may stay open while in use (keep-alive still ends it). */
function trust(untrusted: Map<Socket, number>, socket: Socket, idleMs: number): void {
  untrusted.delete(socket);
  socket.setTimeout(idleMs);
}

export async function startLoopbackServer(opts: LoopbackOptions): Promise<LoopbackServer> {
  const token = opts.token ?? randomBytes(32).toString('base64url');
  if (!/^[A-Za-z0-9_-]{16,}$/.test(token)) throw new Error('web host token: 16+ URL-safe chars');
  const staticDir = normalize(opts.staticDir).replace(/[/\\]+$/, '');
  let guard = new HostGuard(0);

  // Node checks the header and request timeouts on this interval (30 s by default).
  const server = createServer({ connectionsCheckingInterval: 1000 }, (req, res) => {
    req.on('error', noop);
    res.on('error', noop);
    try {
      const trusted = (socket: Socket): void => trust(untrusted, socket, 60_000);
      handleRequest(req, res, { guard, token, staticDir, trust: trusted });
    } catch {
      plain(res, 400, 'bad request');
    }
  });
  // Malformed HTTP (bad request line, oversized headers, resets): answer 400 or drop the socket.
  server.on('clientError', (_err: Error, socket: Socket) => {
    socket.on('error', noop);
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });
  const untrusted = boundConnections(server);

  const wss = new WebSocketServer({ noServer: true, maxPayload: WS_MAX_PAYLOAD });
  wss.on('error', noop);
  const clients = new Set<WebSocket>();

  server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    socket.on('error', noop);
    try {
      const target = parseTarget(req.url);
      const ok = target !== null && route(target, token).kind === 'ws' && guard.allows(req, true);
      if (!ok) return rejectUpgrade(socket, '403 Forbidden');
      if (clients.size >= opts.maxClients) return rejectUpgrade(socket, '503 Service Unavailable');
      trust(untrusted, socket, 0); // the page's socket: open as long as the page is
      wss.handleUpgrade(req, socket, head, (ws) => {
        clients.add(ws);
        ws.on('close', () => clients.delete(ws));
        attachSession(ws, opts.dispatch);
      });
    } catch {
      socket.destroy();
    }
  });

  const v6 = await listenLoopback(server, opts.port ?? 0);
  server.on('error', noop);
  const addr = server.address() as AddressInfo;
  guard = new HostGuard(addr.port);
  const origin = `http://127.0.0.1:${addr.port}`;

  return {
    url: `${origin}/${token}/`,
    origin,
    port: addr.port,
    address: addr.address,
    token,
    broadcast: (data) => {
      for (const ws of clients) safeSend(ws, data);
    },
    close: async () => {
      for (const ws of clients) ws.terminate();
      wss.close();
      v6.close();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
