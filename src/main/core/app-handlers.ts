import { homedir } from 'node:os';
import type { Handlers } from './handler-types';
import type { Services } from './services';

export function appHandlers(s: Services): Pick<Handlers, 'app.info' | 'job.cancel' | 'job.list'> {
  return {
    'app.info': () => ({
      name: 'Drivewise',
      version: s.version,
      platform: process.platform,
      arch: process.arch,
      node: process.versions.node,
      host: s.host === 'electron' ? 'electron' : 'browser',
      privileged: s.privileged.canGetAdmin(),
      features: s.features,
      home: s.env.HOME || homedir() || null,
    }),
    'job.cancel': ({ jobId }) => ({ cancelled: s.jobs.cancel(jobId) }),
    'job.list': () => ({ jobs: s.jobs.list() }),
  };
}
