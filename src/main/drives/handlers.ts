import type { Services } from '../core/services';
import type { Handlers } from '../core/handler-types';
import { listFolder } from './browse';
import { detectDrives, machineProfile, resolvePath } from './index';

export function drivesHandlers(
  s: Services,
): Pick<Handlers, 'drives.list' | 'drives.resolve' | 'files.choose' | 'files.list'> {
  const home = s.env.HOME || null;
  return {
    'drives.list': async () => ({
      drives: await detectDrives({ home }),
      machine: machineProfile({ env: s.env }),
    }),
    'drives.resolve': ({ path }) => resolvePath(path, { home }),
    // The desktop's dialog in the app; browser mode's page shows its own picker (files.list).
    'files.choose': async (req) =>
      s.chooser
        ? { supported: true, path: await s.chooser.choose(req) }
        : { supported: false, path: null },
    'files.list': (req) => listFolder(req, home),
  };
}
