import type { Command } from 'commander';
import type { CliIo } from '../cli/types';
import { oneLine, UserError } from '../core/errors';
import type { Services } from '../core/services';
import { detectDrives } from '../drives';

/** `drivewise admin`: checks that admin rights can be had here (pkexec, polkit agent) and work. */
export function registerPrivileged(program: Command, services: Services, io: CliIo): void {
  program
    .command('admin')
    .description('ask for admin rights once, check the root helper works, then give them back')
    .option('--identify <device>', 'also identify DEVICE with smartctl / hdparm -I (e.g. /dev/sda)')
    .action(async (o: { identify?: string }) => {
      const pm = services.privileged;
      try {
        const st = await pm.request();
        io.out(`admin rights: ${st.state} — ${st.reason}\n`);
        const ops = pm.ops();
        if (!ops) throw new UserError(`no admin rights: ${st.reason}`, 3);
        const { uid } = await ops.ping();
        io.out(`root helper answers (uid ${uid}); it may: ${st.ops.join(', ')}\n`);
        if (o.identify) {
          const drive = (await detectDrives({ home: services.env.HOME || null })).find(
            (d) => d.path === o.identify,
          );
          if (!drive) throw new UserError(`${o.identify} is not a disk drivewise detects`);
          const r = await pm.identifyDrive(drive).catch((e: unknown) => {
            throw new UserError(`cannot identify ${drive.path}: ${oneLine(e)}`);
          });
          const d = r.drive;
          io.out(
            `${d.path}: ${d.model ?? 'unknown model'}, kind ${d.kind}` +
              (d.rpm !== undefined && d.rpm !== null
                ? `, ${d.rpm ? `${d.rpm} rpm` : 'solid state'}`
                : '') +
              (d.firmware ? `, firmware ${d.firmware}` : '') +
              (d.smartHealthy !== undefined && d.smartHealthy !== null
                ? `, SMART ${d.smartHealthy ? 'passed' : 'FAILED'}`
                : '') +
              '\n',
          );
          for (const n of r.notes) io.out(`  note: ${n}\n`);
        }
      } finally {
        pm.release();
      }
    });
}
