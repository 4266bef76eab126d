import { homedir } from 'node:os';
import { join } from 'node:path';
import pkg from '../../../package.json';
import type { FeatureFlags } from '../../shared/contract/app';
import { EventBus } from './event-bus';
import { JobManager } from './jobs';
import { RunStore } from '../store/run-store';

/** Everything handlers need from the outside world, passed in so tests can substitute it. */
export interface Services {
  version: string;
  host: 'electron' | 'browser' | 'cli';
  bus: EventBus;
  jobs: JobManager;
  /** Where history and settings live (XDG config dir or Electron's userData). */
  configDir: string;
  env: NodeJS.ProcessEnv;
  features: FeatureFlags;
  runs: RunStore;
}

export function defaultConfigDir(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CONFIG_HOME?.trim() || join(env.HOME || homedir(), '.config');
  return join(base, 'drivewise');
}

export const appVersion: string = pkg.version;

export function createServices(
  overrides: Partial<Omit<Services, 'bus' | 'jobs' | 'runs'>> & { bus?: EventBus } = {},
): Services {
  const bus = overrides.bus ?? new EventBus();
  const configDir = overrides.configDir ?? defaultConfigDir(overrides.env);
  return {
    version: appVersion,
    host: 'cli',
    env: process.env,
    features: { saveReport: false, exportResults: false, importResults: false },
    ...overrides,
    configDir,
    bus,
    jobs: new JobManager(bus),
    runs: new RunStore(configDir),
  };
}
