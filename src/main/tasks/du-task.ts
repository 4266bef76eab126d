// Task 1 — disk search: how long a `du -skx` over a big tree takes, cold.
import { lstatSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname } from 'node:path';
import { UserError } from '../core/errors';
import type { TestContext, TestModule } from '../engine/types';
import {
  addCaveat,
  cpuSince,
  measure,
  prepareCache,
  repFraction,
  taskResult,
  timeProgress,
  type TaskSample,
} from './common';
import { duWalk, parseDuOutput, usedInodes } from './du-walk';
import { runTimed } from './timed-exec';

/** The root of the filesystem holding dir: the top of the drive under test's tree. */
export function mountRoot(dir: string): string {
  let cur = dir;
  const dev = lstatSync(dir).dev;
  for (;;) {
    const up = dirname(cur);
    if (up === cur) return cur;
    try {
      if (lstatSync(up).dev !== dev) return cur;
    } catch {
      return cur;
    }
    cur = up;
  }
}

export function duRoot(ctx: Pick<TestContext, 'options'> & { targetDir?: string }): string {
  const r = ctx.options['duRoot'];
  // Default: the drive under test (its filesystem's whole tree, bounded by entries and time).
  if (r === undefined && ctx.targetDir) return mountRoot(ctx.targetDir);
  if (r === undefined || r === 'usr') return '/usr';
  if (r === 'root' || r === '/') return '/';
  if (r === 'home') return process.env['HOME'] || homedir();
  if (typeof r === 'string' && r.startsWith('/')) return r;
  throw new UserError(
    `du root must be 'usr', 'root', 'home' or an absolute path, got ${String(r)}`,
  );
}

/** At least 20,000 entries (or the whole tree when smaller), as issue 15 asks. */
const duEntries = (sizes: Record<string, number>): number =>
  Math.max(20_000, sizes['task.duEntries'] ?? 20_000);
const duSeconds = (sizes: Record<string, number>): number =>
  sizes['task.duSeconds'] ?? 5 * (sizes['phaseSeconds'] ?? 2);

export const duTask: TestModule = {
  id: 'task.du',
  title: 'Disk search (du)',
  kind: 'task',
  tool: 'du',
  // Bounded: at most duEntries entries (≥ 20,000) or duSeconds per repetition (cold, a HDD
  // lists a few thousand entries a second; a fresh filesystem is done in a blink).
  estimateSeconds: ({ repetitions, sizes }) => repetitions * Math.min(duSeconds(sizes), 1),
  bytesNeeded: () => 0,
  async run(ctx) {
    const startedAt = Date.now();
    const root = duRoot(ctx);
    const systemDu = ctx.options['systemDu'] === true;
    const caveats: string[] = [];
    let total = usedInodes(root);
    const samples: TaskSample[] = [];
    const rates: number[] = [];
    let kib = 0;
    let entries = 0;
    let cache: 'cold' | 'warm' = 'cold';
    for (let i = 0; i < ctx.repetitions; i++) {
      ctx.signal.throwIfAborted();
      if ((await prepareCache(ctx, caveats)) === 'warm') cache = 'warm';
      if (systemDu) {
        ctx.progress(repFraction(i, ctx.repetitions, 0), undefined, `du -skx ${root}`);
        // ~5000 entries/s cold on a HDD for the first estimate, then the previous repetition.
        const expected = samples.at(-1)?.wall ?? (total ?? 300_000) / 5000;
        const stop = timeProgress(expected, (f) =>
          ctx.progress(repFraction(i, ctx.repetitions, f), undefined, `du -skx ${root}`),
        );
        const r = await runTimed('du -skx "$1"', [root], { signal: ctx.signal }).finally(stop);
        ctx.signal.throwIfAborted();
        const k = parseDuOutput(r.stdout);
        if (k === null) throw new UserError(`du failed: ${r.stderr.trim().split('\n')[0] ?? ''}`);
        if (r.code !== 0) caveats.push(`du reported errors: ${r.stderr.trim().split('\n')[0]}`);
        kib = k;
        samples.push({ wall: r.wall, cpu: r.cpu ?? 0 });
        continue;
      }
      const cpu0 = process.cpuUsage();
      const t0 = process.hrtime.bigint();
      const res = await duWalk(root, {
        signal: ctx.signal,
        maxEntries: duEntries(ctx.sizes),
        maxSeconds: duSeconds(ctx.sizes),
        onEntries: (n) => {
          const secs = Number(process.hrtime.bigint() - t0) / 1e9;
          ctx.progress(
            repFraction(i, ctx.repetitions, total ? n / total : 0),
            { value: secs > 0 ? Math.round(n / secs) : 0, unit: 'entries/s' },
            `${n} entries`,
          );
        },
      });
      const wall = Number(process.hrtime.bigint() - t0) / 1e9;
      samples.push({ wall, cpu: cpuSince(cpu0) });
      rates.push(res.entries / wall);
      kib = res.kib;
      entries = res.entries;
      // The filesystem's used inodes overstate a sub-tree; later repetitions know the real count.
      total = res.entries;
      if (res.stopped)
        addCaveat(
          caveats,
          `searched the first ${res.entries} entries of ${root} (bounded to ${duEntries(ctx.sizes)} entries or ${duSeconds(ctx.sizes)} s)`,
        );
      if (res.errors > 0)
        caveats.push(`${res.errors} entries could not be read (first: ${res.firstError})`);
    }
    ctx.progress(1);
    const more = systemDu ? [] : [measure('entries_per_second', 'files/s', 'higher', rates)];
    return taskResult(duTask, {
      method: systemDu
        ? `system du -skx ${root}; CPU = du's user+sys (getrusage of children)`
        : `traversal equivalent to du -skx ${root} (lstat of every entry, one filesystem); CPU = this process's user+sys`,
      samples,
      cache,
      caveats: [...new Set(caveats)],
      more,
      startedAt,
      extra: { root, kib, ...(systemDu ? {} : { entries }) },
    });
  },
};
