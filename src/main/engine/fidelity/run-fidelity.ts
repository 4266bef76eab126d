// `npm run bench:fidelity`: engine vs fio / hdparm / dd / bonnie++, alternating, per-figure
// medians and engine/anchor ratios against the issue's targets. Exits 1 when a ratio misses.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { cpus, loadavg, release, tmpdir } from 'node:os';
import { join } from 'node:path';
import { median } from '../../../shared/stats';
import { parseSize } from '../../../shared/bench/catalogue';
import { createDataFile } from '../io';
import { deepQueueNote } from '../queue';
import { hasTool } from './anchors';
import { buildChecks, type Check } from './checks';
import { releaseFreshFs } from './fresh-fs';
import { setHugePageBuffers } from '../io-buffers';
import { reserveHugePages, type HugePageReservation } from './huge-pages';
import { removeTree } from '../../core/safe-remove';

export interface FidelityOptions {
  dir: string;
  sizeBytes: number;
  seconds: number;
  rounds: number;
  only: string[] | null;
  /** Both sides in huge pages (a labelled, non-default anchor). */
  hugePages: boolean;
  json: boolean;
  files1024: number;
  ddBytes: number;
}

export interface FigureResult {
  id: string;
  label: string;
  unit: string;
  anchor: string;
  engineSamples: (number | null)[];
  anchorSamples: (number | null)[];
  engineMedian: number | null;
  anchorMedian: number | null;
  /** Median of the per-round ratios (engine and anchor ran back to back); the pass/fail figure. */
  ratio: number | null;
  /** Engine median ÷ anchor median, for comparison. */
  ratioOfMedians: number | null;
  /** Lowest and highest per-round ratio. */
  ratioRange: [number, number] | null;
  target: number | null;
  max?: number;
  pass: boolean | null;
  note?: string;
}

export function parseArgs(argv: string[]): FidelityOptions {
  const o: FidelityOptions = {
    dir: tmpdir(),
    sizeBytes: parseSize('1G'),
    seconds: 2,
    rounds: 4,
    only: null,
    hugePages: false,
    json: false,
    files1024: 64,
    ddBytes: parseSize('256M'),
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const v = (): string => {
      const x = argv[++i];
      if (x === undefined) throw new Error(`${a} needs a value`);
      return x;
    };
    if (a === '--json') o.json = true;
    else if (a === '--dir') o.dir = v();
    else if (a === '--size') o.sizeBytes = parseSize(v());
    else if (a === '--seconds') o.seconds = Number(v());
    else if (a === '--rounds') o.rounds = Number(v());
    else if (a === '--files') o.files1024 = Number(v());
    else if (a === '--dd-size') o.ddBytes = parseSize(v());
    else if (a === '--only') o.only = v().split(',');
    else if (a === '--huge-pages') o.hugePages = true;
    else if (a === '--quick')
      Object.assign(o, { rounds: 1, seconds: 1, sizeBytes: parseSize('256M'), files1024: 1 });
    else
      throw new Error(
        `unknown option ${a} (options: --json --dir --size --seconds --rounds --files --dd-size --only --quick --huge-pages)`,
      );
  }
  if (!(o.rounds >= 1 && o.seconds > 0 && o.files1024 >= 1))
    throw new Error('rounds, seconds and files must be positive');
  return o;
}

export function ratioOf(engine: number | null, anchor: number | null): number | null {
  return engine !== null && anchor !== null && anchor > 0 ? engine / anchor : null;
}

/**
 * ABBA within a round, BAAB in the next: each side runs once first and once second, which cancels
 * linear drift and the position effect seen here (the second run after a switch of workload was
 * up to 1.6× faster, whoever it was).
 */
export function abbaOrder(round: number): ('engine' | 'anchor')[] {
  return round % 2 === 0
    ? ['engine', 'anchor', 'anchor', 'engine']
    : ['anchor', 'engine', 'engine', 'anchor'];
}

/** Per-figure mean of a side's runs in one round; null when a run gave no figure. */
export function meanOfRuns(runs: (number | null)[][]): (number | null)[] {
  const n = Math.max(0, ...runs.map((r) => r.length));
  return Array.from({ length: n }, (_, i) => {
    const xs = runs.map((r) => r[i] ?? null);
    return xs.every((x): x is number => x !== null)
      ? xs.reduce((a, x) => a + x, 0) / xs.length
      : null;
  });
}

/**
 * Per-round ratios of samples taken back to back. This VM's disk speed drifts up to 2× between
 * rounds; a ratio within a round cancels that drift, where a ratio of medians mixes rounds.
 */
export function pairedRatios(engine: (number | null)[], anchor: (number | null)[]): number[] {
  return engine
    .map((e, i) => ratioOf(e, anchor[i] ?? null))
    .filter((x): x is number => x !== null && Number.isFinite(x));
}

