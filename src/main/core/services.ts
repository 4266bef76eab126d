import { homedir } from 'node:os';
import { join } from 'node:path';
import pkg from '../../../package.json';
import type { FeatureFlags } from '../../shared/contract/app';
import type { EngineSpawner } from '../engine/host/client';
import { EventBus } from './event-bus';
import { rootMayUseFolder } from './file-owner';
import { JobManager } from './jobs';
import { RunStore } from '../store/run-store';
import { defaultManagerDeps, PrivilegedManager } from '../privileged/manager';

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
  /** Admin rights for this session: the root helper's operations, or why there are none. */
  privileged: PrivilegedManager;
  /** How the benchmark engine process is started: a utilityProcess in the app; fork when unset. */
  engineSpawner?: EngineSpawner | undefined;
}

/** The config folder; as root only one that no other account controls (core/file-owner). */
export function defaultConfigDir(env: NodeJS.ProcessEnv = process.env): string {
  const fromXdg = env.XDG_CONFIG_HOME?.trim();
  const base = fromXdg || join(env.HOME || homedir(), '.config');
  return rootMayUseFolder(
    join(base, 'drivewise'),
    fromXdg ? 'XDG_CONFIG_HOME' : 'the config folder',
  );
}

export const appVersion: string = pkg.version;

export function createServices(
  overrides: Partial<Omit<Services, 'bus' | 'jobs' | 'runs'>> & { bus?: EventBus } = {},
): Services {
  const bus = overrides.bus ?? new EventBus();
  const configDir = overrides.configDir ?? defaultConfigDir(overrides.env);
  const privileged =
    overrides.privileged ??
    new PrivilegedManager(defaultManagerDeps(overrides.host === 'electron'));
  privileged.onChange((st) => bus.emit('privileged.changed', st));
  return {
    version: appVersion,
    host: 'cli',
    env: process.env,
    features: { saveReport: true, exportResults: true, importResults: true },
    ...overrides,
    configDir,
    bus,
    jobs: new JobManager(bus),
    runs: new RunStore(configDir),
    privileged,
  };
}
