import { homedir } from 'node:os';
import { join } from 'node:path';
import pkg from '../../../package.json';
import type { FeatureFlags } from '../../shared/contract/app';
import type { EventBus } from './event-bus';
import { rootMayUseFolder } from './file-owner';
import type { JobManager } from './jobs';

/**
 * Everything handlers need from the outside world, passed in so tests can substitute it.
 *
 * Core is the foundation and names no domain, so the domains' own services are added where they
 * are defined, by interface merging: `runs` in store/run-store.ts, `privileged` in
 * privileged/manager.ts, `engineSpawner` in engine/host/client.ts. The composition root
 * (src/main/create-services.ts) builds them.
 */
export interface Services {
  version: string;
  host: 'electron' | 'browser' | 'cli';
  bus: EventBus;
  jobs: JobManager;
  /** Where history and settings live (XDG config dir or Electron's userData). */
  configDir: string;
  env: NodeJS.ProcessEnv;
  features: FeatureFlags;
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
