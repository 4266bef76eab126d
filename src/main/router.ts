import type { Channel } from '../shared/contract';
import { requests } from '../shared/contract';
import { oneLine } from './core/errors';
import type { Dispatch, Handlers } from './core/handler-types';
import type { Services } from './core/services';
import { appHandlers } from './core/app-handlers';
import { benchHandlers } from './engine/host/bench-handlers';
import { privilegedHandlers } from './privileged/handlers';
import { drivesHandlers } from './drives/handlers';
import { runsHandlers } from './store/handlers';
import { verdictHandlers } from './verdict/handlers';
import { reportHandlers } from './report/handlers';
import { tasksHandlers } from './tasks/handlers';
import { healthHandlers } from './health/handlers';
import { wizardHandlers } from './store/wizard-handlers';
import { fleetHandlers } from './fleet/handlers';

/** Every channel must have a handler: the type below fails to compile when one is missing. */
export function createHandlers(services: Services): Handlers {
  return {
    ...appHandlers(services),
    ...benchHandlers(services),
    ...privilegedHandlers(services),
    ...drivesHandlers(services),
    ...runsHandlers(services),
    ...verdictHandlers(services),
    // The headless report page calls back into a router of its own (report.data, app.info);
    // built lazily, on the first save, because this map is itself that router.
    ...reportHandlers(services, () => createDispatch(createHandlers(services))),
    ...tasksHandlers(services),
    ...healthHandlers(services),
    ...wizardHandlers(services),
    ...fleetHandlers(services),
  };
}

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
