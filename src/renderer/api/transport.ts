// The renderer knows one object, the contract API. Whether it is the Electron preload or the
// loopback WebSocket host is decided here, once, at start-up.
import {
  channels,
  methodName,
  type DrivewiseApi,
  type Envelope,
  type EventName,
} from '../../shared/contract';

declare global {
  interface Window {
    drivewise?: DrivewiseApi;
  }
}

type Pending = { resolve: (v: unknown) => void; reject: (e: Error) => void };

export function createWebSocketApi(url: string, WS: typeof WebSocket = WebSocket): DrivewiseApi {
  const ws = new WS(url);
  const open = new Promise<void>((resolve, reject) => {
    ws.addEventListener('open', () => resolve(), { once: true });
    ws.addEventListener('error', () => reject(new Error('cannot reach the Drivewise host')), {
      once: true,
    });
  });
  const pending = new Map<number, Pending>();
  const listeners = new Map<string, Set<(p: unknown) => void>>();
  let next = 1;

  ws.addEventListener('message', (ev: MessageEvent<string>) => {
    let msg: { id?: number; result?: Envelope<unknown>; event?: string; payload?: unknown };
    try {
      msg = JSON.parse(ev.data) as typeof msg;
    } catch {
      return;
    }
    if (typeof msg !== 'object' || msg === null) return;
    if (typeof msg.event === 'string') {
      for (const fn of listeners.get(msg.event) ?? []) fn(msg.payload);
    } else if (typeof msg.id === 'number' && msg.result) {
      const p = pending.get(msg.id);
      pending.delete(msg.id);
      if (!p) return;
      if (msg.result.ok) p.resolve(msg.result.value);
      else p.reject(new Error(msg.result.error));
    }
  });
  ws.addEventListener('close', () => {
    for (const p of pending.values())
      p.reject(new Error('connection to the Drivewise host closed'));
    pending.clear();
  });

  const api: Record<string, unknown> = {};
  for (const channel of channels) {
    api[methodName(channel)] = async (payload: unknown) => {
      await open;
      const id = next++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        ws.send(JSON.stringify({ id, channel, payload: payload ?? {} }));
      });
    };
  }
  api.on = (event: EventName, fn: (p: unknown) => void) => {
    const set = listeners.get(event) ?? new Set();
    set.add(fn);
    listeners.set(event, set);
    return () => set.delete(fn);
  };
  return api as DrivewiseApi;
}

/**
 * The host's socket beside the page: the page is served at /<token>/ (the per-launch credential
 * is the path prefix, see src/main/web/guard.ts), so the socket is /<token>/ws on the same host.
 */
export function hostSocketUrl(loc: Pick<Location, 'protocol' | 'host' | 'pathname'>): string {
  const dir = loc.pathname.slice(0, loc.pathname.lastIndexOf('/') + 1);
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}${dir}ws`;
}

/** Preload when running inside Electron, else the WebSocket host that served this page. */
export function resolveApi(win: Window = window): DrivewiseApi {
  if (win.drivewise) return win.drivewise;
  const { protocol, pathname } = win.location;
  if ((protocol !== 'http:' && protocol !== 'https:') || pathname.split('/').length < 3)
    throw new Error('Open Drivewise from `npm run web` (the URL it prints carries an access key).');
  return createWebSocketApi(hostSocketUrl(win.location));
}

let cached: DrivewiseApi | null = null;
export function api(): DrivewiseApi {
  cached ??= resolveApi();
  return cached;
}
