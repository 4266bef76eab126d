import type { Command } from 'commander';
import type { CliIo } from '../cli/types';
import type { Services } from '../core/services';
import type { DriveInfo } from '../../shared/schemas/drive';
import { shownDrives } from '../../shared/drive-visibility';
import { formatDrive, formatMachine, formatResolve } from './format';
import { detectDrives, machineProfile, resolvePath } from './index';

export function registerDrives(program: Command, services: Services, io: CliIo): void {
  program
    .command('drives')
    .description('list disks with the facts that decide an upgrade, or map a directory to its disk')
    .option('--json', 'print JSON')
    .option('--for <path>', 'which disk holds PATH, and can it be tested there')
    .option('--all', "also list the snap packages' read-only loop devices (hidden by default)")
    .action(async (o: { json?: boolean; for?: string; all?: boolean }) => {
      const home = services.env.HOME || null;
      if (o.for !== undefined) {
        const r = await resolvePath(o.for, { home });
        io.out(o.json ? JSON.stringify(r, null, 2) + '\n' : formatResolve(r) + '\n');
        return;
      }
      const found = await detectDrives({ home });
      const drives = shownDrives(found, o.all === true);
      const machine = machineProfile({ env: services.env });
      if (o.json) {
        io.out(JSON.stringify({ drives, machine }, null, 2) + '\n');
        return;
      }
      io.out(listText(found, drives));
      io.out(formatMachine(machine) + '\n');
    });
}

/** The disks listed, then one line on those left out (so nobody wonders where a device went). */
export function listText(found: DriveInfo[], shown: DriveInfo[]): string {
  const hidden = found.length - shown.length;
  const devices = `${hidden} read-only loop device${hidden === 1 ? '' : 's'}`;
  const note =
    hidden > 0
      ? `${devices} (snap packages) not listed: drivewise drives --all lists them\n\n`
      : '';
  const list = shown.length ? shown.map(formatDrive).join('\n\n') + '\n\n' : 'no disks found\n';
  return list + note;
}
