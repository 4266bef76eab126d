// What the app calls once at start (electron shell / web host): logins timed since the last
// start are added to the run they were armed for, else stored as a "Login to desktop" run.
// Never throws: start-up must not fail on this.
import type { Services } from '../core/services';
import type { TestResult } from '../../shared/schemas/run';
import { collectLoginResult } from './login';
import { storeLoginResult } from './task-runs';

export async function collectLoginAtStart(
  s: Pick<Services, 'env' | 'configDir' | 'runs' | 'version'>,
): Promise<{ runId: string | null; result: TestResult } | null> {
  try {
    return await collectLoginResult(s.env, s.configDir, (result, target) =>
      storeLoginResult(s.runs, s.version, result, target),
    );
  } catch {
    return null;
  }
}
