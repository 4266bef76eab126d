// Issue 14, class 8: the Electron shell and how the root helper is started. Each attack is
// recorded in the tally and asserted. The shell's handlers run with the real router; the helper
// start-up checks run on real files (root-only parts skip with a one-line reason).
import {
  chmodSync,
  chownSync,
  mkdtempSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createServices } from '../../src/main/create-services';
import { checkedRuntime, helperRuntime, rootRunRefusal } from '../../src/main/privileged/elevate';
import { PrivilegedManager, sudoPromptExec } from '../../src/main/privileged/manager';
import { createDispatch, createHandlers } from '../../src/main/router';
import { appUrlPrefixFor } from '../../src/main/shell/app-url';
import { registerIpc } from '../../src/main/shell/ipc';
import { lockDownSession } from '../../src/main/shell/session-guard';
import { lockDownNavigation } from '../../src/main/shell/window';
import { recordAttack } from './tally';

vi.mock('electron', () => ({}));

const RENDERER = '/opt/Drivewise/resources/app.asar/dist/renderer';
const PREFIX = appUrlPrefixFor(RENDERER);
const isRoot = process.getuid?.() === 0;
if (!isRoot) console.warn('electron-shell: root-owned path attacks skipped (needs root to chown)');

describe('class 8: who may call main', () => {
  const handle = new Map<string, (e: unknown, p: unknown) => Promise<{ ok: boolean }>>();
  registerIpc(
    { handle: (ch: string, fn: never) => void handle.set(ch, fn), on: vi.fn() } as never,
    createDispatch(createHandlers(createServices())),
    PREFIX,
  );
  const call = (url: string, parent: unknown = null) =>
    handle.get('drivewise:app.info')!({ senderFrame: { url, parent }, sender: { id: 1 } }, {});

  const forged = {
    'sibling folder dist/renderer-evil': `file://${RENDERER}-evil/x.html`,
    'dot-dot out of the renderer folder': `file://${RENDERER}/../renderer-evil/x.html`,
    'encoded dot-dot': `file://${RENDERER}/%2e%2e/renderer-evil/x.html`,
    'encoded slash': `file://${RENDERER}%2F..%2Frenderer-evil/x.html`,
    'file URL on another host': `file://evil.example${RENDERER}/index.html`,
    'the folder itself': `file://${RENDERER}/`,
    'a web page': 'https://evil.example/',
    'about:blank': 'about:blank',
  };
  for (const [name, url] of Object.entries(forged))
    it(`refuses IPC from ${name}`, async () => {
      const r = await call(url);
      recordAttack(`ipc sender: ${name}`, { held: r.ok === false });
      expect(r).toEqual({ ok: false, error: 'untrusted sender' });
    });

  it('refuses IPC from a frame inside our own page', async () => {
    const r = await call(`file://${RENDERER}/index.html`, { url: `file://${RENDERER}/index.html` });
    recordAttack('ipc sender: subframe of the app page', { held: r.ok === false });
    expect(r.ok).toBe(false);
    // The control: our page itself is served.
    expect((await call(`file://${RENDERER}/index.html#/welcome`)).ok).toBe(true);
  });
});

describe('class 8: where the window may go', () => {
  type Ev = { preventDefault: () => void; url?: string };
  const on: Record<string, (e: Ev, url?: string) => void> = {};
  let open: (() => { action: string }) | undefined;
  lockDownNavigation(
    {
      on: ((ev: string, fn: never) => (on[ev] = fn)) as never,
      setWindowOpenHandler: ((fn: never) => (open = fn)) as never,
    },
    PREFIX,
  );
  const prevented = (ev: string, url: string): boolean => {
    let p = false;
    on[ev]!({ preventDefault: () => (p = true), url }, url);
    return p;
  };
  for (const [name, ev, url] of [
    ['navigate to the sibling folder', 'will-navigate', `file://${RENDERER}-evil/x.html`],
    ['navigate to the web', 'will-navigate', 'https://evil.example/'],
    ['a frame navigates to the sibling folder', 'will-frame-navigate', `file://${RENDERER}-evil/`],
    ['redirect out of the app', 'will-redirect', 'https://evil.example/'],
    ['attach a <webview>', 'will-attach-webview', `file://${RENDERER}/index.html`],
  ] as const)
    it(`prevents: ${name}`, () => {
      const held = prevented(ev, url);
      recordAttack(`navigation: ${name}`, { held });
      expect(held).toBe(true);
    });

  it('denies new windows and every permission request, check and device', () => {
    let request: ((wc: unknown, p: string, cb: (ok: boolean) => void) => void) | undefined;
    let check: ((...a: unknown[]) => boolean) | undefined;
    let device: ((...a: unknown[]) => boolean) | undefined;
    lockDownSession({
      setPermissionRequestHandler: ((fn: never) => (request = fn)) as never,
      setPermissionCheckHandler: ((fn: never) => (check = fn)) as never,
      setDevicePermissionHandler: ((fn: never) => (device = fn)) as never,
      webRequest: { onHeadersReceived: () => undefined } as never,
    });
    const answers: boolean[] = [];
    for (const p of ['media', 'notifications', 'clipboard-read', 'hid'])
      request!({}, p, (ok) => answers.push(ok));
    const held =
      open!().action === 'deny' &&
      answers.every((a) => !a) &&
      check!({}, 'clipboard-read') === false &&
      device!({ deviceType: 'usb' }) === false;
    recordAttack('window.open, permission request/check, device access', { held });
    expect(held).toBe(true);
  });
});

