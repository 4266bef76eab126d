// bonnie++'s data phases (per-char and block output, rewrite, per-char and block input, seeks)
// and its file phases, one repetition each; bonnie.ts runs the repetitions and reports.
import { randomFillSync } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { BONNIE_METRICS } from '../../../../shared/bench/bonnie-metrics';
import { BONNIE_MIN_SECONDS, bonniePhaseRate, kibPerSec } from '../../methods/calc';
import { alignedBuffer, nowNs, openTestFile, secondsSince, writeFull } from '../../methods/io';
import type { TestContext } from '../../types';
import { fileOps } from './bonnie-files';
import { CHUNK, seekPass, SEEK_PROCS } from './bonnie-seeks';
import { timedLoop, timedLoopCapped } from './timed-loop';
import { passesSettled, PASS_SETTLE } from '../../methods/settle';
import { repProgress } from './common';
import { drainWrites } from '../drain';
import { removeTree } from '../../../core/safe-remove';

export type Metric = (typeof BONNIE_METRICS)[number][0];
/** A pass's count and seconds; `rated`: the seconds its fitted rate gives (bonnie-seeks.ts). */
type Pass = { count: number; seconds: number; rated?: number };
type Phase = (onProgress: (f: number) => void) => Promise<Pass>;
/** Progress for the next phase; `what` names it when it is not one of the data phases. */
type PhaseProgress = (what?: string) => (f: number) => void;

/** The sizes one bonnie++ run works with, from the profile's sizes. */
export interface BonnieShape {
  size: number;
  /** 0: no per-character phases (bonnie++ -f). */
  charSize: number;
  nFiles: number;
  cap: number;
  /** Whether a phase may end once its passes agree (quick's short phases: settles()). */
  settle: boolean;
}

/** What one repetition's phases record into, shared across repetitions. */
export interface BonnieRep {
  ctx: TestContext;
  shape: BonnieShape;
  random: () => number;
  prog: PhaseProgress;
  samples: Map<Metric, (number | null)[]>;
  notes: Map<Metric, string>;
}

/**
 * Re-runs a pass until bonnie's 0.5 s minimum is reached, so fast phases still get a number; with
 * `settle` (quick's short phases) until its passes agree from 0.2 s (PASS_SETTLE), if sooner.
 */
async function lengthened(pass: Phase, onProgress: (f: number) => void, settle: boolean) {
  const passes: Pass[] = [];
  let count = 0;
  let seconds = 0;
  let rated = 0;
  do {
    const r = await pass(onProgress);
    passes.push(r);
    count += r.count;
    seconds += r.seconds;
    rated += r.rated ?? r.seconds;
    if (settle && passesSettled(PASS_SETTLE, passes)) break;
  } while (seconds < BONNIE_MIN_SECONDS);
  // The rate from the fitted seconds where a pass has them; the minimum counts the clock's.
  return { count, seconds: rated };
}

/**
 * Progress for repetition `rep`: each call starts the next of the `phases` phases, which says
 * what it is doing (the row has no live figure until a phase ends).
 */
export function phaseProgress(
  ctx: TestContext,
  rep: number,
  phases: number,
  perChar = true,
): PhaseProgress {
  let k = 0;
  const names = [
    'per-character write',
    'block write',
    'rewrite',
    'per-character read',
    'block read',
    `random seeks (${SEEK_PROCS} seekers)`,
  ].filter((n) => perChar || !n.startsWith('per-character'));
  return (what?: string) => {
    const label = what ?? names[k] ?? '';
    const p = repProgress(ctx, ctx.repetitions * phases, rep * phases + k++);
    return (f: number) => p(f, undefined, `${label}, repetition ${rep + 1}/${ctx.repetitions}`);
  };
}

/** `n` chunk-sized steps bounded to `cap` seconds, counted in bytes. */
function chunkPass(n: () => number, step: (i: number) => void, ctx: TestContext, cap: number) {
  return async (p: (f: number) => void) => {
    const w = await timedLoopCapped(n(), step, ctx, p, cap);
    return { count: w.done * CHUNK, seconds: w.seconds };
  };
}

/** One per-character pass: one write() or read() syscall per byte, as bonnie++ 2.00. */
function perCharPass(path: string, write: boolean, one: Buffer, rep: BonnieRep): Phase {
  const { ctx } = rep;
  const { charSize } = rep.shape;
  return async (p) => {
    const fd = write ? openSync(path, 'w', 0o600) : openSync(path, 'r');
    try {
      const step = write ? () => writeSync(fd, one, 0, 1) : () => readSync(fd, one, 0, 1, null);
      const secs = await timedLoop(charSize, step, ctx, p);
      return { count: charSize, seconds: secs };
    } finally {
      closeSync(fd);
    }
  };
}

