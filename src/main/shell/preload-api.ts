import type { IpcRenderer, IpcRendererEvent } from 'electron';
import {
  channels,
  eventNames,
  IPC_EVENT,
  IPC_PREFIX,
  IPC_READY,
  methodName,
  type Envelope,
} from '../../shared/contract';

type Ipc = Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener' | 'send'>;

/** The object behind window.drivewise: one method per contract channel plus on(). */
export function buildPreloadApi(ipc: Ipc): Record<string, unknown> {
  const api: Record<string, unknown> = {};
  for (const channel of channels) {
    api[methodName(channel)] = async (req: unknown) => {
      const env = (await ipc.invoke(IPC_PREFIX + channel, req ?? {})) as Envelope<unknown>;
      if (!env.ok) throw new Error(env.error);
      return env.value;
    };
  }
  const known = new Set<string>(eventNames);
  let ready = false;
  api.on = (event: string, fn: (payload: unknown) => void) => {
    if (!known.has(event)) throw new Error(`unknown event: ${event}`);
    const listener = (_e: IpcRendererEvent, msg: { event: string; payload: unknown }) => {
      if (msg.event === event) fn(msg.payload);
    };
    ipc.on(IPC_EVENT, listener);
    // Main holds events until the page subscribes once, so early progress is not lost.
    if (!ready) {
      ready = true;
      ipc.send(IPC_READY);
    }
    return () => ipc.removeListener(IPC_EVENT, listener);
  };
  return Object.freeze(api);
}
