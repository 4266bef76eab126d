// The browser host's credential must reach no other local server, a spoofed Origin without it
// gets nothing, and the app loads under both host names the host accepts. Driven in Chromium.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createServices } from '../../src/main/create-services';
import { createDispatch, createHandlers } from '../../src/main/router';
import { startWebHost, type WebHost } from '../../src/main/web/host';
import { CHROMIUM, CHROMIUM_ARGS } from '../e2e/harness';
import { rawWebSocket } from './host-kit';
import { recordAttack } from './tally';

const RENDERER = resolve('dist/renderer');
const built = existsSync(join(RENDERER, 'index.html'));
const haveChromium = existsSync(CHROMIUM);
const why = !built
  ? 'dist/renderer is not built (npm run build)'
  : !haveChromium
    ? `no Chromium at ${CHROMIUM}`
    : '';
if (why) console.log(`host credential tests skipped: ${why}`);

interface Seen {
  url: string;
  headers: IncomingHttpHeaders;
}
let host: WebHost;
let other: Server;
let otherPort: number;
const seen: Seen[] = [];
let browser: Browser;
const configDir = mkdtempSync(join(tmpdir(), 'dw-cred-config-'));
const services = createServices({ host: 'browser', configDir });

beforeAll(async () => {
  if (why) return;
  host = await startWebHost({
    staticDir: RENDERER,
    dispatch: createDispatch(createHandlers(services)),
    bus: services.bus,
  });
  // Another local server, as another user or program could run: it records what it is sent.
  other = createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><title>other</title><p>other server</p>');
  });
  await new Promise<void>((r) => other.listen(0, '127.0.0.1', () => r()));
  otherPort = (other.address() as AddressInfo).port;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
});
afterAll(async () => {
  await browser?.close();
  await host?.close();
  await new Promise((r) => (other ? other.close(r) : r(null)));
  rmSync(configDir, { recursive: true, force: true });
});

async function appLoaded(page: Page): Promise<boolean> {
  try {
    await page
      .getByRole('heading', { name: /Is a new drive worth it/ })
      .waitFor({ timeout: 15_000 });
    // The footer is filled from app.info over the WebSocket: the socket works, not just the HTML.
    const footer = page.getByTestId('app-info');
    for (let i = 0; i < 150 && !/browser mode/.test(await footer.innerText()); i++)
      await page.waitForTimeout(100);
    return /browser mode/.test(await footer.innerText());
  } catch {
    return false;
  }
}

describe.skipIf(!!why)('browser host credential', () => {
  it('no other server on 127.0.0.1 or localhost receives the credential', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(host.url);
    expect(await appLoaded(page)).toBe(true);
    // Typed or bookmarked navigations, and one the page itself starts (would carry a Referer).
    await page.goto(`http://127.0.0.1:${otherPort}/`);
    await page.goto(host.url);
    await page.goto(`http://localhost:${otherPort}/${'x'}`);
    await page.goto(host.url);
    await appLoaded(page);
    await Promise.all([
      page.waitForURL(`http://127.0.0.1:${otherPort}/from-app`),
      page.evaluate(
        `window.location.href = ${JSON.stringify(`http://127.0.0.1:${otherPort}/from-app`)}`,
      ),
    ]);
    const cookies = await context.cookies();
    await context.close();
    const leaked = seen.filter(
      (s) => s.url.includes(host.token) || JSON.stringify(s.headers).includes(host.token),
    );
    const withCookie = seen.filter((s) => s.headers.cookie !== undefined);
    // The other server's own favicon request names its own page; any other Referer came from us.
    const withReferer = seen.filter(
      (s) => s.headers.referer !== undefined && !s.headers.referer.includes(`:${otherPort}/`),
    );
    const outcome = { requests: seen.length, leaked: leaked.length, cookies: cookies.length };
    console.log(`second server saw: ${JSON.stringify(outcome)}`);
    const held =
      seen.length >= 3 && leaked.length === 0 && withCookie.length === 0 && cookies.length === 0;
    recordAttack('host: credential sent to another local server (Chromium, cookie/Referer/URL)', {
      held,
    });
    expect(seen.length).toBeGreaterThanOrEqual(3);
    expect(leaked).toEqual([]);
    expect(withCookie).toEqual([]);
    expect(withReferer).toEqual([]);
    expect(cookies).toEqual([]);
  });

  it('a spoofed Origin without the credential gets neither the page nor the socket', async () => {
    const attempts = [
      await rawWebSocket(host.port, '/ws', host.origin),
      await rawWebSocket(host.port, '/ws?token=', host.origin),
      await rawWebSocket(host.port, `/${host.token.slice(0, -2)}/ws`, host.origin),
      await rawWebSocket(host.port, '/assets/ws', host.origin),
    ];
    const pages = await Promise.all(
      ['/', '/index.html', '/ws', `/${host.token.slice(1)}/`].map(
        async (p) => (await fetch(host.origin + p, { headers: { origin: host.origin } })).status,
      ),
    );
    const opened = attempts.filter(Boolean).length;
    for (const s of attempts) s?.destroy();
    recordAttack('host: spoofed Origin without the credential (WebSocket and HTTP)', {
      held: opened === 0 && pages.every((c) => c === 403),
    });
    expect(opened).toBe(0);
    expect(pages).toEqual([403, 403, 403, 403]);
  });

  it('http://localhost:PORT loads the app (Host and Origin agree), old ?token= URL too', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`http://localhost:${host.port}/${host.token}/`);
    const direct = await appLoaded(page);
    await page.screenshot({ path: resolve('test-results/host-localhost.png') });
    await page.goto(`http://localhost:${host.port}/?token=${host.token}`);
    const legacy = await appLoaded(page);
    const landed = page.url();
    await context.close();
    recordAttack('host: blank page on http://localhost:PORT (Host/Origin disagreement)', {
      held: direct && legacy && errors.length === 0,
    });
    expect(direct).toBe(true);
    expect(legacy).toBe(true);
    expect(landed).toBe(`http://localhost:${host.port}/${host.token}/`);
    expect(errors).toEqual([]);
  });
});
