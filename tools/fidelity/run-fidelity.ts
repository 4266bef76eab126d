// `npm run bench:fidelity`: engine vs fio / hdparm / dd / bonnie++, alternating, per-figure
// medians and engine/anchor ratios against the issue's targets. Exits 1 when a ratio misses.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { cpus, loadavg, release } from 'node:os';
import { join } from 'node:path';
import { createDataFile } from '../../src/main/engine/methods/io';
import { deepQueueNote, qd1Note } from '../../src/main/engine/worker/queue-notes';
import { hasTool } from './anchors';
import { buildChecks, type Check } from './checks';
import { releaseFreshFs } from './fresh-fs';
import { setHugePageBuffers } from '../../src/main/engine/methods/io-buffers';
import { reserveHugePages, type HugePageReservation } from './huge-pages';
import { removeTree } from '../../src/main/core/safe-remove';
import type { FidelityOptions } from './options';
import {
  abbaOrder,
  fmt,
  fmtReq,
  fmtRuns,
  meanOfRuns,
  selfRatios,
  summarise,
  type FigureResult,
} from './report';

export { parseArgs, type FidelityOptions } from './options';
export {
  abbaOrder,
  formatReport,
  judge,
  meanOfRuns,
  pairedRatios,
  ratioOf,
  type FigureResult,
} from './report';

/**
 * Pause before each run of a large-buffer check. A run that allocates its buffer within
 * milliseconds of the previous run's exit gets that process's just-freed pages back from the
 * per-CPU free lists, mostly in reverse order: 192–256 physical runs per MiB in 5 of 5 tries here
 * (256: every page a DMA segment and each request split in two), against 34–229 (median 65) after
 * a 1.5 s pause. fio's job process allocates only after its own start-up. Both sides get the pause.
 */
const SETTLE_MS = 1000;
const settle = (): Promise<void> => new Promise((r) => setTimeout(r, SETTLE_MS));

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
    loop = await attachLoop(file, isRoot, log);
    freshFs =
      isRoot &&
      (await hasTool('mkfs.ext4')) &&
      (await hasTool('losetup')) &&
      (await hasTool('mount'));
    huge = ioBufferAnchor(o, isRoot);
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
    const samples = new Map<
      Check,
      { e: (number | null)[][]; a: (number | null)[][]; aa: (number | null)[][] }
    >(checks.map((c) => [c, { e: [], a: [], aa: [] }]));
    const load0 = loadavg()[0]!;
    for (const c of checks) await runCheck(c, samples.get(c)!, tools, o, log);
    const results = summarise(checks, samples);
    const how = describeRun(o, checks, { huge, loop, freshFs, load0 });
    return { results, how };
  } finally {
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
    cleanUp();
  }
}

/** A read-only loop device over the test file, for hdparm; null (and a log line) without one. */
async function attachLoop(
  file: string,
  isRoot: boolean,
  log: (s: string) => void,
): Promise<string | null> {
  if (!(isRoot && (await hasTool('losetup')) && (await hasTool('hdparm')))) return null;
  try {
    // -r: read-only loop device; direct I/O so reads reach the backing file's disk.
    return execFileSync('losetup', ['-r', '--direct-io=on', '-f', '--show', file], {
      encoding: 'utf8',
    }).trim();
  } catch (err) {
    log(`no loop device: ${(err as Error).message.split('\n')[0]}`);
    return null;
  }
}

/** Which buffers both sides use; huge pages only on request, and only as root. */
function ioBufferAnchor(o: FidelityOptions, isRoot: boolean): HugePageReservation {
  // fio allocates bs × iodepth (8 MiB at most here) plus alignment: 8 pages leave room.
  // Default: fio with its default memory (--mem=malloc) against the engine's ordinary buffers,
  // what KDiskMark/CrystalDiskMark users compare with. --huge-pages is a labelled other anchor.
  const huge: HugePageReservation = !o.hugePages
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
  return huge;
}

/** One check: a warm-up anchor run, then ABBA rounds, each round's means pushed to `s`. */
async function runCheck(
  c: Check,
  s: { e: (number | null)[][]; a: (number | null)[][]; aa: (number | null)[][] },
  tools: Record<string, boolean>,
  o: FidelityOptions,
  log: (s: string) => void,
): Promise<void> {
  const tool = c.anchorName.split(' ')[0]!;
  const haveAnchor = tools[tool] ?? true;
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
    for (const who of abbaOrder(round)) {
      if (c.layout) await settle();
      got[who].push(who === 'engine' ? await c.engine() : await anchor());
    }
    s.e.push(meanOfRuns(got.engine));
    s.a.push(meanOfRuns(got.anchor));
    s.aa.push(selfRatios(got.anchor));
    log(
      `round ${round + 1}/${o.rounds}  ${c.name}: engine ${fmt(s.e.at(-1))}  ${tool} ${fmt(s.a.at(-1))}`,
    );
  }
}

/** "check: engine X, tool Y" for every check that recorded `pick`, joined; '' when none did. */
function perSide(
  checks: Check[],
  pick: (c: Check) => { engine: number[]; anchor: number[] } | undefined,
  format: (xs: number[]) => string,
): string {
  return checks
    .flatMap((c) => {
      const s = pick(c);
      return s
        ? [
            `${c.name}: engine ${format(s.engine)}, ${c.anchorName.split(' ')[0]} ${format(s.anchor)}`,
          ]
        : [];
    })
    .join('; ');
}

/** How the figures were taken, printed with the report so a reader can judge them. */
function describeRun(
  o: FidelityOptions,
  checks: Check[],
  run: { huge: HugePageReservation | null; loop: string | null; freshFs: boolean; load0: number },
): Record<string, unknown> {
  const { huge, loop, freshFs, load0 } = run;
  return {
    file: `${o.sizeBytes / 1024 / 1024} MiB O_DIRECT test file in ${o.dir}`,
    secondsPerRun: o.seconds,
    rounds: o.rounds,
    order: `per check: one unrecorded anchor run, then rounds of engine-anchor-anchor-engine and anchor-engine-engine-anchor (each round gives the mean of each side); SEQ 1M runs start ${SETTLE_MS / 1000} s after the previous one ended, on both sides`,
    ratio:
      'median of the per-round engine/anchor ratios (range in brackets); "of medians" for comparison',
    engineMode: `${qd1Note()}; deep queues: ${deepQueueNote()}; UV_USE_IO_URING=${process.env.UV_USE_IO_URING ?? 'unset'}`,
    ioBuffers: huge?.note,
    loopDevice: loop ?? 'none (needs root, losetup, hdparm)',
    bonnieFiles: `${o.files1024}×1024 files, ${freshFs ? 'each run on a new 1 GiB ext4 (loop device)' : `in ${o.dir} (not root or no mkfs.ext4: rates depend on earlier deletes)`}`,
    ddBytes: o.ddBytes,
    kernel: release(),
    cpus: cpus().length,
    requestsPerIo: perSide(checks, (c) => c.requests, fmtReq) || 'not watched',
    bufferRunsPerMiB:
      perSide(checks, (c) => c.layout, fmtRuns) || 'not seen (needs root and the native addon)',
    loadavgStart: load0,
    loadavgEnd: loadavg()[0],
  };
}
