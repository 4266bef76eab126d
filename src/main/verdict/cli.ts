// `drivewise verdict BEFORE AFTER` and `drivewise predict BEFORE`: the same maths as the Verdict
// view, headless, on runs from the history.
import type { Command } from 'commander';
import {
  OLD_DRIVE_KINDS,
  predict,
  type Prediction,
  type PredictionTarget,
  type TargetPreset,
} from '../../shared/prediction';
import { driveKind, type DriveKind } from '../../shared/schemas/drive';
import { computeVerdict } from '../../shared/verdict';
import type { CliIo } from '../cli/types';
import { oneLine, UserError } from '../core/errors';
import type { Services } from '../core/services';
import { loadRunRef } from '../store/run-ref';
import { formatPrediction, formatVerdict } from './text';

export { formatPrediction, formatVerdict } from './text';

const PRESETS: TargetPreset[] = ['hdd-7200', 'sata-ssd', 'nvme-gen3', 'nvme-gen4', 'custom'];

function positive(name: string) {
  return (v: string): number => {
    const n = Number(v);
    if (!Number.isFinite(n) || n <= 0)
      throw new UserError(`${name} must be a positive number, got "${v}"`);
    return n;
  };
}

/** --old-drive takes drive detection's names; only kinds with typical figures are useful. */
function oldDriveKind(v: string | undefined): DriveKind | undefined {
  if (v === undefined) return undefined;
  const k = driveKind.safeParse(v);
  if (!k.success || !OLD_DRIVE_KINDS.includes(k.data))
    throw new UserError(`unknown --old-drive "${v}": use one of ${OLD_DRIVE_KINDS.join(', ')}`);
  return k.data;
}

export function registerVerdict(program: Command, services: Services, io: CliIo): void {
  program
    .command('verdict')
    .description(
      'is the new drive worth it? compare a before-run with an after-run from the history',
    )
    .argument('<before>', 'run id or run file on the old drive')
    .argument('<after>', 'run id or run file on the new drive')
    .option(
      '--rated-read <MBps>',
      "the new drive's rated sequential read (link-ceiling finding)",
      positive('--rated-read'),
    )
    .option('--json', 'print the Verdict as JSON')
    .action(
      async (beforeId: string, afterId: string, o: { ratedRead?: number; json?: boolean }) => {
        if (beforeId === afterId) throw new UserError('pick two different runs to compare');
        const [before, after] = await Promise.all([
          loadRunRef(services.runs, beforeId),
          loadRunRef(services.runs, afterId),
        ]);
        const v = computeVerdict(
          before,
          after,
          o.ratedRead ? { rated: { seqReadMBps: o.ratedRead } } : {},
        );
        io.out(o.json ? JSON.stringify(v, null, 2) + '\n' : formatVerdict(v));
      },
    );
  program
    .command('predict')
    .description('what would a new drive change? predict task times from a before-run')
    .argument('<before>', 'run id or run file on the current drive')
    .option('--target <preset>', `${PRESETS.join(' | ')}`, 'sata-ssd')
    .option('--read <MBps>', 'rated sequential read, MB/s', positive('--read'))
    .option('--iops <n>', 'rated 4K random read IOPS at queue depth 1', positive('--iops'))
    .option('--link <MBps>', 'link ceiling of the slot it goes into, MB/s', positive('--link'))
    .option(
      '--old-drive <kind>',
      `what the current drive is, when the run cannot tell (${OLD_DRIVE_KINDS.join(' | ')})`,
    )
    .option('--after <run>', 'an after-run (id or file) to compare the prediction with')
    .option('--json', 'print the Prediction as JSON')
    .action(
      async (
        beforeId: string,
        o: {
          target: string;
          read?: number;
          iops?: number;
          link?: number;
          oldDrive?: string;
          after?: string;
          json?: boolean;
        },
      ) => {
        if (!PRESETS.includes(o.target as TargetPreset))
          throw new UserError(`unknown target "${o.target}": use one of ${PRESETS.join(', ')}`);
        const target: PredictionTarget = {
          preset: o.target as TargetPreset,
          ...(o.read ? { seqReadMBps: o.read } : {}),
          ...(o.iops ? { random4kQ1Iops: o.iops } : {}),
          ...(o.link ? { linkCeilingMBps: o.link } : {}),
        };
        const oldDrive = oldDriveKind(o.oldDrive);
        const before = await loadRunRef(services.runs, beforeId);
        const after = o.after ? await loadRunRef(services.runs, o.after) : undefined;
        let p: Prediction;
        try {
          p = predict(before, target, after, oldDrive ? { oldDrive } : {});
        } catch (err) {
          throw new UserError(oneLine(err));
        }
        io.out(o.json ? JSON.stringify(p, null, 2) + '\n' : formatPrediction(p));
      },
    );
}
