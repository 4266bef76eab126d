import type { Services } from '../core/services';
import type { Handlers } from '../core/handler-types';

export function privilegedHandlers(
  s: Services,
): Pick<Handlers, 'privileged.status' | 'privileged.request' | 'privileged.release'> {
  return {
    'privileged.status': () => s.privileged.status(),
    'privileged.request': ({ again }) => s.privileged.request(again ? { again } : {}),
    'privileged.release': () => s.privileged.release(),
  };
}
