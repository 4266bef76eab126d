import type { Services } from '../core/services';
import type { Handlers } from '../router';
import { runHealthCheck } from './service';

export function healthHandlers(s: Services): Pick<Handlers, 'health.check'> {
  return {
    'health.check': async (req) => {
      const { report, savedTo } = await runHealthCheck(s, req);
      return { report, savedTo };
    },
  };
}
