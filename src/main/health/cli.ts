import type { Command } from 'commander';
import type { CliIo } from '../cli/types';
import type { Services } from '../core/services';
import { formatHealth } from './format';
import { runHealthCheck } from './service';

/** `drivewise health [PATH] [--run ID] [--json] [--admin]`: the new drive's set-up check. */
export function registerHealth(program: Command, services: Services, io: CliIo): void {
  program
    .command('health')
    .description(
      'check the drive holding PATH is set up well (TRIM, alignment, link, fstab, ...); fixes are printed, never applied',
    )
    .argument('[path]', "a directory on the drive (default: the run's directory, else /)")
    .option('--run <id>', 'check the drive of this run (the after-run) and store the result in it')
    .option('--json', 'print JSON')
    .option('--admin', 'ask for admin rights to read SMART through the root helper')
    .action(
      async (path: string | undefined, o: { run?: string; json?: boolean; admin?: boolean }) => {
        try {
          if (o.admin) await services.privileged.request();
          const { report, savedTo } = await runHealthCheck(services, { path, runId: o.run });
          io.out(o.json ? JSON.stringify(report, null, 2) + '\n' : formatHealth(report));
          if (savedTo && !o.json) io.out(`stored in run ${o.run} (${savedTo})\n`);
        } finally {
          if (o.admin) services.privileged.release();
        }
      },
    );
}
