// Fuzzing the real `drivewise web` process: malformed and mutated HTTP requests and WebSocket
// frames, with and without the credential. No input may end the process, none without the
// credential may reach the app, and a valid request is still answered afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  closesWithin,
  pool,
  rawRequest,
  rawWebSocket,
  rng,
  startHostChild,
  type HostChild,
} from './host-kit';
import { fuzzCases, type FuzzCases } from './host-cases';
import { recordAttack } from './tally';

const SEED = Number(process.env.DW_FUZZ_SEED ?? Date.now() % 1_000_000);
const r = rng(SEED);
let host: HostChild;
let baseline: number;
let cases: FuzzCases;
const started = Date.now();
const counts: Record<string, number> = {};
const breaches: string[] = [];

beforeAll(async () => {
  console.log(`host fuzz seed ${SEED} (DW_FUZZ_SEED=${SEED} replays it)`);
  host = await startHostChild();
  cases = fuzzCases(host.token, host.port);
  baseline = (await fetch(host.url)).status;
});
afterAll(async () => {
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  console.log(
    `host fuzz: ${total} requests and frames in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
      JSON.stringify(counts),
  );
  await host?.stop();
});

const alive = () => host.exit === null;
const count = (k: string, n = 1) => (counts[k] = (counts[k] ?? 0) + n);

describe('browser host under fuzzing', () => {
  it('raw HTTP: malformed and mutated requests, with and without the token', async () => {
    const requests = Array.from({ length: 5000 }, (_, i) => cases.rawHttpCase(r, i % 2 === 0));
    const seen: Record<number, number> = {};
    await pool(requests, 24, async (data) => {
      const code = await rawRequest(host.port, data);
      seen[code] = (seen[code] ?? 0) + 1;
      // Success without the real token in the bytes would be a way in.
      if ((code === 200 || code === 101 || code === 303) && !data.includes(host.token))
        breaches.push(`raw HTTP ${code}: ${data.subarray(0, 80).toString('latin1')}`);
    });
    count('raw-http', requests.length);
    console.log('raw HTTP status codes:', JSON.stringify(seen));
    const held = alive() && breaches.length === 0;
    recordAttack(
      'host: 5000 raw malformed/mutated HTTP requests (bad request lines, escapes, hosts)',
      {
        held,
        crashed: !alive(),
      },
    );
    expect(breaches).toEqual([]);
    expect(alive()).toBe(true);
  });

  it('fetch: mutated paths, tokens, Host and Origin; nothing without the token gets in', async () => {
    const n = 2000;
    let wrong = 0;
    await pool(
      Array.from({ length: n }, (_, i) => i),
      16,
      async (i) => {
        const tok = i % 4 === 0 ? host.token : cases.wrongToken(r);
        const path = r.pick(cases.targets(tok)).replace(/^(?!\/)/, '/');
        const origin = r.pick([
          undefined,
          host.origin,
          'http://evil.example',
          'null',
          `http://localhost:${host.port}`,
        ]);
        const hostName = r.pick(['127.0.0.1', 'localhost']);
        const res = await fetch(`http://${hostName}:${host.port}${path}`, {
          redirect: 'manual',
          headers: origin ? { origin } : {},
        }).catch(() => null);
        if (!res) return;
        await res.arrayBuffer().catch(() => undefined);
        const ok = res.status < 400;
        const breach = (msg: string) => {
          wrong++;
          breaches.push(msg);
        };
        if (ok && !path.includes(host.token)) breach(`fetch ${res.status} ${path}`);
        if (ok && origin && origin !== `http://${hostName}:${host.port}`)
          breach(`fetch ${res.status} with Origin ${origin} on ${hostName}`);
        if (res.headers.get('set-cookie')) breach(`cookie set on ${path}`);
      },
    );
    count('fetch', n);
    recordAttack('host: 2000 HTTP requests with mutated tokens, spoofed Host/Origin', {
      held: alive() && wrong === 0,
      crashed: !alive(),
    });
    expect(wrong).toBe(0);
    expect(alive()).toBe(true);
  });

  it('WebSocket upgrades without the token or with a foreign Origin are refused', async () => {
    const n = 600;
    let opened = 0;
    await pool(
      Array.from({ length: n }, (_, i) => i),
      12,
      async (i) => {
        const path =
          i % 3 === 0
            ? `/${host.token}/ws`
            : r.pick([`/${cases.wrongToken(r)}/ws`, '/ws', `/ws?token=${host.token}`]);
        const origin =
          i % 3 === 0
            ? r.pick([
                'http://evil.example',
                'null',
                `http://localhost:${host.port}`,
                'http://127.0.0.1:1',
              ])
            : r.pick([host.origin, 'http://evil.example']);
        const s = await rawWebSocket(host.port, path, origin);
        if (s) {
          opened++;
          s.destroy();
        }
      },
    );
    count('ws-upgrade', n);
    recordAttack('host: 600 WebSocket upgrades without token or with a spoofed Origin', {
      held: alive() && opened === 0,
      crashed: !alive(),
    });
    expect(opened).toBe(0);
  });

  it('WebSocket frames with the token: non-objects, junk, invalid UTF-8, mutated requests', async () => {
    const n = 3000;
    const frames = Array.from({ length: n }, () => cases.wsFrame(r));
    let answered = 0;
    let closed = 0;
    let ws: WebSocket | null = null;
    const openWs = () =>
      new Promise<WebSocket>((ok, fail) => {
        const s = new WebSocket(`ws://127.0.0.1:${host.port}/${host.token}/ws`, {
          origin: host.origin,
        });
        s.once('error', (e) => fail(e));
        s.once('open', () => {
          s.on('error', () => undefined);
          ok(s);
        });
        s.once('unexpected-response', () => fail(new Error('upgrade refused')));
      });
    for (const f of frames) {
      // A dead host answers nothing more: stop, the tally and the checks below say so.
      if (!alive()) break;
      ws ??= await openWs().catch(() => null);
      if (!ws) break;
      const s: WebSocket = ws;
      const outcome = await new Promise<'answer' | 'closed' | 'silent'>((done) => {
        const t = setTimeout(() => done('silent'), 5000);
        s.once('message', () => (clearTimeout(t), done('answer')));
        s.once('close', () => (clearTimeout(t), done('closed')));
        s.send(f.data, { binary: f.binary });
      });
      s.removeAllListeners('message');
      s.removeAllListeners('close');
      if (outcome === 'answer') answered++;
      else {
        closed++;
        s.terminate();
        ws = null;
      }
    }
    ws?.close();
    count('ws-frames', n);
    console.log(
      `WS frames: ${answered} answered, ${closed} closed the connection (invalid UTF-8 etc.)`,
    );
    recordAttack(
      'host: 3000 WebSocket frames (non-object JSON, junk, invalid UTF-8, mutated calls)',
      {
        held: alive() && answered + closed === n,
        crashed: !alive(),
      },
    );
    expect(alive()).toBe(true);
    expect(answered + closed).toBe(n);
  });

  it('raw WebSocket protocol abuse: bad opcodes, unmasked, oversize lengths, bad UTF-8', async () => {
    const n = 400;
    let keptOpen = 0;
    await pool(
      Array.from({ length: n }, (_, i) => i),
      8,
      async (i) => {
        const s = await rawWebSocket(host.port, `/${host.token}/ws`, host.origin);
        if (!s) return;
        s.on('error', () => undefined);
        const pickBad = () => cases.protocolViolation(i);
        s.write(pickBad());
        if (!(await closesWithin(s, 3000))) keptOpen++;
        s.destroy();
      },
    );
    count('ws-protocol', n);
    recordAttack('host: 400 raw WebSocket protocol violations (opcodes, masks, lengths, UTF-8)', {
      held: alive() && keptOpen === 0,
      crashed: !alive(),
    });
    expect(keptOpen).toBe(0);
    expect(alive()).toBe(true);
  });

  it('still answers a valid request afterwards, and the process never died', async () => {
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(10_000);
    expect((await fetch(host.url)).status).toBe(baseline);
    const ws = new WebSocket(`ws://127.0.0.1:${host.port}/${host.token}/ws`, {
      origin: host.origin,
    });
    const answer = await new Promise<{ result: { ok: boolean } }>((ok, fail) => {
      ws.once('error', fail);
      ws.once('open', () => ws.send(JSON.stringify({ id: 1, channel: 'app.info', payload: {} })));
      ws.once('message', (d) => ok(JSON.parse(d.toString()) as { result: { ok: boolean } }));
    });
    ws.close();
    expect(answer.result.ok).toBe(true);
    expect(alive()).toBe(true);
    expect(host.stderr()).not.toMatch(/Uncaught|Unhandled|TypeError|RangeError/);
    expect(breaches).toEqual([]);
    expect(Date.now() - started).toBeLessThan(90_000);
  });
});