/** One pass of block output: `n` chunks from offset 0 bounded to `cap` seconds, then fsync. */
function blockWritePass(
  fd: number,
  chunk: Buffer,
  n: number,
  ctx: TestContext,
  cap: number,
  onWritten: (chunks: number) => void,
): Phase {
  return async (p) => {
    const w = await timedLoopCapped(n, (i) => writeFull(fd, chunk, CHUNK, i * CHUNK), ctx, p, cap);
    onWritten(w.done);
    const f0 = nowNs();
    fsyncSync(fd);
    return { count: w.done * CHUNK, seconds: w.seconds + secondsSince(f0) };
  };
}

/**
 * Phases 1-6 of one repetition; the files are removed after. Resolves to whether the block
 * file really bypassed the page cache (O_DIRECT).
 */
export async function dataPhases(rep: BonnieRep): Promise<boolean> {
  const { ctx, prog, samples } = rep;
  const { size, cap } = rep.shape;
  const bytesRate = (m: Metric, x: { count: number; seconds: number }) =>
    samples.get(m)!.push(kibPerSec(x.count, x.seconds));
  const charPath = join(ctx.workDir, 'bonnie-char');
  const dataPath = join(ctx.workDir, 'bonnie-data');
  const one = Buffer.alloc(1, 0x61);
  // Per-character phases time one syscall per byte, i.e. the CPU (bonnie++ -f skips them).
  const perChar = async (m: Metric, write: boolean) => {
    if (rep.shape.charSize > 0)
      bytesRate(
        m,
        await lengthened(perCharPass(charPath, write, one, rep), prog(), rep.shape.settle),
      );
  };
  // 1. per-char output.
  await perChar('seq_output_per_chr', true);
  // 2. block output.
  const chunk = alignedBuffer(CHUNK);
  randomFillSync(chunk);
  const n = size / CHUNK;
  let written = 0;
  const o = openTestFile(dataPath, 'rw', true);
  try {
    // What the drive owes for the last repetition's file phases is paid outside the clock, as
    // before every test that times writes (drain.ts): with no per-char phase before it, this
    // phase's first write waited 1.85 s for it on the HDD-like loop (4.5 KiB/s, not 1,200).
    await drainWrites(ctx.workDir);
    const blockWrite = blockWritePass(o.fd, chunk, n, ctx, cap, (done) => {
      // A time-bounded pass may stop short: later passes use the chunks that exist.
      written = Math.max(written, done);
    });
    bytesRate('seq_output_block', await lengthened(blockWrite, prog(), rep.shape.settle));
    // 3. rewrite: read a chunk, dirty it, seek back, write it.
    const rewrite = (i: number) => {
      readSync(o.fd, chunk, 0, CHUNK, i * CHUNK);
      chunk[0] = (chunk[0]! + 1) & 0xff;
      writeFull(o.fd, chunk, CHUNK, i * CHUNK);
    };
    bytesRate(
      'seq_output_rewrite',
      await lengthened(
        chunkPass(() => written, rewrite, ctx, cap),
        prog(),
        rep.shape.settle,
      ),
    );
    // 4. per-char input.
    await perChar('seq_input_per_chr', false);
    // 5. block input.
    const read = (i: number) => readSync(o.fd, chunk, 0, CHUNK, i * CHUNK);
    bytesRate(
      'seq_input_block',
      await lengthened(
        chunkPass(() => written, read, ctx, cap),
        prog(),
        rep.shape.settle,
      ),
    );
    // 6. random seeks.
    const seeks = await lengthened(
      () => seekPass(o.fd, written, rep.random, ctx.signal, cap),
      prog(),
      rep.shape.settle,
    );
    samples.get('random_seeks')!.push(seeks.count / seeks.seconds);
  } finally {
    closeSync(o.fd);
    rmSync(dataPath, { force: true });
    rmSync(charPath, { force: true });
  }
  return o.direct;
}

/** Phases 7-12: file create/stat/delete, sequential then random, each in a fresh folder. */
export async function filePhases(rep: BonnieRep): Promise<void> {
  const { ctx, prog, samples, notes } = rep;
  const { nFiles } = rep.shape;
  for (const order of ['seq', 'random'] as const) {
    const dir = join(ctx.workDir, `bonnie-files-${order}`);
    mkdirSync(dir);
    try {
      const t = await fileOps(dir, order, nFiles, rep.random, ctx, () =>
        prog(
          `${order === 'seq' ? 'sequential' : 'random'} create/stat/delete of ${nFiles / 1024}×1024 files`,
        ),
      );
      // Each file made and removed, both synced: the filesystem's writes for them are ours.
      ctx.ownEntries?.({ files: 2 * nFiles, folders: 1 });
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
