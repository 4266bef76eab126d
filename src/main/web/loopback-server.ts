// The loopback page server under both the browser-mode host and the report's print service:
// the built renderer and the contract over WebSocket. Loopback only; the credential is a
// per-launch random path prefix (see guard.ts); Host and Origin must name this server. No
// request, frame or socket error can end the process: each one is answered, closed or ignored.
import { randomBytes } from 'node:crypto';
import { createReadStream, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
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
  s: { guard: HostGuard; token: string; staticDir: string },
): void {
  if (!s.guard.allows(req, false)) return plain(res, 403, 'forbidden: foreign host or origin');
  const target = parseTarget(req.url);
  if (!target) return plain(res, 400, 'bad request: malformed request target');
  const r = route(target, s.token);
  if (r.kind === 'denied') return plain(res, 403, 'forbidden: missing or wrong token');
  if (req.method !== 'GET' && req.method !== 'HEAD')
    return plain(res, 405, 'method not allowed', { allow: 'GET, HEAD' });
  if (r.kind === 'redirect') return plain(res, 303, 'see other', { location: r.location });
  if (r.kind === 'ws') return plain(res, 426, 'upgrade required');
  serveStatic(res, s.staticDir, r.rel, s.guard);
}

function listenLoopback(server: Server, port: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // Loopback only, by construction: no option exists to bind anything else.
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
}

export async function startLoopbackServer(opts: LoopbackOptions): Promise<LoopbackServer> {
  const token = opts.token ?? randomBytes(32).toString('base64url');
  if (!/^[A-Za-z0-9_-]{16,}$/.test(token)) throw new Error('web host token: 16+ URL-safe chars');
  const staticDir = normalize(opts.staticDir).replace(/[/\\]+$/, '');
  let guard = new HostGuard(0);

  const server = createServer((req, res) => {
    req.on('error', noop);
    res.on('error', noop);
    try {
      handleRequest(req, res, { guard, token, staticDir });
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
  server.on('connection', (socket: Socket) => socket.on('error', noop));

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
      wss.handleUpgrade(req, socket, head, (ws) => {
        clients.add(ws);
        ws.on('close', () => clients.delete(ws));
        attachSession(ws, opts.dispatch);
      });
    } catch {
      socket.destroy();
    }
  });

  await listenLoopback(server, opts.port ?? 0);
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
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
