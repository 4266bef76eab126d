import { describe, expect, it } from 'vitest';
import type { IncomingMessage } from 'node:http';
import { HostGuard, parseTarget, route, safeEqual } from '../../../../src/main/web/guard';

const TOKEN = 'k'.repeat(43);
const req = (host: string | undefined, origin?: string) =>
  ({ headers: { host, ...(origin !== undefined ? { origin } : {}) } }) as IncomingMessage;

describe('parseTarget', () => {
  it('decodes segments and keeps the query', () => {
    expect(parseTarget('/a/b%20c/?x=1')).toMatchObject({ segments: ['a', 'b c', ''] });
    expect(parseTarget('/?token=t')!.query.get('token')).toBe('t');
  });

  it('refuses what used to throw or escape: bad escapes, absolute forms, dot segments', () => {
    for (const raw of [
      undefined,
      '',
      '*',
      'http://[',
      'http://127.0.0.1/x',
      '//evil/x',
      '/%',
      '/%E0%A4%A',
      '/%ff',
      '/a/../b',
      '/a/%2e%2e/b',
      '/a%2Fb',
      '/a%5Cb',
      '/a%00b',
      '/./x',
    ])
      expect(parseTarget(raw)).toBeNull();
  });
});

describe('route', () => {
  const r = (raw: string) => route(parseTarget(raw)!, TOKEN);
  it('serves only under /<token>/', () => {
    expect(r(`/${TOKEN}/`)).toEqual({ kind: 'static', rel: 'index.html' });
    expect(r(`/${TOKEN}/assets/a.js`)).toEqual({ kind: 'static', rel: 'assets/a.js' });
    expect(r(`/${TOKEN}/ws`)).toEqual({ kind: 'ws' });
    expect(r(`/${TOKEN}`)).toEqual({ kind: 'redirect', location: `/${TOKEN}/` });
    expect(r(`/?token=${TOKEN}`)).toEqual({ kind: 'redirect', location: `/${TOKEN}/` });
    for (const raw of ['/', '/ws', '/index.html', `/${TOKEN}x/`, `/x/${TOKEN}/`, '/?token=k'])
      expect(r(raw)).toEqual({ kind: 'denied' });
    expect(r(`/${TOKEN}//etc/passwd`)).toEqual({ kind: 'denied' });
  });

  it('compares tokens in constant time and only as strings', () => {
    expect(safeEqual(TOKEN, TOKEN)).toBe(true);
    expect(safeEqual(undefined, TOKEN)).toBe(false);
    expect(safeEqual('k', TOKEN)).toBe(false);
  });
});

describe('HostGuard: host names and Origins agree', () => {
  const g = new HostGuard(8080);
  it('accepts 127.0.0.1 and localhost, each with its own Origin', () => {
    expect(g.allows(req('127.0.0.1:8080'), false)).toBe(true);
    expect(g.allows(req('localhost:8080'), false)).toBe(true);
    expect(g.allows(req('127.0.0.1:8080', 'http://127.0.0.1:8080'), true)).toBe(true);
    expect(g.allows(req('localhost:8080', 'http://localhost:8080'), true)).toBe(true);
    expect(g.allows(req('LOCALHOST:8080', 'http://localhost:8080'), true)).toBe(true);
  });

  it('refuses other hosts, ports, mismatched or missing Origins where required', () => {
    expect(g.allows(req('evil.example:8080'), false)).toBe(false);
    expect(g.allows(req('127.0.0.1:8081'), false)).toBe(false);
    expect(g.allows(req(undefined), false)).toBe(false);
    expect(g.allows(req('127.0.0.1:8080', 'http://localhost:8080'), false)).toBe(false);
    expect(g.allows(req('127.0.0.1:8080', 'http://evil.example'), false)).toBe(false);
    expect(g.allows(req('127.0.0.1:8080', 'null'), false)).toBe(false);
    expect(g.allows(req('127.0.0.1:8080'), true)).toBe(false);
  });

  it('lets the page connect back to this host under its own names only', () => {
    expect(g.csp()).toContain(
      "connect-src 'self' ws://127.0.0.1:8080 ws://localhost:8080 ws://[::1]:8080;",
    );
    expect(g.csp()).not.toMatch(/:\*/);
  });
});
