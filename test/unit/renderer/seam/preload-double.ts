// The seam every component test goes through: a typed stand-in for the preload's
// `window.drivewise`. Like the real router it parses each request and answer with the channel's
// zod schemas, so a test can only serve what main could answer; a channel a test did not serve
// rejects in one line, so a screen calling something unexpected shows it instead of hanging.
import type { z } from 'zod';
import {
  channels,
  events,
  methodName,
  requests,
  type Channel,
  type DrivewiseApi,
  type EventName,
  type EventPayload,
  type Requests,
  type Res,
} from '../../../../src/shared/contract';
import type { Dispatch } from '../../../../src/main/core/handler-types';

type Handler<C extends Channel> = (req: z.output<Requests[C]['req']>) => Res<C> | Promise<Res<C>>;
export type Served = { [C in Channel]?: Handler<C> };

export interface PreloadDouble {
  /** What the components see as `window.drivewise`. */
  api: DrivewiseApi;
  /** Answers these channels from now on (replacing earlier answers for the same channels). */
  serve(handlers: Served): void;
  /** Answers these channels through main's real router (a temp store with captured runs). */
  route(dispatch: Dispatch, names: Channel[]): void;
  /** Every request the page made, in order, as parsed by the contract. */
  calls: { channel: Channel; payload: unknown }[];
  /** Sends an event as main would (validated against the contract). */
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void;
  reset(): void;
}

export function createPreloadDouble(): PreloadDouble {
  let served: Record<string, (req: unknown) => unknown> = {};
  const listeners = new Map<string, Set<(p: unknown) => void>>();
  const calls: PreloadDouble['calls'] = [];
  const api: Record<string, unknown> = {};
  for (const channel of channels) {
    api[methodName(channel)] = async (payload: unknown) => {
      const req: unknown = requests[channel].req.parse(payload ?? {});
      calls.push({ channel, payload: req });
      const handler = served[channel];
      if (!handler) throw new Error(`${channel} is not served in this test`);
      return requests[channel].res.parse(await handler(req));
    };
  }
  api.on = (event: EventName, fn: (p: unknown) => void) => {
    const set = listeners.get(event) ?? new Set();
    set.add(fn);
    listeners.set(event, set);
    return () => set.delete(fn);
  };
  return {
    api: api as DrivewiseApi,
    calls,
    serve(handlers) {
      served = { ...served, ...(handlers as typeof served) };
    },
    route(dispatch, names) {
      for (const name of names)
        served[name] = async (req) => {
          const r = await dispatch(name, req);
          if (!r.ok) throw new Error(r.error);
          return r.value;
        };
    },
    emit(event, payload) {
      const parsed: unknown = events[event].parse(payload);
      for (const fn of listeners.get(event) ?? []) fn(parsed);
    },
    reset() {
      served = {};
      calls.length = 0;
    },
  };
}

/** The one double of this test file, installed where the transport looks for the preload. */
export const preload = createPreloadDouble();
window.drivewise = preload.api;
