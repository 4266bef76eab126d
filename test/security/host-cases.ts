// What the host fuzz test sends: request lines, targets, headers and WebSocket frames, valid and
// broken, built from a seeded random source. Split from host-fuzz.test.ts to keep both short.
import { WS_MAX_PAYLOAD } from '../../src/shared/contract/limits';
import { frame, mutate, type Rng } from './host-kit';

export type FuzzCases = ReturnType<typeof fuzzCases>;

export function fuzzCases(token: string, port: number) {
  /** A token that is not the token: one character changed, cut, extended, case-flipped, … */
  function wrongToken(g: Rng): string {
    const t = token;
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
    const p = port;
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
    const tok = withToken ? token : wrongToken(g);
    const line = `${g.pick(METHODS)} ${g.pick(targets(tok))} ${g.pick(VERSIONS)}`;
    const base = Buffer.from(`${line}\r\n${g.pick(hostHeaders())}\r\n\r\n`, 'utf8');
    return g.next() < 0.5 ? mutate(g, base) : g.next() < 0.1 ? g.bytes(1 + g.int(300)) : base;
  }

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

  /** One protocol violation per kind, in turn; each must make the host close the socket. */
  const protocolViolation = (i: number): Buffer => {
    const bad = [
      () => frame(0x1, Buffer.from([0xc3, 0x28, 0xa0, 0xa1])), // invalid UTF-8 text
      () => frame(0x1, Buffer.from('{}'), { masked: false }), // unmasked client frame
      () => frame(0x3 + (i % 5), Buffer.from('x')), // reserved opcode
      () => frame(0x1, Buffer.from('{}'), { rsv: 1 + (i % 7) }), // RSV bits, no extension
      () => frame(0x9, Buffer.alloc(200)), // control frame over 125 bytes
      () => frame(0x9, Buffer.from('p'), { fin: false }), // fragmented control frame
      () => frame(0x0, Buffer.from('x')), // continuation with nothing to continue
      () => frame(0x1, Buffer.alloc(0), { declared: BigInt(WS_MAX_PAYLOAD) + 1n }), // too big
      () => frame(0x2, Buffer.alloc(0), { declared: 1n << 62n }), // absurd length
      () => frame(0x8, Buffer.from([0x03])), // close with a 1-byte payload
    ];
    return bad[i % bad.length]!();
  };

  return { wrongToken, targets, rawHttpCase, wsFrame: make, protocolViolation };
}