function med(xs: (number | null)[]): number | null {
  return median(xs.filter((x): x is number => x !== null && Number.isFinite(x)));
}

export async function runFidelity(
  o: FidelityOptions,
  log: (s: string) => void,
): Promise<{ results: FigureResult[]; how: Record<string, unknown> }> {
  const work = mkdtempSync(join(o.dir, '.drivewise-fidelity-'));
  const file = join(work, 'fidelity.bin');
  let loop: string | null = null;
  const isRoot = process.getuid?.() === 0;
  let freshFs = false;
  let huge: HugePageReservation | null = null;
  const cleanUp = (): void => {
    releaseFreshFs();
    huge?.restore();
    if (loop)
      try {
        execFileSync('losetup', ['-d', loop]);
      } catch {
        /* already gone */
      }
    loop = null;
    removeTree(work);
  };
  // Ctrl+C or a kill mid-run: the 1 GiB file and the loop device must not stay behind.
  const onSignal = (): void => {
    cleanUp();
    process.exit(130);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    log(`writing a ${o.sizeBytes / 1024 / 1024} MiB test file in ${work} ...`);
    await createDataFile(file, o.sizeBytes);
    if (isRoot && (await hasTool('losetup')) && (await hasTool('hdparm'))) {
      try {
        // -r: read-only loop device; direct I/O so reads reach the backing file's disk.
        loop = execFileSync('losetup', ['-r', '--direct-io=on', '-f', '--show', file], {
          encoding: 'utf8',
        }).trim();
      } catch (err) {
        log(`no loop device: ${(err as Error).message.split('\n')[0]}`);
      }
    }
    freshFs =
      isRoot &&
      (await hasTool('mkfs.ext4')) &&
      (await hasTool('losetup')) &&
      (await hasTool('mount'));
    // fio allocates bs × iodepth (8 MiB at most here) plus alignment: 8 pages leave room.
    // Default: fio with its default memory (--mem=malloc) against the engine's ordinary buffers,
    // what KDiskMark/CrystalDiskMark users compare with. --huge-pages is a labelled other anchor.
    huge = !o.hugePages
      ? {
          ok: false,
          note: "DEFAULT fio memory (--mem=malloc) against the engine's ordinary page-size buffers",
          restore() {},
        }
      : isRoot
        ? reserveHugePages(8)
        : { ok: false, note: "fio's own malloc'ed buffers (huge pages need root)", restore() {} };
    if (huge.ok) {
      setHugePageBuffers(true);
      huge.note = `NOT the default anchor: ${huge.note} (engine's named huge-page option)`;
    }
    const tools = {
      fio: await hasTool('fio'),
      dd: await hasTool('dd'),
      'bonnie++': await hasTool('bonnie++'),
    };
    let checks = buildChecks({
      file,
      sizeBytes: o.sizeBytes,
      seconds: o.seconds,
      workDir: work,
      loopDevice: loop,
      files1024: o.files1024,
      freshFs,
      fioHugeMem: huge.ok,
      ddBytes: o.ddBytes,
    });
    if (o.only) checks = checks.filter((c) => c.figures.some((f) => o.only!.includes(f.id)));
    const samples = new Map<Check, { e: (number | null)[][]; a: (number | null)[][] }>(
      checks.map((c) => [c, { e: [], a: [] }]),
    );
    const load0 = loadavg()[0]!;
    for (const c of checks) {
      const s = samples.get(c)!;
      const tool = c.anchorName.split(' ')[0]!;
      const haveAnchor = (tools as Record<string, boolean>)[tool] ?? true;
      const anchor = async (): Promise<(number | null)[]> =>
        haveAnchor
          ? c
              .anchor()
              .catch(
                (err: Error) => (
                  log(`  ${c.anchorName} failed: ${err.message.split('\n')[0]}`),
                  c.figures.map(() => null)
                ),
              )
          : c.figures.map(() => null);
      // One unrecorded run first: the device settles into this workload before either side counts.
      await anchor();
      for (let round = 0; round < o.rounds; round++) {
        const got = { engine: [] as (number | null)[][], anchor: [] as (number | null)[][] };
        for (const who of abbaOrder(round))
          got[who].push(who === 'engine' ? await c.engine() : await anchor());
        s.e.push(meanOfRuns(got.engine));
        s.a.push(meanOfRuns(got.anchor));
        log(
          `round ${round + 1}/${o.rounds}  ${c.name}: engine ${fmt(s.e.at(-1))}  ${tool} ${fmt(s.a.at(-1))}`,
        );
      }
    }
    const results: FigureResult[] = [];
    for (const c of checks) {
      const s = samples.get(c)!;
      c.figures.forEach((f, i) => {
        const es = s.e.map((r) => r[i] ?? null);
        const as = s.a.map((r) => r[i] ?? null);
        const em = med(es);
        const am = med(as);
        const paired = pairedRatios(es, as);
        const ratio = med(paired);
        const note =
          am === null
            ? as.every((x) => x === null)
              ? 'anchor gave no figure (missing tool or +++++)'
              : undefined
            : undefined;
        results.push({
          id: f.id,
          label: f.label,
          unit: f.unit,
          anchor: c.anchorName,
          engineSamples: es,
          anchorSamples: as,
          engineMedian: em,
          anchorMedian: am,
          ratio,
          ratioOfMedians: ratioOf(em, am),
          ratioRange: paired.length ? [Math.min(...paired), Math.max(...paired)] : null,
          target: f.target,
          ...(f.max ? { max: f.max } : {}),
          pass:
            f.target === null || ratio === null
              ? null
              : ratio >= f.target && (f.max === undefined || ratio <= f.max),
          ...(note ? { note } : {}),
        });
      });
    }
    const how = {
      file: `${o.sizeBytes / 1024 / 1024} MiB O_DIRECT test file in ${o.dir}`,
      secondsPerRun: o.seconds,
      rounds: o.rounds,
      order:
        'per check: one unrecorded anchor run, then rounds of engine-anchor-anchor-engine and anchor-engine-engine-anchor (each round gives the mean of each side)',
      ratio:
        'median of the per-round engine/anchor ratios (range in brackets); "of medians" for comparison',
      engineMode: `QD1/sequential: synchronous pread/pwrite in one process; deep queues: ${deepQueueNote()}; UV_USE_IO_URING=${process.env.UV_USE_IO_URING ?? 'unset'}`,
      ioBuffers: huge?.note,
      loopDevice: loop ?? 'none (needs root, losetup, hdparm)',
      bonnieFiles: `${o.files1024}×1024 files, ${freshFs ? 'each run on a new 1 GiB ext4 (loop device)' : `in ${o.dir} (not root or no mkfs.ext4: rates depend on earlier deletes)`}`,
      ddBytes: o.ddBytes,
      kernel: release(),
      cpus: cpus().length,
      requestsPerIo:
        checks
          .filter((c) => c.requests)
          .map(
            (c) =>
              `${c.name}: engine ${fmtReq(c.requests!.engine)}, ${c.anchorName.split(' ')[0]} ${fmtReq(c.requests!.anchor)}`,
          )
          .join('; ') || 'not watched',
      loadavgStart: load0,
      loadavgEnd: loadavg()[0],
    };
    return { results, how };
  } finally {
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
    cleanUp();
  }
}

