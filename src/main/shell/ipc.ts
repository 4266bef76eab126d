import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import { channels, IPC_EVENT, IPC_PREFIX, IPC_READY } from '../../shared/contract';
import type { EventBus } from '../core/event-bus';
import type { Dispatch } from '../core/handler-types';
import { isAppUrl } from './app-url';

/** Only our own top-level page, loaded from our own files, may call main. */
export function isTrustedSender(
  e: Pick<IpcMainInvokeEvent, 'senderFrame' | 'sender'>,
  appUrlPrefix: string,
): boolean {
  const frame = e.senderFrame;
  if (!frame || frame.parent !== null) return false;
  return isAppUrl(frame.url, appUrlPrefix);
}

export function registerIpc(
  ipcMain: Pick<IpcMain, 'handle' | 'on'>,
  dispatch: Dispatch,
  appUrlPrefix: string,
): void {
  for (const channel of channels) {
    ipcMain.handle(IPC_PREFIX + channel, async (e, payload: unknown) => {
      if (!isTrustedSender(e, appUrlPrefix)) return { ok: false, error: 'untrusted sender' };
      return await dispatch(channel, payload);
    });
  }
}

export interface Forwarding {
  stop(): void;
  /** The page is loading again (a reload after a crash): hold events until it is listening. */
  pageReloading(): void;
}

/** Forwards bus events to one window; holds them until its page says it is listening. */
export function forwardEvents(
  ipcMain: Pick<IpcMain, 'on'>,
  bus: EventBus,
  contents: Pick<WebContents, 'send' | 'isDestroyed' | 'id'>,
): Forwarding {
  let ready = false;
  const held: { event: string; payload: unknown }[] = [];
  ipcMain.on(IPC_READY, (e) => {
    if (e.sender.id !== contents.id || ready) return;
    ready = true;
    for (const m of held.splice(0)) contents.send(IPC_EVENT, m);
  });
  const stop = bus.subscribe((event, payload) => {
    if (contents.isDestroyed()) return;
    if (ready) contents.send(IPC_EVENT, { event, payload });
    else if (held.length < 1000) held.push({ event, payload });
  });
  return { stop, pageReloading: () => void (ready = false) };
}
