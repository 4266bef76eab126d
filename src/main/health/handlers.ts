import { isAbsolute } from 'node:path';
import { UserError } from '../core/errors';
import type { Services } from '../core/services';
import type { Handlers } from '../core/handler-types';
import { runHealthCheck } from './service';

export function healthHandlers(s: Services): Pick<Handlers, 'health.check'> {
  return {
    'health.check': async (req) => {
      // A relative path would be taken from main's working directory, not the person's.
      if (req.path !== undefined && !isAbsolute(req.path.trim()))
        throw new UserError(`give a full path (got ${req.path})`);
      const { report, savedTo } = await runHealthCheck(s, req);
      return { report, savedTo };
    },
  };
}