describe('class 8: what root is made to run', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('AppImage: no password prompt, no copy of the helper anywhere', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dw-sec-appimage-'));
    dirs.push(dir);
    const sudoExec = vi.fn();
    const rt = helperRuntime({
      electron: true,
      execPath: join(dir, 'mount/drivewise'),
      env: { APPIMAGE: join(dir, 'Drivewise.AppImage'), APPDIR: join(dir, 'mount') },
      script: join(dir, 'mount/resources/app.asar.unpacked/dist/main/root-helper.js'),
    });
    const m = new PrivilegedManager({
      uid: 1000,
      runtime: () => rt,
      availability: () => ({ ok: true, direct: false, tool: 'pkexec', reason: 'pkexec' }),
      spawnDirect: () => {
        throw new Error('not root');
      },
      sudoExec,
      baseDir: dir,
      askTimeoutMs: 5000,
    });
    const st = await m.request();
    const held = st.state === 'unavailable' && sudoExec.mock.calls.length === 0;
    recordAttack('AppImage: helper run as root from files the user can change', { held });
    expect(held).toBe(true);
    expect(st.reason).toMatch(/AppImage/);
  });

  it('a broken sudo-prompt cannot keep the request hanging', async () => {
    const m = new PrivilegedManager({
      uid: 1000,
      runtime: () => ({ execPath: '/usr/bin/node', runAsNode: false, script: '/x.js' }),
      availability: () => ({ ok: true, direct: false, tool: 'pkexec', reason: 'pkexec' }),
      spawnDirect: () => {
        throw new Error('not root');
      },
      sudoExec: sudoPromptExec(() => {
        throw new Error('ENOENT: app.asar/node_modules/@vscode/sudo-prompt');
      }),
      askTimeoutMs: 300_000,
    });
    const t0 = Date.now();
    const st = await m.request();
    const held = st.state === 'unavailable' && Date.now() - t0 < 5000;
    recordAttack('fault: sudo-prompt fails to load', { held });
    expect(held).toBe(true);
  });

  describe.skipIf(!isRoot)('root-owned paths (real files)', () => {
    // /run is root-owned 0755 on Linux; our folder in it is made 0755 like /opt/Drivewise.
    const base = (): string => {
      const d = mkdtempSync('/run/dw-sec-helper-');
      dirs.push(d);
      chmodSync(d, 0o755);
      const f = join(d, 'root-helper.js');
      writeFileSync(f, '// helper\n', { mode: 0o644 });
      return f;
    };

    it('control: a root-owned, non-writable install is accepted', () => {
      const f = base();
      expect(statSync('/run').uid).toBe(0);
      expect(rootRunRefusal(f)).toBeNull();
      expect(rootRunRefusal(process.execPath)).toBeNull();
    });

    for (const [name, spoil] of [
      ['helper file owned by a user', (f: string) => chownSync(f, 65534, 65534)],
      ['helper file writable by others', (f: string) => chmodSync(f, 0o666)],
      ['install folder owned by a user', (f: string) => chownSync(join(f, '..'), 65534, 65534)],
      ['install folder world-writable', (f: string) => chmodSync(join(f, '..'), 0o777)],
      [
        'install folder group-writable by a non-root group',
        (f: string) => (chownSync(join(f, '..'), 0, 65534), chmodSync(join(f, '..'), 0o775)),
      ],
      [
        'root-owned symlink to a file in /tmp',
        (f: string) => {
          const evil = mkdtempSync(join(tmpdir(), 'dw-sec-evil-'));
          dirs.push(evil);
          writeFileSync(join(evil, 'x.js'), '// evil\n');
          rmSync(f);
          symlinkSync(join(evil, 'x.js'), f);
        },
      ],
    ] as const)
      it(`refuses: ${name}`, () => {
        const f = base();
        spoil(f);
        const why = checkedRuntime({
          execPath: process.execPath,
          runAsNode: false,
          script: f,
        }).refused;
        recordAttack(`helper start: ${name}`, { held: !!why });
        expect(why).toMatch(/files your account can change/);
      });
  });
});
