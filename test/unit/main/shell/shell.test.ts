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
import { createServices } from '../../../../src/main/core/services';
import { createDispatch, createHandlers } from '../../../../src/main/router';
import { forwardEvents, isTrustedSender, registerIpc } from '../../../../src/main/shell/ipc';
import { buildPreloadApi } from '../../../../src/main/shell/preload-api';
import { menuTemplate } from '../../../../src/main/shell/menu';
import { secureWebPreferences, lockDownNavigation } from '../../../../src/main/shell/window';

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

  it('blocks navigation away from the app and all new windows', () => {
    const handlers: Record<string, (e: { preventDefault: () => void }, url: string) => void> = {};
    let openHandler: (() => { action: string }) | undefined;
    lockDownNavigation(
      {
        on: ((ev: string, fn: never) => (handlers[ev] = fn)) as never,
        setWindowOpenHandler: ((fn: never) => (openHandler = fn)) as never,
      },
      APP,
    );
    const prevent = vi.fn();
    handlers['will-navigate']!({ preventDefault: prevent }, 'https://example.com');
    expect(prevent).toHaveBeenCalled();
    expect(openHandler!()).toEqual({ action: 'deny' });
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
      'Quit',
    ]);
    expect(file[0]!.enabled).toBe(false);
    expect(file[1]!.enabled).toBe(true);
    file[1]!.click!();
    expect(send).toHaveBeenCalledWith('export-results');
  });
});
