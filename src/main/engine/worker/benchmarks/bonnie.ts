// bonnie++ 2.00a method: per-char and block sequential output, rewrite, per-char and block input,
// random seeks (5 concurrent seekers, 8192 seeks, every 10th chunk rewritten) and N×1024 zero-byte
// file create/stat/delete, sequential then random.
import { BONNIE_FILES, BONNIE_METRICS } from '../../../../shared/bench/bonnie-metrics';
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

/** The phases bonnie++ -f leaves out: one write() or read() per byte times the CPU, not the drive. */
const PER_CHAR = new Set<Metric>(['seq_output_per_chr', 'seq_input_per_chr']);
/** The phases bonnie++ -n 0 leaves out. */
const FILES = new Set<Metric>(BONNIE_FILES);

/** The share of the early stop's possible saving a quick run saw (see the estimate). */
const SETTLED_SHARE = 0.25;

export const bonnie = defineBenchmark({
  id: 'bonnie',
  title: 'bonnie++ method',
  tool: 'bonnie++',
  timedWrites: true,
  description:
    'Block write/rewrite/read and random seeks; the full profile adds per-character write/read and small-file create/stat/delete: how the drive handles everyday file work.',
  sizes: {
    bonnie: { label: 'Everyday file work (bonnie++) file size', unit: 'MiB', allFiles: true },
    // Byte-at-a-time measures the per-call cost, not the drive: the full profile uses 256 KiB,
    // quick none (bonnie++ -f), as seed 000 found them CPU-bound (99 %CP) on both drives.
    bonnieChar: {
      label: 'Byte-at-a-time (bonnie++) size, 0 skips it',
      unit: 'MiB',
      smallest: 16 * 1024,
      zero: 'skips the per-character phases (bonnie++ -f)',
    },
    // Quick's 1,024 files were created, read and removed in 3-14 ms, too short to time on either
    // loop (+++++, no figure), and their metadata held the next write 1.8 s on the HDD-like one:
    // quick runs none (bonnie++ -n 0); its unpack times 12,000 files being made.
    bonnieFiles: {
      label: 'Small files to create (bonnie++), 0 skips it',
      unit: 'thousand files',
      zero: 'skips the file phases (bonnie++ -n 0)',
    },
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
    // 4 bounded block phases and the bounded seeks, the file phases (create/stat/delete,
    // sequential and random: CPU, then a syncfs each; none with bonnie++ -n 0).
    const files = Math.max(0, s.bonnieFiles) * 1024;
    // Per-char out/in: their 0.5 s minimum each (none with bonnie++ -f).
    const perChar = s.bonnieChar > 0 ? 0.8 + 0.2 * r.cpu : 0;
    return (
      reps *
      (perChar +
        5 * phase +
        (files > 0 ? ((files * 6) / 20_000) * Math.sqrt(r.cpu) + 2 * dropSeconds(r) : 0))
    );
  },
  // Files are zero-byte but each costs an inode and a directory entry.
  bytes: (s) => s.bonnie + s.bonnieChar + s.bonnieFiles * 1024 * 256,
  async run(ctx, t) {
    const shape = bonnieShape(t.sizes);
    const { size, charSize, nFiles, cap } = shape;
    const perChar = charSize > 0;
    const r = t.result(
      `bonnie++ ${perChar ? '' : '-f '}-s ${fmtBytes(size)} -n ${nFiles / 1024}: 8 KiB chunks with O_DIRECT (instead of a 2×RAM file), ${perChar ? `per-char phases on ${fmtBytes(charSize)}` : 'no per-char phases (-f: they time the CPU)'}, ${SEEK_PROCS} seekers × ${SEEKS} seeks, phases under 0.5 s repeated${shape.settle ? ` (ending from ${PASS_SETTLE.minSeconds} s once ${PASS_SETTLE.passes} passes in a row agree within ${Math.round(PASS_SETTLE.spread * 100)} %)` : ''}, each block phase and the seeks bounded to ${cap} s; ${nFiles > 0 ? fileOpsMode() : 'no file phases (-n 0)'}`,
    );
    r.cache = 'bypassed';
    if (perChar)
      r.caveats.push(
        'per-character input reads a small file the page cache holds (CPU-bound, as in bonnie++)',
      );
    const metrics = BONNIE_METRICS.filter(
      ([m]) => (perChar || !PER_CHAR.has(m)) && (nFiles > 0 || !FILES.has(m)),
    );
    const samples = new Map<Metric, (number | null)[]>(metrics.map(([m]) => [m, []]));
    const notes = new Map<Metric, string>();
    const phases = (perChar ? 6 : 4) + (nFiles > 0 ? 6 : 0);
    let direct = true;
    const random = makeRandom();
    try {
      for (let rep = 0; rep < ctx.repetitions; rep++) {
        const prog = phaseProgress(ctx, rep, phases, perChar);
        const state = { ctx, shape, random, prog, samples, notes };
        direct = (await dataPhases(state)) && direct;
        if (rep === 0) r.bytesWritten += size + charSize;
        if (nFiles > 0) await filePhases(state);
      }
    } catch (err) {
      if ((err as Error).name === 'AbortError') throw err;
      throw new Error(ioErrorMessage(err, "running bonnie++'s phases"));
    }
    if (!direct) {
      t.warmCache(r);
    }
    for (const [m, unit] of metrics) {
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
    charSize: s.bonnieChar > 0 ? Math.max(1024, Math.floor(s.bonnieChar)) : 0,
    nFiles: s.bonnieFiles > 0 ? Math.max(1, Math.round(s.bonnieFiles)) * 1024 : 0,
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
