// `drivewise verdict BEFORE AFTER` and `drivewise predict BEFORE`: the same maths as the Verdict
// view, headless, on runs from the history.
import type { Command } from 'commander';
import {
  predict,
  type Prediction,
  type PredictionTarget,
  type TargetPreset,
} from '../shared/prediction';
import { computeVerdict, formatSeconds, type Verdict } from '../shared/verdict';
import type { CliIo } from './cli/program';
import { oneLine, UserError } from './core/errors';
import type { Services } from './core/services';
import { loadRunRef } from './store/run-ref';

const PRESETS: TargetPreset[] = ['hdd-7200', 'sata-ssd', 'nvme-gen3', 'nvme-gen4', 'custom'];
const x = (f: number | null) => (f === null ? '—' : `${f >= 10 ? Math.round(f) : f.toFixed(2)}×`);

function positive(name: string) {
  return (v: string): number => {
    const n = Number(v);
    if (!Number.isFinite(n) || n <= 0)
      throw new UserError(`${name} must be a positive number, got "${v}"`);
    return n;
  };
}

export function formatVerdict(v: Verdict): string {
  const lines = [
    `${v.recommendation.headline}`,
    `${v.beforeName} → ${v.afterName}`,
    ...v.recommendation.reasons.map((r) => `  - ${r}`),
    '',
    `Time saved: ${formatSeconds(v.totals.savedPerDaySeconds)} a day, ${v.totals.savedPerYearHours.toFixed(1)} h a year`,
    '',
    'Findings:',
    ...v.findings.map((f) => `  [${f.severity}] ${f.title}\n      ${f.detail}`),
    '',
    'Tasks (before → after, saved each time):',
    ...v.tasks.map(
      (t) =>
        `  ${t.title}: ${formatSeconds(t.beforeSeconds.median ?? 0)} → ${formatSeconds(t.afterSeconds.median ?? 0)}, ${t.outcome === 'no-difference' ? 'no measurable difference' : formatSeconds(t.savedPerOccurrence ?? 0)}`,
    ),
    '',
    'Measurements (median before → after, speed-up):',
    ...v.comparisons.map(
      (c) =>
        `  ${c.testTitle}, ${c.label}: ${c.before.median ?? '—'} → ${c.after.median ?? '—'} ${c.unit}, ${c.outcome === 'no-difference' ? 'no measurable difference' : x(c.speedup)}`,
    ),
  ];
  return lines.join('\n') + '\n';
}

export function formatPrediction(p: Prediction): string {
  const lines = [
    `${p.target.name}: ${Math.round(p.target.effectiveSeqReadMBps)} MB/s sequential reads (${x(p.speedups.sequential)}), random access ${p.target.randomAccessMs.toFixed(3)} ms (${x(p.speedups.random)})`,
    ...p.tasks.map(
      (t) =>
        `  ${t.title}: ${formatSeconds(t.beforeSeconds.median ?? 0)} → ${formatSeconds(t.predictedSeconds)} predicted${t.measuredSeconds !== null ? `, ${formatSeconds(t.measuredSeconds)} measured` : ''}${t.ioShareAssumed ? ' (I/O share assumed)' : ''}`,
    ),
    'Assumptions:',
    ...p.assumptions.map((a) => `  - ${a}`),
  ];
  return lines.join('\n') + '\n';
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
        const before = await loadRunRef(services.runs, beforeId);
        const after = o.after ? await loadRunRef(services.runs, o.after) : undefined;
        let p: Prediction;
        try {
          p = predict(before, target, after);
        } catch (err) {
          throw new UserError(oneLine(err));
        }
        io.out(o.json ? JSON.stringify(p, null, 2) + '\n' : formatPrediction(p));
      },
    );
}
