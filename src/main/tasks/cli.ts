// `drivewise task …`: the real-world tasks measured outside a bench run, headless.
import type { Command } from 'commander';
import type { TestResult } from '../../shared/schemas/run';
import { UserError } from '../core/errors';
import type { Register } from '../cli/types';
import { readBoot } from './boot-task';
import { defaultProbeScript } from './handlers';
import { hibernateResult, hibernateTask, readJournal } from './hibernate-task';
import { armLogin, collectLoginResult, disarmLogin, loginStatus } from './login';
import { notAvailable } from './common';
import { parseSleepCycles } from './sleep-readers';
import { STOPWATCH_KINDS } from '../../shared/prediction/task-kinds';
import {
  stopwatchResult,
  storeLoginResult,
  storeTaskResult,
  type StopwatchKind,
} from './task-runs';

function describe(r: TestResult): string {
  if (r.status !== 'ok') return `${r.title}: ${r.error ?? r.status}\n`;
  const lines = r.measurements.map(
    (m) =>
      `  ${(m.label ?? m.metric).padEnd(44)} ${m.median === null ? '—' : String(Number(m.median.toFixed(3)))} ${m.unit}`,
  );
  return [`${r.title}:`, ...lines, ...r.caveats.map((c) => `  note: ${c}`)].join('\n') + '\n';
}

export const registerTasks: Register = (program: Command, services, io) => {
  const task = program
    .command('task')
    .description('boot and hibernate read-outs, login-to-desktop timing, stopwatch timings');
  task
    .command('boot')
    .description('boot time of the current boot (systemd-analyze time + blame)')
    .action(async () => io.out(describe(await readBoot())));
  task
    .command('hibernate')
    .description('hibernate/resume figures from the journal')
    .action(async () => {
      const j = await readJournal(services.privileged.ops());
      io.out(
        describe(
          'reason' in j
            ? notAvailable(hibernateTask, 'journal', j.reason)
            : hibernateResult(parseSleepCycles(j.text), !services.privileged.ops()?.journal),
        ),
      );
    });
  registerLogin(task, services, io);
  registerStopwatch(task, services, io);
};

type Services = Parameters<Register>[1];
type Io = Parameters<Register>[2];

function registerLogin(task: Command, services: Services, io: Io): void {
  const login = task.command('login').description('login-to-desktop timing');
  const status = (s: { armed: boolean; entryPath: string; pending: number; problem?: string }) =>
    `${s.armed ? 'armed' : 'not armed'} (${s.entryPath}); logins waiting to be stored: ${s.pending}\n` +
    (s.problem ? `${s.problem}\n` : '');
  login
    .command('arm')
    .description('time the next logins: log out and in, then run `drivewise task login collect`')
    .option('--run <id>', 'add the timed logins to this run (the before or after run)')
    .action(async (o: { run?: string }) => {
      const s = await armLogin({
        env: services.env,
        configDir: services.configDir,
        probeScript: defaultProbeScript(),
        execPath: process.execPath,
        runs: services.runs,
        ...(o.run ? { runId: o.run } : {}),
      });
      io.out(status(s));
      io.out(
        'now log out and back in; then reopen Drivewise (or run `drivewise task login collect`)\n',
      );
    });
  login
    .command('disarm')
    .description('remove the autostart entry')
    .action(async () => io.out(status(await disarmLogin(services.env, services.configDir))));
  login
    .command('status')
    .action(async () => io.out(status(await loginStatus(services.env, services.configDir))));
  login
    .command('collect')
    .description(
      'store the logins timed since the last collection (in the run chosen at arm, else a run of their own)',
    )
    .action(async () => {
      const got = await collectLoginResult(services.env, services.configDir, (r, target) =>
        storeLoginResult(services.runs, services.version, r, target),
      );
      if (!got) return io.out('no login timed since the last collection\n');
      io.out(describe(got.result) + (got.runId ? `saved run ${got.runId}\n` : 'nothing stored\n'));
    });
}

function registerStopwatch(task: Command, services: Services, io: Io): void {
  task
    .command('stopwatch')
    .description('store manual stopwatch timings, e.g. stopwatch "GRUB to login screen" 27.1 26.4')
    .argument('<title>', 'what was timed')
    .argument('<seconds...>', 'one or more timings in seconds')
    .option('--note <text>', 'how it was timed')
    .option(
      '--kind <kind>',
      `${STOPWATCH_KINDS.join(' | ')}: how often it happens a day and how much a faster drive can cut`,
      'other',
    )
    .option('--run <id>', 'add to this run instead of a new one')
    .action(
      async (title: string, secs: string[], o: { note?: string; run?: string; kind: string }) => {
        if (!(STOPWATCH_KINDS as string[]).includes(o.kind))
          throw new UserError(
            `unknown --kind "${o.kind}": use one of ${STOPWATCH_KINDS.join(', ')}`,
          );
        if (!title.trim()) throw new UserError('the title says what was timed: it cannot be empty');
        const seconds = secs.map((x) => {
          const n = Number(x);
          if (!(n > 0 && n <= 86_400)) throw new UserError(`not a time in seconds: ${x}`);
          return n;
        });
        const result = stopwatchResult({
          title: title.trim(),
          seconds,
          kind: o.kind as StopwatchKind,
          ...(o.note ? { note: o.note } : {}),
        });
        const id = await storeTaskResult(
          services.runs,
          services.version,
          result,
          `Stopwatch: ${title.trim()}`,
          o.run,
        );
        io.out(describe(result) + `kind: ${o.kind}\nsaved in run ${id}\n`);
      },
    );
}
