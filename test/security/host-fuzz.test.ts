// Fuzzing the real `drivewise web` process: malformed and mutated HTTP requests and WebSocket
// frames, with and without the credential. No input may end the process, none without the
// credential may reach the app, and a valid request is still answered afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  closesWithin,
  frame,
  mutate,
  pool,
  rawRequest,
  rawWebSocket,
  rng,
  startHostChild,
  type HostChild,
  type Rng,
} from './host-kit';
import { recordAttack } from './tally';
import { WS_MAX_PAYLOAD } from '../../src/shared/contract/limits';

const SEED = Number(process.env.DW_FUZZ_SEED ?? Date.now() % 1_000_000);
const r = rng(SEED);
let host: HostChild;
let baseline: number;
const started = Date.now();
const counts: Record<string, number> = {};
const breaches: string[] = [];

beforeAll(async () => {
  console.log(`host fuzz seed ${SEED} (DW_FUZZ_SEED=${SEED} replays it)`);
  host = await startHostChild();
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

/** A token that is not the token: one character changed, cut, extended, case-flipped, … */
function wrongToken(g: Rng): string {
  const t = host.token;
  switch (g.int(6)) {
    case 0:
      return t.slice(0, -1);
    case 1:
      return t + g.pick(['a', '/', '%00', '%2F']);
    case 2: {
      const i = g.int(t.length);
      return t.slice(0, i) + (t[i] === 'A' ? 'B' : 'A') + t.slice(i + 1);
    }
    case 3:
      return t.toUpperCase() === t ? t.toLowerCase() : t.toUpperCase();
    case 4:
      return `${t.slice(0, 8)}%2F${t.slice(8)}`;
    default:
      return '';
  }
}

const METHODS = [
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'DELETE',
  'OPTIONS',
  'TRACE',
  'CONNECT',
  'G\0T',
  'get',
  '',
];
const VERSIONS = ['HTTP/1.1', 'HTTP/1.0', 'HTTP/2.0', 'HTTP/9.9', '', 'HTTP/1.1 x', 'HTTP/1.1\0'];
function targets(tok: string): string[] {
  return [
    `/${tok}/`,
    `/${tok}/index.html`,
    `/${tok}/assets/../../../etc/passwd`,
    `/${tok}/%2e%2e/%2e%2e/etc/passwd`,
    `/${tok}/..%2f..%2fetc%2fpasswd`,
    `/${tok}/%`,
    `/${tok}/%E0%A4%A`,
    `/${tok}/%ff%fe%00`,
    `/${tok}/ws`,
    `/?token=${tok}`,
    `/${tok}`,
    '*',
    'http://[',
    `http://127.0.0.1:1/${tok}/`,
    `//evil/${tok}/`,
    '/%',
    '/\u00e9\u0000',
    `/${tok}/${'a'.repeat(9000)}`,
    '',
  ];
}
function hostHeaders(): string[] {
  const p = host.port;
  return [
    `Host: 127.0.0.1:${p}`,
    `Host: localhost:${p}`,
    `Host: evil.example:${p}`,
    `Host: 127.0.0.1:${p}\r\nHost: evil.example`,
    '',
    `Host: 127.0.0.1:${p}\r\nOrigin: http://evil.example`,
    `Host: localhost:${p}\r\nOrigin: http://127.0.0.1:${p}`,
    `Host: 127.0.0.1:${p}\r\nOrigin: null`,
    `Host: 127.0.0.1:${p}\r\nContent-Length: -1`,
    `Host: 127.0.0.1:${p}\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n`,
    `Host: 127.0.0.1:${p}\r\nX-Long: ${'x'.repeat(70_000)}`,
    `Host: 127.0.0.1:${p}\r\nUpgrade: websocket\r\nConnection: Upgrade`,
  ];
}

function rawHttpCase(g: Rng, withToken: boolean): Buffer {
  const tok = withToken ? host.token : wrongToken(g);
  const line = `${g.pick(METHODS)} ${g.pick(targets(tok))} ${g.pick(VERSIONS)}`;
  const base = Buffer.from(`${line}\r\n${g.pick(hostHeaders())}\r\n\r\n`, 'utf8');
  return g.next() < 0.5 ? mutate(g, base) : g.next() < 0.1 ? g.bytes(1 + g.int(300)) : base;
}

describe('browser host under fuzzing', () => {
  it('raw HTTP: malformed and mutated requests, with and without the token', async () => {
    const cases = Array.from({ length: 5000 }, (_, i) => rawHttpCase(r, i % 2 === 0));
    const seen: Record<number, number> = {};
    await pool(cases, 24, async (data) => {
      const code = await rawRequest(host.port, data);
      seen[code] = (seen[code] ?? 0) + 1;
      // Success without the real token in the bytes would be a way in.
      if ((code === 200 || code === 101 || code === 303) && !data.includes(host.token))
        breaches.push(`raw HTTP ${code}: ${data.subarray(0, 80).toString('latin1')}`);
    });
    count('raw-http', cases.length);
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
        const tok = i % 4 === 0 ? host.token : wrongToken(r);
        const path = r.pick(targets(tok)).replace(/^(?!\/)/, '/');
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
            : r.pick([`/${wrongToken(r)}/ws`, '/ws', `/ws?token=${host.token}`]);
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
    const SAFE = [
      'app.info',
      'runs.list',
      'references.list',
      'bench.catalogue',
      'runs.get',
      'job.cancel',
      'verdict.compute',
      'bench.plan',
    ];
    const valid = (g: Rng) =>
      Buffer.from(
        JSON.stringify({
          id: g.int(1e6),
          channel: g.pick(SAFE),
          payload: g.pick([
            {},
            { id: 'x' },
            { jobId: 'j' },
            { beforeId: 'a', afterId: 'b' },
            { targetDir: '/nonexistent' },
            { profile: 'quick' },
          ]),
        }),
      );
    const odd = [
      'null',
      '1',
      '"x"',
      '[]',
      'true',
      '{}',
      '{"id":1}',
      '{"id":1,"channel":5}',
      '{"id":1e400,"channel":"app.info"}',
      '{"id":1,"channel":"__proto__","payload":{}}',
      '{"id":1,"channel":"constructor"}',
      '{"id":1,"channel":"toString"}',
      '{"__proto__":{"id":1},"channel":"app.info"}',
      '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[',
      '{"id":1,"channel":"app.info","payload":[]}',
      `{"id":1,"channel":"app.info","payload":${'['.repeat(50_000)}${']'.repeat(50_000)}}`,
    ];
    const make = (g: Rng): { data: Buffer; binary: boolean } => {
      const k = g.int(10);
      if (k < 3) return { data: Buffer.from(g.pick(odd)), binary: false };
      if (k < 5) return { data: mutate(g, valid(g)), binary: false };
      if (k < 6) return { data: g.bytes(1 + g.int(200)), binary: g.next() < 0.5 };
      return { data: valid(g), binary: false };
    };
    const n = 3000;
    const frames = Array.from({ length: n }, () => make(r));
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
        const bad = [
          () => frame(0x1, Buffer.from([0xc3, 0x28, 0xa0, 0xa1])), // invalid UTF-8 text
          () => frame(0x1, Buffer.from('{}'), { masked: false }), // unmasked client frame
          () => frame(0x3 + (i % 5), Buffer.from('x')), // reserved opcode
          () => frame(0x1, Buffer.from('{}'), { rsv: 1 + (i % 7) }), // RSV bits without extension
          () => frame(0x9, Buffer.alloc(200)), // control frame over 125 bytes
          () => frame(0x9, Buffer.from('p'), { fin: false }), // fragmented control frame
          () => frame(0x0, Buffer.from('x')), // continuation with nothing to continue
          () => frame(0x1, Buffer.alloc(0), { declared: BigInt(WS_MAX_PAYLOAD) + 1n }), // over maxPayload
          () => frame(0x2, Buffer.alloc(0), { declared: 1n << 62n }), // absurd length
          () => frame(0x8, Buffer.from([0x03])), // close with a 1-byte payload
        ];
        const pickBad = bad[i % bad.length]!;
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
