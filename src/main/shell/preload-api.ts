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
import { heldEvents } from '../../shared/contract/desktop';

type Ipc = Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener' | 'send'>;
type Msg = { event: string; payload: unknown };
type Fn = (payload: unknown) => void;

/** At most this many held events wait for a listener (a person picks files one at a time). */
const MAX_HELD = 20;

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
  // Held events (the file chosen in File → Import results…) wait here until a listener for them
  // exists, then each goes to the listeners of that moment exactly once: the import panel may
  // mount after the event arrived.
  const held = new Set<string>(heldEvents);
  const heldListeners = new Map<string, Set<Fn>>();
  const waiting = new Map<string, unknown[]>();
  ipc.on(IPC_EVENT, (_e: IpcRendererEvent, msg: Msg) => {
    if (!msg || !held.has(msg.event)) return;
    const fns = heldListeners.get(msg.event);
    if (fns?.size) for (const fn of [...fns]) fn(msg.payload);
    else {
      const q = waiting.get(msg.event) ?? [];
      if (q.length < MAX_HELD) q.push(msg.payload);
      waiting.set(msg.event, q);
    }
  });
  let ready = false;
  api.on = (event: string, fn: Fn) => {
    if (!known.has(event)) throw new Error(`unknown event: ${event}`);
    // Main holds events until the page subscribes once, so early progress is not lost.
    if (!ready) {
      ready = true;
      ipc.send(IPC_READY);
    }
    if (held.has(event)) {
      const fns = heldListeners.get(event) ?? new Set<Fn>();
      heldListeners.set(event, fns);
      fns.add(fn);
      const q = waiting.get(event) ?? [];
      waiting.delete(event);
      for (const p of q) fn(p);
      return () => fns.delete(fn);
    }
    const listener = (_e: IpcRendererEvent, msg: Msg) => {
      if (msg.event === event) fn(msg.payload);
    };
    ipc.on(IPC_EVENT, listener);
    return () => ipc.removeListener(IPC_EVENT, listener);
  };
  return Object.freeze(api);
}
