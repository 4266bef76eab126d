import type { Handlers } from './core/handler-types';
import type { Services } from './core/services';
import { probePrivilege } from './core/privilege-probe';

export function appHandlers(s: Services): Pick<Handlers, 'app.info' | 'job.cancel'> {
  return {
    'app.info': () => ({
      name: 'Drivewise',
      version: s.version,
      platform: process.platform,
      arch: process.arch,
      node: process.versions.node,
      host: s.host === 'electron' ? 'electron' : 'browser',
      privileged: probePrivilege(),
      features: s.features,
    }),
    'job.cancel': ({ jobId }) => ({ cancelled: s.jobs.cancel(jobId) }),
  };
}
