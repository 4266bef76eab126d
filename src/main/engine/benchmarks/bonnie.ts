// bonnie++ 2.00a method: per-char and block sequential output, rewrite, per-char and block input,
// random seeks (5 concurrent seekers, 8192 seeks, every 10th chunk rewritten) and N×1024 zero-byte
// file create/stat/delete, sequential then random.
import { randomFillSync } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { BONNIE_METRICS } from '../../../shared/bench/bonnie-metrics';
import { estimateBytes, estimateSeconds } from '../../../shared/bench/estimates';
import { BONNIE_MIN_SECONDS, bonniePhaseRate, kibPerSec, measurement } from '../calc';
import {
  alignedBuffer,
  ioErrorMessage,
  makeRandom,
  nowNs,
  openTestFile,
  secondsSince,
  writeFull,
} from '../io';
import type { TestModule } from '../types';
import { fileOps, fileOpsMode } from './bonnie-files';
import { CHUNK, seekPass, SEEK_PROCS, SEEKS } from './bonnie-seeks';
import { timedLoop, timedLoopCapped } from './timed-loop';
import { baseResult, fmtBytes, NOT_DIRECT_CAVEAT, repProgress, sizesOf } from './common';
import { removeTree } from '../../core/safe-remove';

type Metric = (typeof BONNIE_METRICS)[number][0];
type Phase = (onProgress: (f: number) => void) => Promise<{ count: number; seconds: number }>;

/** Re-runs a pass until bonnie's 0.5 s minimum is reached, so fast phases still get a number. */
async function lengthened(pass: Phase, onProgress: (f: number) => void) {
  let count = 0;
  let seconds = 0;
  do {
    const r = await pass(onProgress);
    count += r.count;
    seconds += r.seconds;
  } while (seconds < BONNIE_MIN_SECONDS);
  return { count, seconds };
}

