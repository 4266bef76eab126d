// Task 6 — sluggishness during a backup: the same small reads and open/stat calls, first with
// the disk idle, then while a backup-like sequential copy (read a big file, write a copy,
// fdatasync, like rsync of a large file) runs in the background. The slowdown is what a person feels.
import type { ChildProcess } from 'node:child_process';
import { randomFillSync } from 'node:crypto';
import { mkdir, open, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { dropSeconds, type DriveRates } from '../../shared/bench/estimates';
import { percentile } from '../../shared/stats';
import type { TestContext, TestModule } from '../engine/types';
import {
  addCaveat,
  measure,
  prepareCache,
  repFraction,
  taskResult,
  taskSize,
  type TaskSample,
} from './common';
import { runProbe, type ProbeOutcome } from './latency-probe';
import { removeTree } from '../core/safe-remove';
import { startCopyLoad, stopLoad } from './copy-load';
import { counted, WorkLog } from './cold-warm';

// The row timed with the disk idle: its work, small direct reads and opens, is replayed at the new
// drive like any task's.
const IDLE = { phase: 'idle' };

// Why the row timed during the copy is not predicted from this machine: its device counters hold
// the copy's requests too, and what it waits for is how the drive orders its reads among the
// copy's. bench:predict measured that wait carried over in the old drive's request times and
// missed all three pairs (-91 %, +131 %, +16 %, every one outside its range): a blkio throttle
// keeps reads and writes in separate budgets, a loop device without one queues them together.
const NOT_REPLAYED =
  'its time is small reads waiting behind a copy, which depends on how the drive orders the two: no figure of the new drive measures that';

const MiB = 1 << 20;

/** The sizes it works with unless a run overrides them (`task.backup=…`). */
const BACKUP_DEFAULTS = {
  backup: 512 * MiB,
  backupProbe: 256 * MiB,
  backupFiles: 2000,
  backupOps: 1000,
};
type BackupSize = keyof typeof BACKUP_DEFAULTS;
const sizeOf = (sizes: Record<string, number>, k: BackupSize): number =>
  taskSize(sizes, k, BACKUP_DEFAULTS[k]);

async function writeDataFile(path: string, bytes: number, signal: AbortSignal): Promise<void> {
  const fh = await open(path, 'wx');
  try {
    const chunk = Buffer.allocUnsafe(Math.min(bytes, 4 * MiB) || 4096);
    randomFillSync(chunk);
    for (let off = 0; off < bytes; off += chunk.length) {
      signal.throwIfAborted();
      chunk.writeUInt32LE(off / chunk.length, 0); // no two chunks alike (deduplicating SSDs)
      await fh.write(chunk, 0, Math.min(chunk.length, bytes - off), off);
    }
    await fh.sync();
  } finally {
    await fh.close();
  }
}

const ms = (us: number | null): number | null =>
  us === null ? null : Number((us / 1000).toFixed(4));

/** The small files open+stat touches, 20 to a directory. */
async function writeSmallFiles(dir: string, count: number): Promise<string[]> {
  const smallFiles: string[] = [];
  const small = Buffer.alloc(4096, 0x61);
  for (let i = 0; i < count; i++) {
    const sub = join(dir, 'small', String(i % 20));
    if (i < 20) await mkdir(sub, { recursive: true });
    const f = join(sub, `f${i}.txt`);
    await writeFile(f, small);
    smallFiles.push(f);
  }
  return smallFiles;
}

interface Rounds {
  samples: TaskSample[];
  idle: ProbeOutcome[];
  loaded: ProbeOutcome[];
  cache: 'cold' | 'warm';
  /** The probes with their counters: the idle disk's, and during the copy. */
  work: WorkLog;
}

/**
 * Each repetition probes the idle disk, then again under the copy load. The running copy is kept in
 * `running` so the caller's finally stops it even when a probe throws or is cancelled.
 */
async function probeRounds(
  ctx: TestContext,
  files: { src: string; probeFile: string; copy: string; smallFiles: string[] },
  size: (k: BackupSize) => number,
  caveats: string[],
  running: { load: ChildProcess | null },
): Promise<Rounds> {
  const n = ctx.repetitions;
  const out: Rounds = { samples: [], idle: [], loaded: [], cache: 'cold', work: new WorkLog() };
  const maxSeconds = 30;
  for (let i = 0; i < n; i++) {
    const job = {
      file: files.probeFile,
      fileSize: size('backupProbe'),
      smallFiles: files.smallFiles,
      ops: size('backupOps'),
      maxSeconds,
    };
    const before = await prepareCache(ctx, caveats);
    if (before === 'warm') out.cache = 'warm';
    const probe = (seed: number, from: number, span: number, what: string) =>
      counted(ctx.workDir, async () => {
        const onProgress = (f: number) =>
          ctx.progress(repFraction(i, n, from + f * span), undefined, what);
        const r = await runProbe({ ...job, seed }, { signal: ctx.signal, onProgress });
        // Its reads are its waits on the drive; the opens between them, its own work.
        const waits = r.readUs.reduce((a, us) => a + us, 0) / 1e6;
        return { ...r, wall: r.seconds, waits };
      });
    const a = await probe(7 + i, 0, 0.25, 'idle disk');
    out.idle.push(a);
    // Its reads are direct I/O, cold whatever the cache; its opens are cold when it was dropped.
    out.work.cold(IDLE, a, { how: before === 'warm' ? 'none' : 'drop-caches' });
    ctx.signal.throwIfAborted();
    // Again at once, the same reads and files: its opens now warm, its reads still the drive's.
    // What the replay keeps of it (its CPU, which a synchronous probe never hides) is the floor
    // its prediction needs: without it an unthrottled drive's range began at 0 s.
    out.work.warm(IDLE, await probe(7 + i, 0.25, 0.25, 'idle disk, again'));
    if ((await prepareCache(ctx, caveats)) === 'warm') out.cache = 'warm';
    running.load = startCopyLoad(files.src, files.copy);
    // Let the copy reach its stride (read-ahead and write-back under way) before probing.
    await new Promise((r) => setTimeout(r, 1000));
    ctx.signal.throwIfAborted();
    const b = await probe(1007 + i, 0.5, 0.5, 'during the backup');
    const cpu = b.cpu;
    out.work.cold(undefined, b);
    await stopLoad(running.load);
    running.load = null;
    out.loaded.push(b);
    out.samples.push({ wall: b.seconds, cpu });
    if (!a.direct || !b.direct)
      addCaveat(
        caveats,
        'O_DIRECT not supported here: small reads may have come from the page cache',
      );
    if (b.readUs.length < job.ops)
      addCaveat(
        caveats,
        `the disk was so slow under load that the probe stopped after ${maxSeconds} s`,
      );
  }
  return out;
}

/** Slowdown, idle batch time, then read and open+stat percentiles for each phase. */
function probeMeasures(idle: ProbeOutcome[], loaded: ProbeOutcome[]) {
  // Per-operation average, so a probe cut short by the time limit still compares fairly.
  const perOp = (o: ProbeOutcome): number => o.seconds / Math.max(1, o.readUs.length);
  const slowdown = loaded.map((b, i) => Number((perOp(b) / perOp(idle[i]!)).toFixed(3)));
  const pct = (list: ProbeOutcome[], k: 'readUs' | 'openUs', p: number): (number | null)[] =>
    list.map((o) => ms(percentile(o[k], p)));
  const more = (['idle', 'load'] as const).flatMap((phase) => {
    const list = phase === 'idle' ? idle : loaded;
    const params = { phase };
    const when = phase === 'idle' ? 'disk idle' : 'during the backup';
    return [
      measure('read_p50_ms', 'ms', 'lower', pct(list, 'readUs', 50), {
        label: `4 KiB random read, median, ${when}`,
        params,
      }),
      measure('read_p99_ms', 'ms', 'lower', pct(list, 'readUs', 99), {
        label: `4 KiB random read, 99th percentile, ${when}`,
        params,
      }),
      measure('open_stat_p50_ms', 'ms', 'lower', pct(list, 'openUs', 50), {
        label: `open+stat, median, ${when}`,
        params,
      }),
      measure('open_stat_p99_ms', 'ms', 'lower', pct(list, 'openUs', 99), {
        label: `open+stat, 99th percentile, ${when}`,
        params,
      }),
    ];
  });
  return [
    measure('slowdown_factor', '×', 'lower', slowdown, {
      label: 'how much slower small I/O gets during a backup',
    }),
    measure(
      'wall_time',
      's',
      'lower',
      idle.map((o) => Number(o.seconds.toFixed(6))),
      { label: 'probe batch, disk idle', params: IDLE },
    ),
    ...more,
  ];
}

/**
 * On a probed drive: writing the copy's source, the probe file (sequential) and 2,000 small files;
 * then each time two cache drops, 1 s for the copy to get going, 1,000 small random reads (a file
 * open each) idle, twice (cold, then warm), and the same during the copy, which takes about half
 * of a seeking drive's requests (each probe bounded at 30 s). The fixed 25 s a time said 85 s
 * where fast drives took 10.6–12.1 s.
 */
function probedSeconds(reps: number, sizes: Record<string, number>, r: DriveRates): number {
  const size = (k: BackupSize): number => sizeOf(sizes, k);
  const bytes = size('backup') + size('backupProbe');
  const ops = size('backupOps');
  const read = ops / Math.max(1, r.iops) + ops * 3e-5 * r.cpu;
  const each = 2 * dropSeconds(r) + 1 + 2 * Math.min(30, read) + Math.min(30, 2 * read + 0.5);
  return 0.5 + bytes / r.seqBps + size('backupFiles') * 1e-4 * r.cpu + reps * each;
}

export const backupTask: TestModule = {
  id: 'task.backup-load',
  title: 'Sluggishness during a backup',
  kind: 'task',
  tool: 'rsync-like copy',
  description:
    'Times small reads and file opens while a backup-like copy runs, against the same with the disk idle.',
  estimateSeconds: ({ repetitions, sizes, rates }) =>
    rates
      ? probedSeconds(repetitions, sizes, rates)
      : (sizeOf(sizes, 'backup') + sizeOf(sizes, 'backupProbe')) / 80e6 + repetitions * 25,
  bytesNeeded: ({ sizes }) =>
    2 * sizeOf(sizes, 'backup') +
    sizeOf(sizes, 'backupProbe') +
    sizeOf(sizes, 'backupFiles') * 8192,
  async run(ctx: TestContext) {
    const startedAt = Date.now();
    const caveats: string[] = [];
    const size = (k: BackupSize): number => sizeOf(ctx.sizes, k);
    const dir = join(ctx.workDir, 'backup-load');
    const running: { load: ChildProcess | null } = { load: null };
    try {
      await mkdir(dir, { recursive: true });
      ctx.progress(0, undefined, 'preparing files');
      const src = join(dir, 'backup-source.bin');
      const probeFile = join(dir, 'probe.bin');
      await writeDataFile(src, size('backup'), ctx.signal);
      await writeDataFile(probeFile, size('backupProbe'), ctx.signal);
      const smallFiles = await writeSmallFiles(dir, size('backupFiles'));
      const copy = join(dir, 'backup-copy.bin');
      const { samples, idle, loaded, cache, work } = await probeRounds(
        ctx,
        { src, probeFile, copy, smallFiles },
        size,
        caveats,
        running,
      );
      return taskResult(backupTask, {
        method: `${size('backupOps')} × (4 KiB O_DIRECT random read + open/fstat/close of a small file), idle vs during a sequential copy (dd bs=1M conv=fdatasync, source cache dropped each round)`,
        samples,
        cache,
        caveats,
        wallLabel: 'probe batch during the backup',
        more: probeMeasures(idle, loaded),
        startedAt,
        work: work.list().map((w) => (w.params ? w : { ...w, notReplayed: NOT_REPLAYED })),
        bytesWritten: 2 * size('backup') + size('backupProbe'),
        extra: { smallFiles: smallFiles.length },
      });
    } finally {
      if (running.load) await stopLoad(running.load);
      removeTree(dir, { within: ctx.workDir });
    }
  },
};
