// `npm run bench:quick [-- --device NAME]... [--tests a,b] [--runs N] [--save-baseline]`: times the quick profile on three
// devices (HDD-like loop, fast loop, this machine's own disk) and prints each test's seconds and
// each figure's noise floor against the baseline captured on main before issue 39's changes
// (tools/quick/baseline.json), with the ratios and quick's aims (≤ 75 s HDD-like, ≤ 35 s fast,
// estimate within ±15 %). Root only (loop devices, cgroup throttles, the root helper). The suite
// asserts only 1.5× the aims (time-budget.test.ts): a busy machine must not fail it. `--runs N`:
// N runs per device, each test's seconds and each figure's floor their median (summary.ts).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { RunDocument } from '../src/shared/schemas/run';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DEVICES } from './quick/devices';
import { deviceReport } from './quick/report';
import { medianSummary, summarise, type QuickSummary } from './quick/summary';

const BASELINE = resolve('tools/quick/baseline.json');

interface Baseline {
  note: string;
  devices: Record<string, QuickSummary>;
}

function readBaseline(): Baseline | null {
  try {
    return JSON.parse(readFileSync(BASELINE, 'utf8')) as Baseline;
  } catch {
    return null;
  }
}

/** Each run's document under test-results/quick-runs, as the suite's quick runs keep theirs. */
function keep(name: string, doc: RunDocument): void {
  const dir = resolve('test-results', 'quick-runs');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, `bench-${name.replace(/[^A-Za-z0-9]+/g, '-')}-${doc.id}.json`),
    JSON.stringify(doc, null, 2),
  );
}

async function main(argv: string[]): Promise<number> {
  if (process.getuid?.() !== 0) throw new Error('needs root (loop devices, cgroup throttles)');
  const picked = argv.flatMap((a, i) => (argv[i - 1] === '--device' ? [a] : []));
  const names = picked.length ? picked : Object.keys(DEVICES);
  for (const n of names)
    if (!DEVICES[n]) throw new Error(`no device "${n}" (${Object.keys(DEVICES).join(', ')})`);
  const tests = argv.includes('--tests')
    ? argv[argv.indexOf('--tests') + 1]?.split(',')
    : undefined;
  if (tests && argv.includes('--save-baseline'))
    throw new Error('a baseline is the whole quick profile');
  const runs = argv.includes('--runs') ? Number(argv[argv.indexOf('--runs') + 1]) : 1;
  if (!Number.isInteger(runs) || runs < 1 || runs > 9) throw new Error('--runs takes 1 to 9');
  const baseline = readBaseline();
  const config = mkdtempSync(join(tmpdir(), 'dw-bench-quick-cfg-'));
  const after: Record<string, QuickSummary> = {};
  let met = true;
  try {
    for (const name of names) {
      const each: QuickSummary[] = [];
      for (let i = 1; i <= runs; i++) {
        process.stderr.write(`quick on ${name}${runs > 1 ? `, run ${i} of ${runs}` : ''}…\n`);
        const run = await DEVICES[name]!(config, tests);
        each.push(summarise(run.doc, run.total, run.load, run.planEstimate));
        keep(name, run.doc);
      }
      after[name] = medianSummary(each);
      const r = deviceReport(name, baseline?.devices[name], after[name]);
      met &&= r.met;
      process.stdout.write(`${r.text}\n\n`);
    }
  } finally {
    rmSync(config, { recursive: true, force: true });
  }
  if (argv.includes('--save-baseline')) {
    const note = `quick before issue 39's changes, captured by bench:quick --save-baseline on ${new Date().toISOString()}`;
    writeFileSync(
      BASELINE,
      `${JSON.stringify({ note, devices: { ...baseline?.devices, ...after } }, null, 2)}\n`,
    );
    process.stdout.write(`baseline saved: ${BASELINE}\n`);
  }
  process.stdout.write(met ? 'quick: every aim met\n' : 'quick: an aim was missed (UNMET above)\n');
  return met ? 0 : 1;
}

main(process.argv.slice(2)).then(
  (code) => (process.exitCode = code),
  (err: unknown) => {
    process.stderr.write(`bench-quick: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 2;
  },
);
