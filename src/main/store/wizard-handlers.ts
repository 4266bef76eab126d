import type { Services } from '../core/services';
import type { Handlers } from '../core/handler-types';
import { readProgress, writeProgress } from './wizard-progress';

export function wizardHandlers(
  s: Services,
): Pick<Handlers, 'wizard.progress.get' | 'wizard.progress.set'> {
  return {
    'wizard.progress.get': () => readProgress(s.configDir),
    'wizard.progress.set': async ({ progress }) => {
      await writeProgress(s.configDir, progress);
      return { saved: progress !== null };
    },
  };
}
