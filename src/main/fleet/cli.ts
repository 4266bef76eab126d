// `drivewise fleet DIR [--after DIR2] [--target …] [--price-per-gb X] [--json|--csv FILE|--pdf FILE]`:
// a folder of run files (fetched from many hosts by the Ansible playbook) into a ranked decision.
import type { Command } from 'commander';
import { DEFAULT_MIN_HOURS, DEFAULT_PRICE_PER_GB } from '../../shared/contract/fleet';
import { predictionTarget, targetPreset } from '../../shared/prediction/schema';
import type { CliIo } from '../cli/types';
import { checkOptions } from '../cli/validate';
import { UserError } from '../core/errors';
import { checkWritablePath } from '../core/safe-write';
import type { Services } from '../core/services';
import { formatFleet } from './format';
import { PDF_TOP } from './html';
import { saveFleetFile } from './save';
import { evaluateFleet } from './service';

interface FleetCliOptions {
  after?: string;
  target: string;
  pricePerGb: string;
  currency: string;
  minHours: string;
  top?: string;
  json?: boolean;
  csv?: string;
  pdf?: string;
  force?: boolean;
}

const PRESETS = targetPreset.options.filter((p) => p !== 'custom');

function priceOf(text: string): number {
  const n = Number(text);
  if (!Number.isFinite(n) || n <= 0 || n > 100)
    throw new UserError(`--price-per-gb: "${text}" is not a price between 0 and 100 per GB`);
  return n;
}

function topOf(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1 || n > 1_000_000)
    throw new UserError(`--top: "${text}" is not a number of hosts (1 or more)`);
  return n;
}

function hoursOf(text: string): number {
  const n = Number(text);
  if (!Number.isFinite(n) || n < 0 || n > 10_000)
    throw new UserError(`--min-hours: "${text}" is not a number of hours a year (0 to 10000)`);
  return n;
}

async function fleetAction(dir: string, o: FleetCliOptions, s: Services, io: CliIo): Promise<void> {
  const target = checkOptions(
    predictionTarget,
    { preset: o.target },
    { preset: '--target' },
    { preset: o.target },
  );
  if (target.preset === 'custom')
    throw new UserError(`--target: pick one of ${PRESETS.join(', ')} (custom needs figures)`);
  if (!/^\S{1,8}$/.test(o.currency))
    throw new UserError('--currency: give a short sign such as € or $');
  const overwrite = o.force ?? false;
  const top = topOf(o.top);
  // Refused now, not after reading thousands of files.
  for (const out of [o.csv, o.pdf]) if (out) await checkWritablePath(out, { overwrite });
  const report = await evaluateFleet({
    dir,
    afterDir: o.after,
    target,
    pricePerGB: priceOf(o.pricePerGb),
    currency: o.currency,
    minHoursPerYear: hoursOf(o.minHours),
  });
  if (o.csv) await saveFleetFile(report, 'csv', o.csv, { overwrite, env: s.env });
  if (o.pdf) {
    const { pages } = await saveFleetFile(report, 'pdf', o.pdf, { overwrite, env: s.env, top });
    io.err(`Saved ${o.pdf} (${pages} page${pages === 1 ? '' : 's'})\n`);
  }
  io.out(o.json ? JSON.stringify(report, null, 2) + '\n' : formatFleet(report, top));
}

export function registerFleet(program: Command, services: Services, io: CliIo): void {
  program
    .command('fleet')
    .description(
      'rank the hosts of a folder of run files by hours saved a year per unit of money spent on a new drive',
    )
    .argument('<dir>', 'folder of before-run files (one or more per host)')
    .option('--after <dir>', 'folder of after-run files: measured against predicted gain per host')
    .option('--target <preset>', `the drive to buy: ${PRESETS.join(' | ')}`, 'sata-ssd')
    .option(
      '--price-per-gb <price>',
      'what the new drive costs per GB',
      String(DEFAULT_PRICE_PER_GB),
    )
    .option('--currency <sign>', 'currency sign for costs', '€')
    .option(
      '--min-hours <hours>',
      'hours saved a year from which a host is worth a new drive',
      String(DEFAULT_MIN_HOURS),
    )
    .option(
      '--top <n>',
      `only the first N hosts in the text and the PDF (PDF default ${PDF_TOP}); the CSV and JSON keep all`,
    )
    .option('--json', 'print the fleet verdict as JSON')
    .option('--csv <file>', 'also write one row per host as CSV')
    .option(
      '--pdf <file>',
      'also write the fleet report as PDF (summary page, then one section per host)',
    )
    .option('--force', 'replace the --csv/--pdf file if it exists')
    .action((dir: string, o: FleetCliOptions) => fleetAction(dir, o, services, io));
}
