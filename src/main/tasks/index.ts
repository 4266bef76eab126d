// The real-world tasks the engine runs (registry: `...taskModules`). Login timing and the
// stopwatch are measured outside a run: see login.ts, task-runs.ts and handlers.ts.
import type { TestModule } from '../engine/types';
import { appStartTask } from './app-start-task';
import { backupTask } from './backup-task';
import { bootTask } from './boot-task';
import { duTask } from './du-task';
import { hibernateTask } from './hibernate-task';
import { unpackTask } from './unpack-task';

export const taskModules: TestModule[] = [
  bootTask,
  hibernateTask,
  duTask,
  unpackTask,
  appStartTask,
  backupTask,
];

export { collectLoginAtStart } from './login-start';