export const bonnie: TestModule = {
  id: 'bonnie',
  title: 'bonnie++ method',
  kind: 'synthetic',
  tool: 'bonnie++',
  estimateSeconds: ({ repetitions, sizes, rates }) =>
    estimateSeconds('bonnie', repetitions, sizesOf({ sizes }), rates),
  bytesNeeded: ({ sizes }) => estimateBytes('bonnie', sizesOf({ sizes })),
  async run(ctx) {
    const s = sizesOf(ctx);
    const size = Math.max(CHUNK * 16, Math.floor(s.bonnie / CHUNK) * CHUNK);
    const charSize = Math.max(1024, Math.floor(s.bonnieChar));
    const nFiles = Math.max(1, Math.round(s.bonnieFiles)) * 1024;
    // Each block phase and the seeks stop after this long (a 150-IOPS disk would take minutes).
    const cap = Math.max(BONNIE_MIN_SECONDS, s.phaseSeconds);
    const r = baseResult(
      this,
      `bonnie++ -s ${fmtBytes(size)} -n ${nFiles / 1024}: 8 KiB chunks with O_DIRECT (instead of a 2×RAM file), per-char phases on ${fmtBytes(charSize)}, ${SEEK_PROCS} seekers × ${SEEKS} seeks, phases under 0.5 s repeated, each block phase and the seeks bounded to ${cap} s; ${fileOpsMode()}`,
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
        let k = 0;
        // Each phase says what it is doing: the row has no live figure until a phase ends.
        const names = [
          'per-character write',
          'block write',
          'rewrite',
          'per-character read',
          'block read',
          `random seeks (${SEEK_PROCS} seekers)`,
        ];
        const prog = (what?: string) => {
          const label = what ?? names[k] ?? '';
          const p = repProgress(ctx, ctx.repetitions * phases, rep * phases + k++);
          return (f: number) =>
            p(f, undefined, `${label}, repetition ${rep + 1}/${ctx.repetitions}`);
        };
        const bytesRate = (m: Metric, x: { count: number; seconds: number }) =>
          samples.get(m)!.push(kibPerSec(x.count, x.seconds));
        const charPath = join(ctx.workDir, 'bonnie-char');
        const dataPath = join(ctx.workDir, 'bonnie-data');
        const one = Buffer.alloc(1, 0x61);
        // 1. per-char output: one write() syscall per byte, as bonnie++ 2.00.
        bytesRate(
          'seq_output_per_chr',
          await lengthened(async (p) => {
            const fd = openSync(charPath, 'w', 0o600);
            try {
              const secs = await timedLoop(charSize, () => writeSync(fd, one, 0, 1), ctx, p);
              return { count: charSize, seconds: secs };
            } finally {
              closeSync(fd);
            }
          }, prog()),
        );
        // 2. block output.
        const chunk = alignedBuffer(CHUNK);
        randomFillSync(chunk);
        const n = size / CHUNK;
        let written = 0;
        const o = openTestFile(dataPath, 'rw', true);
        direct &&= o.direct;
        try {
          bytesRate(
            'seq_output_block',
            await lengthened(async (p) => {
              const w = await timedLoopCapped(
                n,
                (i) => writeFull(o.fd, chunk, CHUNK, i * CHUNK),
                ctx,
                p,
                cap,
              );
              // A time-bounded pass may stop short: later passes use the chunks that exist.
              written = Math.max(written, w.done);
              const f0 = nowNs();
              fsyncSync(o.fd);
              return { count: w.done * CHUNK, seconds: w.seconds + secondsSince(f0) };
            }, prog()),
          );
          // 3. rewrite: read a chunk, dirty it, seek back, write it.
          bytesRate(
            'seq_output_rewrite',
            await lengthened(async (p) => {
              const w = await timedLoopCapped(
                written,
                (i) => {
                  readSync(o.fd, chunk, 0, CHUNK, i * CHUNK);
                  chunk[0] = (chunk[0]! + 1) & 0xff;
                  writeFull(o.fd, chunk, CHUNK, i * CHUNK);
                },
                ctx,
                p,
                cap,
              );
              return { count: w.done * CHUNK, seconds: w.seconds };
            }, prog()),
          );
          // 4. per-char input.
          bytesRate(
            'seq_input_per_chr',
            await lengthened(async (p) => {
              const fd = openSync(charPath, 'r');
              try {
                const secs = await timedLoop(charSize, () => readSync(fd, one, 0, 1, null), ctx, p);
                return { count: charSize, seconds: secs };
              } finally {
                closeSync(fd);
              }
            }, prog()),
          );
          // 5. block input.
          bytesRate(
            'seq_input_block',
            await lengthened(async (p) => {
              const w = await timedLoopCapped(
                written,
                (i) => readSync(o.fd, chunk, 0, CHUNK, i * CHUNK),
                ctx,
                p,
                cap,
              );
              return { count: w.done * CHUNK, seconds: w.seconds };
            }, prog()),
          );
          // 6. random seeks.
          const seeks = await lengthened(
            () => seekPass(o.fd, written, random, ctx.signal, cap),
            prog(),
          );
          samples.get('random_seeks')!.push(seeks.count / seeks.seconds);
        } finally {
          closeSync(o.fd);
          rmSync(dataPath, { force: true });
          rmSync(charPath, { force: true });
        }
        if (rep === 0) r.bytesWritten += size + charSize;
        // 7-12. file create/stat/delete.
        for (const order of ['seq', 'random'] as const) {
          const dir = join(ctx.workDir, `bonnie-files-${order}`);
          mkdirSync(dir);
          try {
            const t = await fileOps(dir, order, nFiles, random, ctx, () =>
              prog(
                `${order === 'seq' ? 'sequential' : 'random'} create/stat/delete of ${nFiles / 1024}×1024 files`,
              ),
            );
            for (const [phase, secs] of Object.entries(t)) {
              const m = `${order}_${phase}` as Metric;
              const v = bonniePhaseRate(nFiles, secs);
              samples.get(m)!.push(v.value);
              if (v.note) notes.set(m, v.note);
            }
          } finally {
            removeTree(dir, { within: ctx.workDir });
          }
        }
      }
    } catch (err) {
      if ((err as Error).name === 'AbortError') throw err;
      throw new Error(ioErrorMessage(err, "running bonnie++'s phases"));
    }
    if (!direct) {
      r.cache = 'warm';
      r.caveats.push(NOT_DIRECT_CAVEAT);
    }
    for (const [m, unit] of BONNIE_METRICS) {
      const { xs, note } = untimedReps(samples.get(m)!, notes.get(m));
      r.measurements.push(measurement(m, unit, 'higher', xs, note ? { note } : {}));
    }
    return r;
  },
};

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
