// bonnie++ 2.00a method: per-char and block sequential output, rewrite, per-char and block input,
// random seeks (5 concurrent seekers, 8192 seeks, every 10th chunk rewritten) and N×1024 zero-byte
// file create/stat/delete, sequential then random.
import { BONNIE_METRICS } from '../../../../shared/bench/bonnie-metrics';
import { BONNIE_MIN_SECONDS, measurement } from '../../methods/calc';
import { ioErrorMessage, makeRandom } from '../../methods/io';
import { fileOpsMode } from './bonnie-files';
import { dataPhases, filePhases, phaseProgress, type BonnieShape, type Metric } from './bonnie-io';
import { CHUNK, SEEK_PROCS, SEEKS } from './bonnie-seeks';
import {
  defineBenchmark,
  dropSeconds,
  fmtBytes,
  ioSeconds,
  settles,
  type BenchSizes,
} from './common';
import { PASS_SETTLE } from '../../methods/settle';

/** The share of the early stop's possible saving a quick run saw (see the estimate). */
const SETTLED_SHARE = 0.25;

export const bonnie = defineBenchmark({
  id: 'bonnie',
  title: 'bonnie++ method',
  tool: 'bonnie++',
  timedWrites: true,
  description:
    'Per-character and block write/rewrite/read, random seeks and small-file create/stat/delete: how the drive handles everyday file work.',
  sizes: {
    bonnie: { label: 'Everyday file work (bonnie++) file size', unit: 'MiB', allFiles: true },
    // Byte-at-a-time measures the per-call cost, not the drive: profiles use 64-256 KiB.
    bonnieChar: { label: 'Byte-at-a-time (bonnie++) size', unit: 'MiB', smallest: 16 * 1024 },
    bonnieFiles: { label: 'Small files to create (bonnie++)', unit: 'thousand files' },
  },
  estimate: (reps, s, r) => {
    const c = Math.max(0.5, s.phaseSeconds ?? 8);
    const pass = ioSeconds(r, s.bonnie, s.bonnie / 8192);
    const block = Math.min(c, Math.max(0.5, pass));
    // In quick a phase of passes shorter than its minimum ends once three agree (PASS_SETTLE):
    // on this VM a quarter of what that could save was saved (bench:quick on the fast loop,
    // three runs each: bonnie 10.7-11.1 s before the rule, 9.2-10.5 s with it; 4.4 s if all
    // phases settled), the passes' rates swinging with memory. The estimate counts that quarter.
    const settled = settles(s) && pass < BONNIE_MIN_SECONDS;
    const ideal = Math.min(block, Math.max(PASS_SETTLE.minSeconds, 3 * pass));
    const phase = settled ? block - SETTLED_SHARE * (block - ideal) : block;
    // per-char out/in (0.5 s minimum each), 4 bounded block phases and the bounded
    // seeks, the file phases (create/stat/delete, sequential and random: CPU, then a syncfs each).
    const files = s.bonnieFiles * 1024;
    return (
      reps *
      (0.8 +
        0.2 * r.cpu +
        5 * phase +
        ((files * 6) / 20_000) * Math.sqrt(r.cpu) +
        2 * dropSeconds(r))
    );
  },
  // Files are zero-byte but each costs an inode and a directory entry.
  bytes: (s) => s.bonnie + s.bonnieChar + s.bonnieFiles * 1024 * 256,
  async run(ctx, t) {
    const shape = bonnieShape(t.sizes);
    const { size, charSize, nFiles, cap } = shape;
    const r = t.result(
      `bonnie++ -s ${fmtBytes(size)} -n ${nFiles / 1024}: 8 KiB chunks with O_DIRECT (instead of a 2×RAM file), per-char phases on ${fmtBytes(charSize)}, ${SEEK_PROCS} seekers × ${SEEKS} seeks, phases under 0.5 s repeated${shape.settle ? ` (ending from ${PASS_SETTLE.minSeconds} s once ${PASS_SETTLE.passes} passes in a row agree within ${Math.round(PASS_SETTLE.spread * 100)} %)` : ''}, each block phase and the seeks bounded to ${cap} s; ${fileOpsMode()}`,
    );
    r.cache = 'bypassed';
    r.caveats.push(
      'per-character input reads a small file the page cache holds (CPU-bound, as in bonnie++)',
    );
    const samples = new Map<Metric, (number | null)[]>(BONNIE_METRICS.map(([m]) => [m, []]));
    const notes = new Map<Metric, string>();
    const phases = 12;
    let direct = true;
    const random = makeRandom();
    try {
      for (let rep = 0; rep < ctx.repetitions; rep++) {
        const prog = phaseProgress(ctx, rep, phases);
        const state = { ctx, shape, random, prog, samples, notes };
        direct = (await dataPhases(state)) && direct;
        if (rep === 0) r.bytesWritten += size + charSize;
        await filePhases(state);
      }
    } catch (err) {
      if ((err as Error).name === 'AbortError') throw err;
      throw new Error(ioErrorMessage(err, "running bonnie++'s phases"));
    }
    if (!direct) {
      t.warmCache(r);
    }
    for (const [m, unit] of BONNIE_METRICS) {
      const { xs, note } = untimedReps(samples.get(m)!, notes.get(m));
      r.measurements.push(measurement(m, unit, 'higher', xs, note ? { note } : {}));
    }
    return r;
  },
});

/** bonnie++'s sizes from the profile, with floors so every phase has something to time. */
function bonnieShape(s: BenchSizes): BonnieShape {
  return {
    size: Math.max(CHUNK * 16, Math.floor(s.bonnie / CHUNK) * CHUNK),
    charSize: Math.max(1024, Math.floor(s.bonnieChar)),
    nFiles: Math.max(1, Math.round(s.bonnieFiles)) * 1024,
    // Each block phase and the seeks stop after this long (a 150-IOPS disk would take minutes).
    cap: Math.max(BONNIE_MIN_SECONDS, s.phaseSeconds),
    settle: settles(s),
  };
}

/**
 * A phase too short to time in some repetitions only: those were the fastest, so a median of the
 * timed ones alone would read low. The phase then has no figure; the note keeps the timed ones.
 */
export function untimedReps(
  xs: (number | null)[],
  note: string | undefined,
): { xs: (number | null)[]; note: string | undefined } {
  const untimed = xs.filter((x) => x === null).length;
  if (untimed === 0 || untimed === xs.length) return { xs, note };
  const timed = xs.filter((x): x is number => x !== null).map((x) => Math.round(x).toString());
  return {
    xs: xs.map(() => null),
    note: `${untimed} of ${xs.length} repetitions too short to time (bonnie++ prints +++++), so no figure: the timed ones alone (${timed.join(', ')}) would read low`,
  };
}