/** Median device requests per I/O: 1.00 = every request reached the drive whole. */
const fmtReq = (xs: number[]): string => {
  const m = med(xs);
  return m === null ? '—' : `${m.toFixed(2)} requests/IO`;
};

const fmt = (xs: (number | null)[] | undefined): string =>
  (xs ?? []).map((x) => (x === null ? '—' : x >= 100 ? x.toFixed(0) : x.toFixed(2))).join('/');

export function formatReport(results: FigureResult[], how: Record<string, unknown>): string {
  const rows = [
    [
      'figure',
      'unit',
      'engine',
      'anchor',
      'ratio',
      '(range)',
      'of medians',
      'target',
      '',
      'anchor tool',
    ],
  ];
  for (const r of results)
    rows.push([
      r.label,
      r.unit,
      r.engineMedian === null ? '—' : r.engineMedian.toFixed(1),
      r.anchorMedian === null ? '—' : r.anchorMedian.toFixed(1),
      r.ratio === null ? '—' : r.ratio.toFixed(3),
      r.ratioRange ? `(${r.ratioRange[0].toFixed(2)}–${r.ratioRange[1].toFixed(2)})` : '',
      r.ratioOfMedians === null ? '—' : r.ratioOfMedians.toFixed(3),
      r.target === null ? 'info' : r.max ? `${r.target}–${r.max}` : `≥ ${r.target}`,
      r.pass === null ? (r.note ? 'n/a' : '') : r.pass ? 'ok' : 'MISS',
      r.anchor,
    ]);
  const w = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const lines = rows.map((r) =>
    r
      .map((c, i) => (i >= 2 && i <= 6 ? c.padStart(w[i]!) : c.padEnd(w[i]!)))
      .join('  ')
      .trimEnd(),
  );
  lines.splice(1, 0, w.map((x) => '-'.repeat(x)).join('  '));
  const howText = Object.entries(how)
    .map(([k, v]) => `  ${k}: ${String(v)}`)
    .join('\n');
  return `${lines.join('\n')}\n\nhow it ran:\n${howText}\n`;
}
