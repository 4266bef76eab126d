// The fleet view's channels: the same service as `drivewise fleet`, over folders on the machine
// running Drivewise (where the Ansible playbook fetched the run files to).
import { isAbsolute } from 'node:path';
import type { z } from 'zod';
import type { fleetQuery } from '../../shared/contract/fleet';
import { UserError } from '../core/errors';
import type { Handlers } from '../core/handler-types';
import { checkWritablePath } from '../core/safe-write';
import type { Services } from '../core/services';
import { saveFleetFile } from './save';
import { evaluateFleet, type FleetRequest } from './service';

/** A relative path would be taken from main's working directory, not the person's. */
function full(what: string, path: string): string {
  if (!isAbsolute(path)) throw new UserError(`${what}: give a full path (got ${path})`);
  return path;
}

function fleetRequest(q: z.output<typeof fleetQuery>, s: Services): FleetRequest {
  if (q.runIds && q.dir !== undefined)
    throw new UserError('give a folder of run files or runs of the history, not both');
  if (!q.runIds && q.dir === undefined)
    throw new UserError('give a folder of run files or runs of the history');
  return {
    dir: q.runIds ? s.runs.runsDir : full('folder', q.dir!),
    ...(q.runIds ? { runIds: q.runIds } : {}),
    afterDir: q.afterDir === undefined ? undefined : full('after folder', q.afterDir),
    target: { preset: q.target },
    pricePerGB: q.pricePerGB,
    currency: q.currency,
    minHoursPerYear: q.minHoursPerYear,
  };
}

export function fleetHandlers(s: Services): Pick<Handlers, 'fleet.evaluate' | 'fleet.save'> {
  return {
    'fleet.evaluate': (q) => evaluateFleet(fleetRequest(q, s)),
    'fleet.save': async ({ format, path, overwrite, ...q }) => {
      const req = fleetRequest(q, s);
      // Refused now, not after reading the whole fleet and printing.
      const out = await checkWritablePath(full('save to', path), { overwrite });
      return saveFleetFile(await evaluateFleet(req), format, out, { overwrite, env: s.env });
    },
  };
}
