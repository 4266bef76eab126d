// Browser-mode host: the same router over WebSocket plus the built renderer, for development and
// end-to-end tests: the loopback page server (see loopback-server.ts) with the app's events.
import type { EventBus } from '../core/event-bus';
import type { Dispatch } from '../core/handler-types';
import { startLoopbackServer, type LoopbackServer } from './loopback-server';

/** More open sockets than any real use needs (a page or two): the rest wait. */
const MAX_CLIENTS = 16;

export interface WebHostOptions {
  staticDir: string;
  dispatch: Dispatch;
  bus: EventBus;
  token?: string;
  port?: number;
}

export type WebHost = Omit<LoopbackServer, 'broadcast'>;

export async function startWebHost(opts: WebHostOptions): Promise<WebHost> {
  // Printing a report loads playwright-core, and its first load blocks the event loop for
  // seconds on a loaded machine (2.6 s measured): every other page's round trip would wait for
  // the first render to start. Loaded once, before the first client, instead.
  await import('playwright-core').catch(() => undefined);
  const server = await startLoopbackServer({ ...opts, maxClients: MAX_CLIENTS });
  // Every event of the app goes to every open page, as the preload's listeners get them.
  const unsubscribe = opts.bus.subscribe((event, payload) => {
    let data: string;
    try {
      data = JSON.stringify({ event, payload });
    } catch {
      return;
    }
    server.broadcast(data);
  });
  const { broadcast: _, ...host } = server;
  return {
    ...host,
    close: async () => {
      unsubscribe();
      await server.close();
    },
  };
}
