// `drivewise verdict BEFORE AFTER` and `drivewise predict BEFORE`: the same maths as the Verdict
// view, headless, on runs from the history.
import type { Command } from 'commander';
import { ratedFigures } from '../../shared/contract/verdict';
import { OLD_DRIVE_KINDS, predict, type Prediction } from '../../shared/prediction';
import { predictionTarget, targetPreset } from '../../shared/prediction/schema';
import type { OldDrive } from '../../shared/prediction/presets';
import { computeVerdict } from '../../shared/verdict';
import type { CliIo } from '../cli/types';
import { checkOptions } from '../cli/validate';
import { oneLine, UserError } from '../core/errors';
import type { Services } from '../core/services';
import { loadRunRef } from '../store/run-ref';
import { formatPrediction, formatVerdict } from './text';

const PRESETS = targetPreset.options;

/** The options that fill the app's prediction target, checked by its schema. */
const TARGET_FLAGS = {
  preset: '--target',
  seqReadMBps: '--read',
  random4kQ1Iops: '--iops',
  linkCeilingMBps: '--link',
};
const num = (v: string | undefined) => (v === undefined ? undefined : Number(v));

/** --old-drive takes drive detection's names or a hard disk's rpm; only kinds with typical figures. */
function oldDriveKind(v: string | undefined): OldDrive | undefined {
  if (v === undefined) return undefined;
  const k = OLD_DRIVE_KINDS.find((x) => x === v);
  if (!k)
    throw new UserError(`unknown --old-drive "${v}": use one of ${OLD_DRIVE_KINDS.join(', ')}`);
  return k;
}

export function registerVerdict(program: Command, services: Services, io: CliIo): void {
  program
    .command('verdict')
    .description(
      'is the new drive worth it? compare a before-run with an after-run from the history',
    )
    .argument('<before>', 'run id or run file on the old drive')
    .argument('<after>', 'run id or run file on the new drive')
    .option('--rated-read <MBps>', "the new drive's rated sequential read (link-ceiling finding)")
    .option('--json', 'print the Verdict as JSON')
    .action(
      async (beforeId: string, afterId: string, o: { ratedRead?: string; json?: boolean }) => {
        // The app's verdict.compute schema for the rated figures.
        const rated = checkOptions(
          ratedFigures,
          { seqReadMBps: num(o.ratedRead) },
          { seqReadMBps: '--rated-read' },
          { seqReadMBps: o.ratedRead },
        );
        if (beforeId === afterId) throw new UserError('pick two different runs to compare');
        const [before, after] = await Promise.all([
          loadRunRef(services.runs, beforeId),
          loadRunRef(services.runs, afterId),
        ]);
        const v = computeVerdict(
          before,
          after,
          rated.seqReadMBps ? { rated: { seqReadMBps: rated.seqReadMBps } } : {},
        );
        io.out(o.json ? JSON.stringify(v, null, 2) + '\n' : formatVerdict(v));
      },
    );
  registerPredict(program, services, io);
}

function registerPredict(program: Command, services: Services, io: CliIo): void {
  program
    .command('predict')
    .description('what would a new drive change? predict task times from a before-run')
    .argument('<before>', 'run id or run file on the current drive')
    .option('--target <preset>', `${PRESETS.join(' | ')}`, 'sata-ssd')
    .option('--read <MBps>', 'rated sequential read, MB/s')
    .option('--iops <n>', 'rated 4K random read IOPS at queue depth 1')
    .option('--link <MBps>', 'link ceiling of the slot it goes into, MB/s')
    .option(
      '--old-drive <kind>',
      `what the current drive is, when the run cannot tell (${OLD_DRIVE_KINDS.join(' | ')})`,
    )
    .option('--after <run>', 'an after-run (id or file) to compare the prediction with')
    .option(
      '--target-run <run>',
      'the new drive as a run (id or file) measured it: its own synthetic figures as the target',
    )
    .option('--json', 'print the Prediction as JSON')
    .action(
      async (
        beforeId: string,
        o: {
          target: string;
          read?: string;
          iops?: string;
          link?: string;
          oldDrive?: string;
          after?: string;
          targetRun?: string;
          json?: boolean;
        },
      ) => {
        // The app's verdict.predict schema for the target, field by field the same rule.
        const typed = {
          preset: o.target,
          seqReadMBps: o.read,
          random4kQ1Iops: o.iops,
          linkCeilingMBps: o.link,
        };
        const target = checkOptions(
          predictionTarget,
          Object.fromEntries(
            Object.entries(typed)
              .filter(([, v]) => v !== undefined)
              .map(([k, v]) => [k, k === 'preset' ? v : num(v)]),
          ),
          TARGET_FLAGS,
          typed,
        );
        const oldDrive = oldDriveKind(o.oldDrive);
        const before = await loadRunRef(services.runs, beforeId);
        const after = o.after ? await loadRunRef(services.runs, o.after) : undefined;
        const targetRun = o.targetRun ? await loadRunRef(services.runs, o.targetRun) : undefined;
        let p: Prediction;
        try {
          p = predict(before, target, after, {
            ...(oldDrive ? { oldDrive } : {}),
            ...(targetRun ? { targetRun } : {}),
          });
        } catch (err) {
          throw new UserError(oneLine(err));
        }
        io.out(o.json ? JSON.stringify(p, null, 2) + '\n' : formatPrediction(p));
      },
    );
}
