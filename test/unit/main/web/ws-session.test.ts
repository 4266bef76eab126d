import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { createServices } from '../../../../src/main/create-services';
import { createDispatch, createHandlers } from '../../../../src/main/router';
import { startWebHost, type WebHost } from '../../../../src/main/web/host';
import { LIMITS, utf8Bytes, WS_MAX_PAYLOAD } from '../../../../src/shared/contract/limits';

let host: WebHost;
let dir: string;
let ws: WebSocket;
const configDir = mkdtempSync(join(tmpdir(), 'dw-host-frames-config-'));
const services = createServices({ host: 'browser', configDir });
const HDPARM = readFileSync('test/fixtures/tool-output/hdparm-9.65-loop-direct.txt', 'utf8');

function open(): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const s = new WebSocket(`ws://127.0.0.1:${host.port}/${host.token}/ws`, {
      origin: host.origin,
    });
    s.once('open', () => resolve(s));
    s.once('error', reject);
  });
}

type Answer = { id: number | null; result: { ok: boolean; error?: string; value?: unknown } };
function call(s: WebSocket, frame: string | Buffer, binary = false): Promise<Answer> {
  return new Promise((resolve) => {
    s.once('message', (d) => resolve(JSON.parse(d.toString()) as Answer));
    s.send(frame, { binary });
  });
}

function closed(s: WebSocket): Promise<number> {
  return new Promise((resolve) => s.once('close', (code) => resolve(code)));
}

async function stillAnswers(): Promise<void> {
  const s = await open();
  const a = await call(s, JSON.stringify({ id: 7, channel: 'app.info', payload: {} }));
  expect(a.result.ok).toBe(true);
  s.close();
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dw-host-frames-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>t</title>');
  host = await startWebHost({
    staticDir: dir,
    dispatch: createDispatch(createHandlers(services)),
    bus: services.bus,
  });
  ws = await open();
});
afterAll(async () => {
  ws?.close();
  await host?.close();
  rmSync(dir, { recursive: true, force: true });
  rmSync(configDir, { recursive: true, force: true });
});

describe('limits in UTF-8 bytes', () => {
  it('counts bytes as UTF-8 does', () => {
    for (const s of ['', 'abc', 'é', '€', '😀', '\ud800', 'a\udc00b', 'x'.repeat(1000)])
      expect(utf8Bytes(s)).toBe(Buffer.byteLength(s, 'utf8'));
  });

  it('the frame limit holds the largest text at its worst JSON escaping', () => {
    const worst = JSON.stringify({
      id: Number.MAX_SAFE_INTEGER,
      channel: 'runs.importText',
      payload: {
        text: '\u0001'.repeat(LIMITS.importText),
        name: '\u0001'.repeat(200),
        save: false,
      },
    });
    expect(Buffer.byteLength(worst)).toBeLessThanOrEqual(WS_MAX_PAYLOAD);
  });
});

describe('frames that used to end the host', () => {
  it('answers JSON that is not an object', async () => {
    for (const frame of ['null', '1', '"x"', '[]', '[1,2]', 'true', '{"id":"1"}', '{}']) {
      const a = await call(ws, frame);
      expect(a).toEqual({ id: null, result: { ok: false, error: 'malformed message' } });
    }
    expect((await call(ws, Buffer.from('{"id":1}'), true)).result.ok).toBe(false);
  });

  it('closes on invalid UTF-8 (1007) and keeps running', async () => {
    const s = await open();
    s.on('error', () => undefined);
    const code = closed(s);
    s.send(Buffer.from([0x7b, 0xc3, 0x28, 0xff, 0x7d]), { binary: false });
    expect(await code).toBe(1007);
    await stillAnswers();
  });

  it('closes a frame over maxPayload (1009) and keeps running', async () => {
    const s = await open();
    s.on('error', () => undefined);
    const code = closed(s);
    s.send(Buffer.alloc(WS_MAX_PAYLOAD + 1, 0x20), { binary: false });
    expect(await code).toBe(1009);
    await stillAnswers();
  });
});

describe('an importText just under the limit goes through the socket', () => {
  it('ASCII: 4 MiB - 1 bytes is imported, 4 MiB + 1 is refused as too long', async () => {
    const pad = (n: number) => HDPARM + ' '.repeat(n - Buffer.byteLength(HDPARM));
    const ok = await call(
      ws,
      JSON.stringify({
        id: 1,
        channel: 'runs.importText',
        payload: { text: pad(LIMITS.importText - 1), save: false },
      }),
    );
    expect(ok.id).toBe(1);
    expect(ok.result.ok).toBe(true);
    const over = await call(
      ws,
      JSON.stringify({
        id: 2,
        channel: 'runs.importText',
        payload: { text: pad(LIMITS.importText + 1), save: false },
      }),
    );
    expect(over.id).toBe(2);
    expect(over.result.error).toMatch(/too long: more than 4 MiB of UTF-8/);
  });

  it('two-byte characters count twice; worst-case escaping still fits the frame', async () => {
    const twoByte = HDPARM + 'é'.repeat((LIMITS.importText - Buffer.byteLength(HDPARM)) / 2);
    const a = await call(
      ws,
      JSON.stringify({
        id: 3,
        channel: 'runs.importText',
        payload: { text: twoByte, save: false },
      }),
    );
    expect(a.result.ok).toBe(true);
    const b = await call(
      ws,
      JSON.stringify({
        id: 4,
        channel: 'runs.importText',
        payload: { text: twoByte + 'é', save: false },
      }),
    );
    expect(b.result.error).toMatch(/too long/);
    // 4 MiB of control characters: 24 MiB of JSON, accepted by the socket and the contract.
    const ctl = HDPARM + '\u0001'.repeat(LIMITS.importText - Buffer.byteLength(HDPARM));
    const c = await call(
      ws,
      JSON.stringify({ id: 5, channel: 'runs.importText', payload: { text: ctl, save: false } }),
    );
    expect(c.id).toBe(5);
    expect(c.result.error ?? '').not.toMatch(/too long|malformed/);
  });
});
