import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { createServices } from '../../../../src/main/core/services';
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

function call(ws: WebSocket, msg: unknown): Promise<unknown> {
  return new Promise((resolve) => {
    ws.once('message', (d) => resolve(JSON.parse(d.toString())));
    ws.send(typeof msg === 'string' ? msg : JSON.stringify(msg));
  });
}

describe('browser-mode host', () => {
  it('binds the loopback address only', () => {
    expect(host.address).toBe('127.0.0.1');
    expect(host.url.startsWith('http://127.0.0.1:')).toBe(true);
  });

  it('serves the page with the token and refuses it without or with a wrong one', async () => {
    expect((await fetch(host.url)).status).toBe(200);
    expect((await fetch(host.origin + '/')).status).toBe(403);
    expect((await fetch(host.origin + '/?token=wrong')).status).toBe(403);
  });

  it('refuses HTTP requests from a foreign origin even with the token', async () => {
    const res = await fetch(host.url, { headers: { origin: 'http://evil.example' } });
    expect(res.status).toBe(403);
  });

  it('refuses WebSocket upgrades with a missing or wrong token or a foreign origin', async () => {
    const base = `ws://127.0.0.1:${host.port}/ws`;
    expect((await connect(base, host.origin)).status).toBe(403);
    expect((await connect(`${base}?token=nope`, host.origin)).status).toBe(403);
    expect((await connect(`${base}?token=${host.token}`, 'http://evil.example')).status).toBe(403);
    expect((await connect(`${base}?token=${host.token}`)).status).toBe(403);
  });

  it('answers contract requests from its own origin and reports bad ones as errors', async () => {
    const { ws, status } = await connect(
      `ws://127.0.0.1:${host.port}/ws?token=${host.token}`,
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
    const { ws } = await connect(`ws://127.0.0.1:${host.port}/ws?token=${host.token}`, host.origin);
    const got = new Promise((resolve) =>
      ws.once('message', (d) => resolve(JSON.parse(d.toString()))),
    );
    services.bus.emit('menu.action', { action: 'about' });
    expect(await got).toEqual({ event: 'menu.action', payload: { action: 'about' } });
    ws.close();
  });
});
