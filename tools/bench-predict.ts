// `npm run bench:predict [-- --pairs 1,2,3] [--measure ids] [--out DIR] [--score-only]`: the prediction
// from this machine checked on three pairs of real loop devices (HDD-like → unthrottled,
// HDD-like → SATA-SSD-like, 5400 rpm-like → HDD-like). Each device runs the quick profile (its
// Chromium copy started as an installed app); each pair's after-times are predicted from the
// before-run with the target set to the after device's own synthetic figures, and with the
// sata-ssd preset. Prints a table per pair and the summary; runs are saved per device in --out
// (default test-results/predict-runs), so `--score-only` scores them again without measuring.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runDocument, type RunDocument } from '../src/shared/schemas/run';
import { quickOn } from './predict/measure';
import { DEVICES, makeRig, PAIRS, rigUnavailable } from './predict/rig';
import { formatScores, scorePair, type PairRuns } from './predict/score';

interface Options {
  pairs: number[];
  /** Devices to measure again even when a run of them is saved. */
  measure: string[] | null;
  out: string;
  /** Score the runs saved in `out`, measure nothing. */
  scoreOnly: boolean;
  json: boolean;
}

const USAGE = '--pairs 1,2,3, --measure hdd,fast,ssd,hdd5400, --out DIR, --score-only, --json';

function parseArgs(argv: string[]): Options {
  const o: Options = {
    pairs: [1, 2, 3],
    measure: null,
    out: resolve('test-results/predict-runs'),
    scoreOnly: false,
    json: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = () => argv[++i] ?? '';
    if (a === '--pairs') o.pairs = next().split(',').map(Number);
    else if (a === '--measure') o.measure = next().split(',');
    else if (a === '--out') o.out = resolve(next());
    else if (a === '--score-only') o.scoreOnly = true;
    else if (a === '--json') o.json = true;
    else throw new Error(`unknown option ${a} (${USAGE})`);
  }
  if (!o.pairs.every((p) => p >= 1 && p <= PAIRS.length))
    throw new Error(`--pairs takes numbers from 1 to ${PAIRS.length}`);
  const bad = (o.measure ?? []).filter((d) => !DEVICES[d]);
  if (bad.length)
    throw new Error(`unknown device ${bad.join(', ')} (${Object.keys(DEVICES).join(', ')})`);
  return o;
}

const fileOf = (dir: string, device: string) => join(dir, `${device}.json`);

const load = (file: string): RunDocument =>
  runDocument.parse(JSON.parse(readFileSync(file, 'utf8')));

/** One quick run on a fresh device of its kind, saved as `<device>.json`. */
async function measureDevice(id: string, o: Options, signal: AbortSignal): Promise<void> {
  const log = (s: string) => process.stderr.write(`${s}\n`);
  const rig = makeRig(DEVICES[id]!);
  try {
    log(`${rig.spec.name} on ${rig.dev}`);
    const doc = await quickOn(rig, signal, log);
    mkdirSync(o.out, { recursive: true });
    writeFileSync(fileOf(o.out, id), JSON.stringify(doc, null, 2));
  } finally {
    rig.dispose();
  }
}

/**
 * The devices to measure: those named, else every device the chosen pairs need that has no saved
 * run. A device measured once serves every pair it is in (the HDD-like one is the before of
 * pairs 1 and 2 and the after of pair 3).
 */
function toMeasure(o: Options): string[] {
  if (o.scoreOnly) return [];
  if (o.measure) return o.measure;
  const needed = [...new Set(o.pairs.flatMap((p) => PAIRS[p - 1]!))];
  return needed.filter((d) => !existsSync(fileOf(o.out, d)));
}

async function main(): Promise<number> {
  const o = parseArgs(process.argv.slice(2));
  const measure = toMeasure(o);
  if (measure.length) {
    const why = rigUnavailable();
    if (why) throw new Error(`cannot make the loop devices: ${why}`);
    const stop = new AbortController();
    const onSignal = () => stop.abort();
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
    try {
      for (const d of measure) await measureDevice(d, o, stop.signal);
    } finally {
      process.removeListener('SIGINT', onSignal);
      process.removeListener('SIGTERM', onSignal);
    }
  }
  const pairs: PairRuns[] = o.pairs
    .filter((p) => PAIRS[p - 1]!.every((d) => existsSync(fileOf(o.out, d))))
    .map((p) => {
      const [b, a] = PAIRS[p - 1]!;
      return { pair: p, before: load(fileOf(o.out, b)), after: load(fileOf(o.out, a)) };
    });
  if (pairs.length === 0) throw new Error(`no pair has both runs in ${o.out}`);
  const scores = pairs.map(scorePair);
  if (o.json) process.stdout.write(`${JSON.stringify(scores, null, 2)}\n`);
  else process.stdout.write(formatScores(scores));
  return 0;
}

main().then(
  (code) => (process.exitCode = code),
  (err: unknown) => {
    process.stderr.write(`bench-predict: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 2;
  },
);
