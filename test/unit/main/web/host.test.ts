import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { createServices } from '../../../../src/main/create-services';
import { createDispatch, createHandlers } from '../../../../src/main/router';
import { startWebHost, type WebHost } from '../../../../src/main/web/host';

let host: WebHost;
let dir: string;
const services = createServices({ host: 'browser' });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dw-host-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>t</title>');
  host = await startWebHost({
    staticDir: dir,
    dispatch: createDispatch(createHandlers(services)),
    bus: services.bus,
  });
});
afterAll(async () => {
  await host?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function connect(
  url: string,
  origin?: string,
): Promise<{ ws: WebSocket; status: 'open' | number }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, origin ? { origin } : {});
    ws.on('open', () => resolve({ ws, status: 'open' }));
    ws.on('unexpected-response', (_req, res) => resolve({ ws, status: res.statusCode ?? 0 }));
    ws.on('error', () => resolve({ ws, status: -1 }));
  });
}

function statusOf(path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: host.port, path, headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

function call(ws: WebSocket, msg: unknown): Promise<unknown> {
  return new Promise((resolve) => {
    ws.once('message', (d) => resolve(JSON.parse(d.toString())));
    ws.send(typeof msg === 'string' ? msg : JSON.stringify(msg));
  });
}

describe('browser-mode host', () => {
  it('binds the loopback address only and serves the app under a per-launch path', () => {
    expect(host.address).toBe('127.0.0.1');
    expect(host.url).toBe(`http://127.0.0.1:${host.port}/${host.token}/`);
    expect(host.token.length).toBeGreaterThanOrEqual(43);
  });

  it('serves the page under the token path only, and sets no cookie', async () => {
    const res = await fetch(host.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('content-security-policy')).toContain(
      `ws://127.0.0.1:${host.port} ws://localhost:${host.port}`,
    );
    expect((await fetch(host.origin + '/')).status).toBe(403);
    expect((await fetch(host.origin + '/index.html')).status).toBe(403);
    expect((await fetch(`${host.origin}/${host.token.slice(1)}/`)).status).toBe(403);
    expect((await fetch(host.origin + '/?token=wrong')).status).toBe(403);
  });

  it('redirects /<token> and the old /?token=<token> form to /<token>/', async () => {
    for (const path of [`/${host.token}`, `/?token=${host.token}`]) {
      const res = await fetch(host.origin + path, { redirect: 'manual' });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(`/${host.token}/`);
    }
  });

  it('answers to localhost as well, with a matching Origin', async () => {
    const url = `http://localhost:${host.port}/${host.token}/`;
    expect((await fetch(url)).status).toBe(200);
    const same = await fetch(url, { headers: { origin: `http://localhost:${host.port}` } });
    expect(same.status).toBe(200);
    // An Origin naming the other host name is not this page.
    const cross = await fetch(url, { headers: { origin: host.origin } });
    expect(cross.status).toBe(403);
  });

  it('refuses HTTP requests from a foreign origin or host even with the token', async () => {
    const res = await fetch(host.url, { headers: { origin: 'http://evil.example' } });
    expect(res.status).toBe(403);
    // fetch() cannot set Host: a DNS-rebound name, sent by hand.
    const other = await statusOf(`/${host.token}/`, { host: `evil.example:${host.port}` });
    expect(other).toBe(403);
  });

  it('answers malformed targets with 400 and refuses path escapes', async () => {
    expect((await fetch(`${host.url}%E0%A4%A`)).status).toBe(400);
    expect((await fetch(`${host.url}..%2F..%2Fetc%2Fpasswd`)).status).toBe(400);
    expect((await fetch(`${host.origin}/%ZZ/`)).status).toBe(400);
  });

  it('refuses WebSocket upgrades with a missing or wrong token or a foreign origin', async () => {
    const base = `ws://127.0.0.1:${host.port}`;
    expect((await connect(`${base}/ws`, host.origin)).status).toBe(403);
    expect((await connect(`${base}/ws?token=${host.token}`, host.origin)).status).toBe(403);
    expect((await connect(`${base}/nope/ws`, host.origin)).status).toBe(403);
    expect((await connect(`${base}/${host.token}/ws`, 'http://evil.example')).status).toBe(403);
    expect((await connect(`${base}/${host.token}/ws`)).status).toBe(403);
    const local = await connect(
      `ws://localhost:${host.port}/${host.token}/ws`,
      `http://localhost:${host.port}`,
    );
    expect(local.status).toBe('open');
    local.ws.close();
  });

  it('answers contract requests from its own origin and reports bad ones as errors', async () => {
    const { ws, status } = await connect(
      `ws://127.0.0.1:${host.port}/${host.token}/ws`,
      host.origin,
    );
    expect(status).toBe('open');
    const info = (await call(ws, { id: 1, channel: 'app.info', payload: {} })) as {
      result: { ok: boolean; value: { version: string } };
    };
    expect(info.result.ok).toBe(true);
    expect(info.result.value.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(await call(ws, { id: 2, channel: 'no.such', payload: {} })).toEqual({
      id: 2,
      result: { ok: false, error: 'unknown channel: no.such' },
    });
    expect(await call(ws, '{not json')).toEqual({
      id: null,
      result: { ok: false, error: 'malformed message' },
    });
    ws.close();
  });

  it('pushes bus events to connected clients', async () => {
    const { ws } = await connect(`ws://127.0.0.1:${host.port}/${host.token}/ws`, host.origin);
    const got = new Promise((resolve) =>
      ws.once('message', (d) => resolve(JSON.parse(d.toString()))),
    );
    services.bus.emit('menu.action', { action: 'about' });
    expect(await got).toEqual({ event: 'menu.action', payload: { action: 'about' } });
    ws.close();
  });
});
