import type { z } from 'zod';
import type { Channel, Envelope, Requests, Res } from '../shared/contract';
import { requests } from '../shared/contract';
import { oneLine } from './core/errors';
import type { Services } from './core/services';
import { appHandlers } from './app-handlers';
import { benchHandlers } from './engine/bench-handlers';
import { privilegedHandlers } from './privileged/handlers';
import { drivesHandlers } from './drives/handlers';
import { runsHandlers } from './store/handlers';
import { verdictHandlers } from './verdict-handlers';
import { reportHandlers } from './report/handlers';
import { tasksHandlers } from './tasks/handlers';
import { healthHandlers } from './health/handlers';

export type Handler<C extends Channel> = (
  req: z.output<Requests[C]['req']>,
) => Promise<Res<C>> | Res<C>;
export type Handlers = { [C in Channel]: Handler<C> };

/** Every channel must have a handler: the type below fails to compile when one is missing. */
export function createHandlers(services: Services): Handlers {
  return {
    ...appHandlers(services),
    ...benchHandlers(services),
    ...privilegedHandlers(services),
    ...drivesHandlers(services),
    ...runsHandlers(services),
    ...verdictHandlers(services),
    ...reportHandlers(services),
    ...tasksHandlers(services),
    ...healthHandlers(services),
  };
}

export type Dispatch = (channel: string, payload: unknown) => Promise<Envelope<unknown>>;

/** Validates the request against the contract, runs the handler, validates the answer. */
export function createDispatch(handlers: Handlers): Dispatch {
  return async (channel, payload) => {
    if (!Object.hasOwn(requests, channel))
      return { ok: false, error: `unknown channel: ${channel}` };
    const c = channel as Channel;
    try {
      const req = requests[c].req.parse(payload ?? {});
      const handler = handlers[c] as (r: unknown) => unknown;
      const value = requests[c].res.parse(await handler(req));
      return { ok: true, value };
    } catch (err) {
      return { ok: false, error: oneLine(err) };
    }
  };
}
