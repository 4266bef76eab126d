// The composition root of the services: the one module that names the domains whose services
// every handler gets (core/services.ts declares the shape and names none of them).
import { EventBus } from './core/event-bus';
import { JobManager } from './core/jobs';
import { appVersion, defaultConfigDir, type Services } from './core/services';
import { RunStore } from './store/run-store';
import { envLocale, setMoneyLocale } from '../shared/format/money';
import { defaultManagerDeps, PrivilegedManager } from './privileged/manager';

export function createServices(
  overrides: Partial<Omit<Services, 'bus' | 'jobs' | 'runs'>> & { bus?: EventBus } = {},
): Services {
  const bus = overrides.bus ?? new EventBus();
  const configDir = overrides.configDir ?? defaultConfigDir(overrides.env);
  const privileged =
    overrides.privileged ??
    new PrivilegedManager(defaultManagerDeps(overrides.host === 'electron'));
  privileged.onChange((st) => bus.emit('privileged.changed', st));
  // Every entry (app, browser host, CLI) starts here: prices main prints (CLI, fleet report) use
  // the person's LC_MONETARY as the renderer uses navigator.language.
  setMoneyLocale(envLocale(overrides.env ?? process.env));
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
