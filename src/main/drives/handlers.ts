import type { Services } from '../core/services';
import type { Handlers } from '../core/handler-types';
import { detectDrives, machineProfile, resolvePath } from './index';

export function drivesHandlers(s: Services): Pick<Handlers, 'drives.list' | 'drives.resolve'> {
  const home = s.env.HOME || null;
  return {
    'drives.list': async () => ({
      drives: await detectDrives({ home }),
      machine: machineProfile({ env: s.env }),
    }),
    'drives.resolve': ({ path }) => resolvePath(path, { home }),
  };
}
