import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

// The shell must be testable without the Electron binary: mock the module it imports.
vi.mock('electron', () => ({}));

import {
  channels,
  eventNames,
  IPC_EVENT,
  IPC_PREFIX,
  IPC_READY,
  methodName,
} from '../../../../src/shared/contract';
import { EventBus } from '../../../../src/main/core/event-bus';
import { createServices } from '../../../../src/main/create-services';
import { createDispatch, createHandlers } from '../../../../src/main/router';
import { forwardEvents, isTrustedSender, registerIpc } from '../../../../src/main/shell/ipc';
import { buildPreloadApi } from '../../../../src/main/shell/preload-api';
import { menuTemplate } from '../../../../src/main/shell/menu';
import { secureWebPreferences, lockDownNavigation } from '../../../../src/main/shell/window';
import { appUrlPrefixFor, isAppUrl } from '../../../../src/main/shell/app-url';
import { CSP, lockDownSession } from '../../../../src/main/shell/session-guard';
import { chooseImportFile } from '../../../../src/main/shell/import-dialog';
import { readInput } from '../../../../src/main/store/cli';

const APP = 'file:///opt/Drivewise/resources/app.asar/dist/renderer';
const frame = (url: string, parent: unknown = null) => ({
  senderFrame: { url, parent },
  sender: { id: 1 },
});

