// Who may talk to the browser-mode host. The credential is a per-launch random path prefix
// (/<token>/…): a browser sends a URL's path only to that URL's server, so no other server on
// 127.0.0.1 ever receives it (a cookie would go to every port). No cookie is set at all.
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export function safeEqual(a: string | undefined | null, b: string): boolean {
  if (typeof a !== 'string') return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export interface Target {
  /** Decoded path segments: '/a/b/' → ['a', 'b', '']. */
  segments: string[];
  query: URLSearchParams;
}

/**
 * The request target, decoded, or null when it is malformed: not origin-form, a bad
 * percent-escape, a decoded '/', '\\' or NUL inside a segment, or '.'/'..' segments.
 */
export function parseTarget(raw: string | undefined): Target | null {
  if (typeof raw !== 'string' || !raw.startsWith('/') || raw.startsWith('//')) return null;
  let url: URL;
  try {
    url = new URL(raw, 'http://host.invalid');
  } catch {
    return null;
  }
  const segments: string[] = [];
  // The raw path, not url.pathname: URL resolves '..' and would hide it.
  const rawPath = raw.split(/[?#]/, 1)[0]!;
  for (const part of rawPath.slice(1).split('/')) {
    let seg: string;
    try {
      seg = decodeURIComponent(part);
    } catch {
      return null;
    }
    if (/[/\\\0]/.test(seg) || seg === '.' || seg === '..') return null;
    segments.push(seg);
  }
  return { segments, query: url.searchParams };
}

/**
 * The host names the server answers to, and the Origins it accepts: 127.0.0.1, [::1] and
 * localhost (the server holds its port on both loopback addresses), in agreement.
 * The page may be opened as http://127.0.0.1:PORT or http://localhost:PORT; its requests then
 * carry Origin http://<the same host>, so the Origin must equal http:// + the Host header.
 */
export class HostGuard {
  private readonly hosts: Set<string>;

  constructor(readonly port: number) {
    this.hosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]);
  }

  /** Host header is ours (DNS-rebinding guard) and Origin, if any, is the page on that host. */
  allows(req: IncomingMessage, requireOrigin: boolean): boolean {
    const host = (req.headers.host ?? '').toLowerCase();
    if (!this.hosts.has(host)) return false;
    const origin = req.headers.origin;
    if (origin === undefined) return !requireOrigin;
    return origin.toLowerCase() === `http://${host}`;
  }

  /** CSP for the served pages: scripts and sockets from this host under these names only. */
  csp(): string {
    const ws = [...this.hosts].map((h) => `ws://${h}`).join(' ');
    return (
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
      "img-src 'self' data: blob:; font-src 'self'; " +
      `connect-src 'self' ${ws}; object-src 'none'; base-uri 'none'; ` +
      "frame-ancestors 'none'; form-action 'none'"
    );
  }
}

/** Where a target points once the credential checked out. */
export type Route =
  | { kind: 'static'; rel: string }
  | { kind: 'ws' }
  | { kind: 'redirect'; location: string }
  | { kind: 'denied' };

/**
 * /<token>/… is the app; /<token> redirects to /<token>/ (relative asset URLs need the slash);
 * /?token=<token>, the URL older builds printed, redirects to /<token>/ too.
 */
export function route(t: Target, token: string): Route {
  const [first, ...rest] = t.segments;
  if (safeEqual(first, token)) {
    if (rest.length === 0) return { kind: 'redirect', location: `/${token}/` };
    if (rest.length === 1 && rest[0] === 'ws') return { kind: 'ws' };
    if (rest.slice(0, -1).some((s) => s === '')) return { kind: 'denied' };
    return { kind: 'static', rel: rest.join('/') || 'index.html' };
  }
  if (t.segments.length === 1 && first === '' && safeEqual(t.query.get('token'), token))
    return { kind: 'redirect', location: `/${token}/` };
  return { kind: 'denied' };
}
