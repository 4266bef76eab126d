import type { Command } from 'commander';
import type { CliIo } from '../cli/types';
import type { Services } from '../core/services';
import { formatDrive, formatMachine, formatResolve } from './format';
import { detectDrives, machineProfile, resolvePath } from './index';

export function registerDrives(program: Command, services: Services, io: CliIo): void {
  program
    .command('drives')
    .description('list disks with the facts that decide an upgrade, or map a directory to its disk')
    .option('--json', 'print JSON')
    .option('--for <path>', 'which disk holds PATH, and can it be tested there')
    .action(async (o: { json?: boolean; for?: string }) => {
      const home = services.env.HOME || null;
      if (o.for !== undefined) {
        const r = await resolvePath(o.for, { home });
        io.out(o.json ? JSON.stringify(r, null, 2) + '\n' : formatResolve(r) + '\n');
        return;
      }
      const drives = await detectDrives({ home });
      const machine = machineProfile({ env: services.env });
      if (o.json) {
        io.out(JSON.stringify({ drives, machine }, null, 2) + '\n');
        return;
      }
      io.out(drives.map(formatDrive).join('\n\n') + (drives.length ? '\n\n' : 'no disks found\n'));
      io.out(formatMachine(machine) + '\n');
    });
}