describe('Electron shell wiring', () => {
  it('every contract channel has a handler', () => {
    const handlers = createHandlers(createServices());
    for (const c of channels) expect(typeof handlers[c], c).toBe('function');
    expect(Object.keys(handlers).sort()).toEqual([...channels].sort());
  });

  it('uses the secure webPreferences', () => {
    const p = secureWebPreferences('/x/preload.js');
    expect(p).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
    });
  });

  it('registers one IPC handler per channel that validates the sender and the payload', async () => {
    const handle = vi.fn();
    registerIpc({ handle, on: vi.fn() }, createDispatch(createHandlers(createServices())), APP);
    expect(handle.mock.calls.map((c) => c[0]).sort()).toEqual(
      channels.map((c) => IPC_PREFIX + c).sort(),
    );
    const appInfo = handle.mock.calls.find((c) => c[0] === IPC_PREFIX + 'app.info')![1];
    await expect(appInfo(frame(`${APP}/index.html`), {})).resolves.toMatchObject({
      ok: true,
      value: { name: 'Drivewise' },
    });
    await expect(appInfo(frame('https://evil.example/'), {})).resolves.toEqual({
      ok: false,
      error: 'untrusted sender',
    });
    await expect(appInfo(frame(`${APP}/index.html`, {}), {})).resolves.toEqual({
      ok: false,
      error: 'untrusted sender',
    });
    const bad = await appInfo(frame(`${APP}/index.html`), { extra: true });
    expect(bad.ok).toBe(false);
    expect(isTrustedSender(frame(`${APP}/index.html`) as never, APP)).toBe(true);
  });

  it('the preload exposes exactly the contract methods plus on()', async () => {
    const invoke = vi.fn(async () => ({ ok: true, value: 42 }));
    const api = buildPreloadApi({
      invoke,
      on: vi.fn(),
      removeListener: vi.fn(),
      send: vi.fn(),
    } as never);
    expect(Object.keys(api).sort()).toEqual([...channels.map(methodName), 'on'].sort());
    expect('ipcRenderer' in api).toBe(false);
    expect(Object.isFrozen(api)).toBe(true);
    await expect((api.appInfo as (r: unknown) => Promise<unknown>)({})).resolves.toBe(42);
    expect(invoke).toHaveBeenCalledWith(IPC_PREFIX + 'app.info', {});
  });

  it('the preload turns error envelopes into rejections and refuses unknown events', async () => {
    const invoke = vi.fn(async () => ({ ok: false, error: 'nope' }));
    const send = vi.fn();
    const on = vi.fn();
    const api = buildPreloadApi({ invoke, on, removeListener: vi.fn(), send } as never);
    await expect((api.appInfo as (r: unknown) => Promise<unknown>)({})).rejects.toThrow('nope');
    expect(() => (api.on as (e: string, f: () => void) => void)('no.such', () => {})).toThrow(
      /unknown event/,
    );
    const off = (api.on as (e: string, f: () => void) => () => void)(eventNames[0]!, () => {});
    expect(send).toHaveBeenCalledWith(IPC_READY);
    expect(typeof off).toBe('function');
  });

  it('holds events until the renderer is ready, then delivers them in order', () => {
    const bus = new EventBus();
    const listeners: ((e: { sender: { id: number } }) => void)[] = [];
    const ipcMain = {
      on: vi.fn((_ch: string, fn: (e: { sender: { id: number } }) => void) => listeners.push(fn)),
    };
    const send = vi.fn();
    forwardEvents(ipcMain as never, bus, { send, isDestroyed: () => false, id: 7 });
    bus.emit('menu.action', { action: 'about' });
    expect(send).not.toHaveBeenCalled();
    listeners[0]!({ sender: { id: 7 } });
    expect(send).toHaveBeenCalledWith(IPC_EVENT, {
      event: 'menu.action',
      payload: { action: 'about' },
    });
    bus.emit('menu.action', { action: 'save-report' });
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('blocks navigation and redirects away from the app, webviews and all new windows', () => {
    type Ev = { preventDefault: () => void; url?: string };
    const handlers: Record<string, (e: Ev, url?: string) => void> = {};
    let openHandler: (() => { action: string }) | undefined;
    lockDownNavigation(
      {
        on: ((ev: string, fn: never) => (handlers[ev] = fn)) as never,
        setWindowOpenHandler: ((fn: never) => (openHandler = fn)) as never,
      },
      APP,
    );
    const blocked = (ev: string, url: string, viaEvent = false): boolean => {
      const prevent = vi.fn();
      handlers[ev]!(viaEvent ? { preventDefault: prevent, url } : { preventDefault: prevent }, url);
      return prevent.mock.calls.length > 0;
    };
    for (const ev of ['will-navigate', 'will-frame-navigate', 'will-redirect']) {
      expect(blocked(ev, 'https://example.com'), ev).toBe(true);
      expect(blocked(ev, `${APP}-evil/x.html`), ev).toBe(true);
      expect(blocked(ev, `${APP}-evil/x.html`, true), ev).toBe(true);
      expect(blocked(ev, `${APP}/../renderer-evil/x.html`), ev).toBe(true);
      expect(blocked(ev, `${APP}/index.html#/verdict`, true), ev).toBe(false);
    }
    expect(blocked('will-attach-webview', `${APP}/index.html`)).toBe(true);
    expect(openHandler!()).toEqual({ action: 'deny' });
  });

  it('the sender check wants a top frame inside the renderer folder, not a sibling', () => {
    const ok = (url: string) => isTrustedSender(frame(url) as never, APP);
    expect(ok(`${APP}/index.html#/welcome`)).toBe(true);
    expect(ok(`${APP}/`)).toBe(false);
    expect(ok(`${APP}`)).toBe(false);
    expect(ok(`${APP}-evil/x.html`)).toBe(false);
    expect(ok(`${APP}/../renderer-evil/x.html`)).toBe(false);
    expect(ok(`${APP}/%2e%2e/renderer-evil/x.html`)).toBe(false);
    expect(ok(`${APP}%2F..%2Frenderer-evil/x.html`)).toBe(false);
    expect(ok(`file://evil.example${APP.slice('file://'.length)}/index.html`)).toBe(false);
    expect(ok('about:blank')).toBe(false);
    expect(ok('')).toBe(false);
    // The prefix main builds ends in '/', so a check written with startsWith stays safe too.
    expect(appUrlPrefixFor('/opt/Drivewise/resources/app.asar/dist/renderer')).toBe(`${APP}/`);
    expect(isAppUrl(`${APP}-evil/x.html`, `${APP}/`)).toBe(false);
  });

  it('the session refuses every permission request and check, and sets the CSP', () => {
    let request: ((wc: unknown, p: string, cb: (ok: boolean) => void) => void) | undefined;
    let check: (() => boolean) | undefined;
    let device: (() => boolean) | undefined;
    let headers: ((d: unknown, cb: (r: unknown) => void) => void) | undefined;
    lockDownSession({
      setPermissionRequestHandler: ((fn: never) => (request = fn)) as never,
      setPermissionCheckHandler: ((fn: never) => (check = fn)) as never,
      setDevicePermissionHandler: ((fn: never) => (device = fn)) as never,
      webRequest: { onHeadersReceived: ((fn: never) => (headers = fn)) as never } as never,
    });
    const answers: boolean[] = [];
    request!({}, 'media', (ok) => answers.push(ok));
    expect(answers).toEqual([false]);
    expect(check!()).toBe(false);
    expect(device!()).toBe(false);
    let out: { responseHeaders?: Record<string, string[]> } = {};
    headers!({ responseHeaders: { a: ['b'] } }, (r) => (out = r as typeof out));
    expect(out.responseHeaders).toEqual({ a: ['b'], 'Content-Security-Policy': [CSP] });
  });

  it('holds a chosen import file in the preload until a listener takes it, once', () => {
    const ipcListeners: ((e: unknown, m: unknown) => void)[] = [];
    const api = buildPreloadApi({
      invoke: vi.fn(),
      on: ((_ch: string, fn: never) => ipcListeners.push(fn)) as never,
      removeListener: vi.fn(),
      send: vi.fn(),
    } as never);
    const on = api.on as (e: string, f: (p: unknown) => void) => () => void;
    const deliver = (payload: unknown) => {
      for (const l of [...ipcListeners]) l({}, { event: 'import.fileChosen', payload });
    };
    deliver({ name: 'a.txt', text: 'A' });
    const got: unknown[] = [];
    const off = on('import.fileChosen', (p) => got.push(p));
    expect(got).toEqual([{ name: 'a.txt', text: 'A' }]);
    deliver({ name: 'b.txt', text: 'B' });
    expect(got).toHaveLength(2);
    off();
    deliver({ name: 'c.txt', error: 'c.txt is not a file' });
    expect(got).toHaveLength(2);
    const later: unknown[] = [];
    on('import.fileChosen', (p) => later.push(p));
    expect(later).toEqual([{ name: 'c.txt', error: 'c.txt is not a file' }]);
    // A second listener does not get what the first already took.
    const third: unknown[] = [];
    on('import.fileChosen', (p) => third.push(p));
    expect(third).toEqual([]);
  });

  it('File → Import results… reads the chosen file in main and hands its text on', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dw-import-'));
    try {
      const file = join(dir, 'hdparm.txt');
      writeFileSync(file, ' Timing buffered disk reads: 500 MB in  3.00 seconds = 166.48 MB/sec\n');
      const emitted: unknown[] = [];
      const bus = new EventBus();
      bus.subscribe((name, p) => emitted.push({ name, p }));
      const pick = (paths: string[], canceled = false) =>
        chooseImportFile({
          choose: async () => ({ canceled, filePaths: paths }),
          readText: readInput,
          emit: (f) => bus.emit('import.fileChosen', f),
        });
      expect(await pick([], true)).toBeNull();
      expect(await pick([file])).toEqual({
        name: 'hdparm.txt',
        text: expect.stringContaining('166.48 MB/sec'),
      });
      // A folder (or FIFO, device…) is named in one line; nothing is read.
      const bad = await pick([dir]);
      expect(bad).toEqual({
        name: expect.any(String),
        error: expect.stringMatching(/not a regular file/),
      });
      expect(emitted).toHaveLength(2);
      expect(emitted[0]).toMatchObject({ name: 'import.fileChosen' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the menu has the File and Help actions, disabled until the features exist', () => {
    const send = vi.fn();
    const tpl = menuTemplate(
      { saveReport: false, exportResults: true, importResults: false },
      send,
      vi.fn(),
    );
    const file = tpl[0]!.submenu as { label?: string; enabled?: boolean; click?: () => void }[];
    expect(file.map((i) => i.label).filter(Boolean)).toEqual([
      'Save report…',
      'Export results…',
      'Import results…',
      'Rank a fleet of machines…',
      'Quit',
    ]);
    file[3]!.click!();
    expect(send).toHaveBeenCalledWith('open-fleet');
    expect(file[0]!.enabled).toBe(false);
    expect(file[1]!.enabled).toBe(true);
    file[1]!.click!();
    expect(send).toHaveBeenCalledWith('export-results');
  });
});
