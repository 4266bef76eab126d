import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Services } from '../core/services';
import type { Handlers } from '../core/handler-types';
import { readBoot } from './boot-task';
import { readJournal, hibernateResult } from './hibernate-task';
import { armLogin, collectLoginResult, disarmLogin, loginStatus } from './login';
import { parseSleepCycles } from './sleep-readers';
import { stopwatchResult, storeLoginResult, storeTaskResult } from './task-runs';
import { notAvailable } from './common';
import { hibernateTask } from './hibernate-task';

type TaskChannels =
  | 'tasks.loginStatus'
  | 'tasks.loginArm'
  | 'tasks.loginDisarm'
  | 'tasks.loginCollect'
  | 'tasks.bootInfo'
  | 'tasks.hibernateInfo'
  | 'tasks.stopwatchAdd';

/**
 * The bundled probe sits next to the bundle that runs this code (dist/main); when running from
 * source (tests, dev) it is the build output in the repository's dist/main.
 */
export const defaultProbeScript = (): string => {
  const candidates = [
    join(__dirname, 'login-probe.js'),
    join(__dirname, '../../../dist/main/login-probe.js'),
  ];
  return candidates.find((p) => existsSync(p)) ?? candidates[0]!;
};

export function tasksHandlers(
  s: Services,
  probeScript: string = defaultProbeScript(),
): Pick<Handlers, TaskChannels> {
  return {
    'tasks.loginStatus': () => loginStatus(s.env, s.configDir, s.runs),
    'tasks.loginArm': (req) =>
      armLogin({
        env: s.env,
        configDir: s.configDir,
        probeScript,
        execPath: process.execPath,
        runs: s.runs,
        ...(req.runId ? { runId: req.runId } : {}),
      }),
    'tasks.loginDisarm': () => disarmLogin(s.env, s.configDir, s.runs),
    'tasks.loginCollect': async () => {
      const got = await collectLoginResult(s.env, s.configDir, (result, target) =>
        storeLoginResult(s.runs, s.version, result, target),
      );
      return got ?? { runId: null, result: null };
    },
    'tasks.bootInfo': () => readBoot(),
    'tasks.hibernateInfo': async () => {
      // The root helper's journal when admin rights were granted, else the person's own view.
      const j = await readJournal(s.privileged.ops());
      if ('reason' in j) return notAvailable(hibernateTask, 'journal', j.reason);
      return hibernateResult(parseSleepCycles(j.text), !s.privileged.ops()?.journal);
    },
    'tasks.stopwatchAdd': async (req) => {
      const result = stopwatchResult({
        title: req.title,
        seconds: req.seconds,
        ...(req.kind ? { kind: req.kind } : {}),
        ...(req.note ? { note: req.note } : {}),
      });
      const runId = await storeTaskResult(
        s.runs,
        s.version,
        result,
        `Stopwatch: ${req.title}`,
        req.runId,
      );
      return { runId, result };
    },
  };
}
