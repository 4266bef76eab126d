import { Command, CommanderError } from 'commander';
import { oneLine, UserError } from './core/errors';
import type { Services } from './core/services';
import { createServices } from './create-services';
import { createDispatch, createHandlers } from './router';
import { registerBench } from './engine/host/bench-cli';
import { registerReport } from './report/cli';
import { registerDrives } from './drives/cli';
import { registerPrivileged } from './privileged/cli';
import { registerRuns } from './store/cli';
import { registerTasks } from './tasks/cli';
import { registerVerdict } from './verdict/cli';
import { registerHealth } from './health/cli';
import { registerFleet } from './fleet/cli';
import { terminalIo, writeTo } from './cli/stdio';
import type { CliIo, CliRoot, Register } from './cli/types';

const registrations: Register[] = [
  registerBench,
  registerReport,
  registerDrives,
  registerRuns,
  registerTasks,
  registerPrivileged,
  registerVerdict,
  registerHealth,
  registerFleet,
];

export function buildProgram(services: Services, io: CliIo): Command {
  const program = new Command('drivewise')
    .description(
      'Is the new drive worth it? Measure the old drive, swap, measure the new one, compare.',
    )
    .version(services.version, '-V, --version')
    .showHelpAfterError('(run `drivewise --help` for usage)')
    .configureOutput({ writeOut: io.out, writeErr: io.err })
    .exitOverride();
  const root: CliRoot = { dispatchFor: (s) => createDispatch(createHandlers(s)) };
  for (const register of registrations) register(program, services, io, root);
  return program;
}

/** Runs the CLI; returns the exit code instead of exiting so tests can call it in-process. */
export async function runCli(
  argv: string[],
  rawIo: CliIo = defaultIo,
  given?: Services,
): Promise<number> {
  // Whatever the io, everything printed passes the one sanitiser (cli/stdio.ts).
  const io = terminalIo(rawIo);
  let services: Services;
  try {
    services = given ?? createServices({ host: 'cli' });
  } catch (err) {
    // As root, a config folder of another account is refused here (core/file-owner).
    io.err(`drivewise: ${oneLine(err)}\n`);
    return err instanceof UserError ? err.exitCode : 1;
  }
  const program = buildProgram(services, io);
  try {
    await program.parseAsync(argv, { from: 'user' });
    return 0;
  } catch (err) {
    if (err instanceof CommanderError) return err.exitCode === 0 ? 0 : 2;
    io.err(`drivewise: ${oneLine(err)}\n`);
    return err instanceof UserError ? err.exitCode : 1;
  } finally {
    services.jobs.cancelAll();
  }
}

export const defaultIo: CliIo = {
  out: (s) => writeTo(process.stdout, s),
  err: (s) => writeTo(process.stderr, s),
  redraw: (line) => writeTo(process.stderr, `\r\x1b[K${line}`),
};
