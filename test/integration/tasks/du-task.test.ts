import { execFileSync } from 'node:child_process';
import { linkSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { WARM_CAVEAT } from '../../../src/main/tasks/common';
import { duTask } from '../../../src/main/tasks/du-task';
import { duWalk } from '../../../src/main/tasks/du-walk';
import { workloadOf } from '../../../src/shared/bench/workload';
import { testResult } from '../../../src/shared/schemas/run';
import { makeContext } from './context';

const tree = mkdtempSync(join(tmpdir(), 'dw-du-'));
for (let d = 0; d < 30; d++) {
  mkdirSync(join(tree, `d${d}`, 'sub'), { recursive: true });
  for (let f = 0; f < 40; f++)
    writeFileSync(join(tree, `d${d}`, 'sub', `f${f}`), 'x'.repeat(f * 300));
}
linkSync(join(tree, 'd0/sub/f39'), join(tree, 'hardlink'));
afterAll(() => rm(tree, { recursive: true, force: true }));

describe('du task', () => {
  it('counts like du -skx (hard links once)', async () => {
    const sys = Number(execFileSync('du', ['-skx', tree], { encoding: 'utf8' }).split('\t')[0]);
    const got = await duWalk(tree, { signal: new AbortController().signal, batch: 100 });
    expect(got.kib).toBe(sys);
    expect(got.entries).toBe(1 + 30 * 2 + 30 * 40 + 1);
    expect(got.errors).toBe(0);
  });

  // A small generated workload keeps these tests quick; the manifest records its size.
  const small = { 'task.workloadFiles': 1000 };

  it('times the generated workload with entries/s, CPU and a warm caveat without the helper', async () => {
    const { ctx, fractions } = makeContext({
      options: { duRoot: tree },
      repetitions: 2,
      sizes: small,
    });
    const r = testResult.parse(await duTask.run(ctx));
    expect(r.status).toBe('ok');
    expect(r.cache).toBe('warm');
    expect(r.caveats).toContain(WARM_CAVEAT);
    const wall = r.measurements[0]!;
    expect(wall.params).toEqual({ tree: 'generated' });
    expect(wall.samples).toHaveLength(2);
    expect(r.measurements.find((m) => m.metric === 'entries_per_second')!.median).toBeGreaterThan(
      0,
    );
    const w = workloadOf(r, 'generated')!;
    expect(w.files).toBe(1000);
    expect(w.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(r.extra?.['entries']).toBe(w.files + w.dirs! + 1);
    // The own tree has fewer than 20,000 entries: no row, and the result says why.
    expect(r.measurements.some((m) => m.params?.['tree'] === 'own')).toBe(false);
    expect(r.caveats.join('\n')).toMatch(/fewer than 20,000: only the generated workload/);
    expect(r.cpuSeconds).toHaveLength(2);
    expect(fractions.at(-1)).toBe(1);
    expect(fractions.every((f, i) => i === 0 || f >= fractions[i - 1]! - 1e-9)).toBe(true);
  });

  it('removes the workload after its walks when no later test uses it, else keeps it', async () => {
    const later = (laterTests: string[]) =>
      makeContext({ options: { duRoot: tree }, sizes: small, laterTests });
    const last = later(['task.unpack']);
    const owned: number[] = [];
    last.ctx.ownEntries = (e) => void owned.push(e.files + e.folders);
    expect((await duTask.run(last.ctx)).status).toBe('ok');
    expect(readdirSync(last.ctx.workDir)).toEqual([]);
    expect(last.messages).toContain('removing the test workload');
    // What it removed and synced is the task's own filesystem traffic, not another process's.
    const w = 1000 + 1;
    expect(owned.length).toBe(1);
    expect(owned[0]).toBeGreaterThan(w);
    const kept = later(['task.app-start', 'task.unpack']);
    expect((await duTask.run(kept.ctx)).status).toBe('ok');
    expect(readdirSync(kept.ctx.workDir)).toEqual(['workload']);
  });

  it('walks the person’s own tree as its own row when it holds 20,000 entries', async () => {
    const own = '/usr/share';
    const { ctx } = makeContext({ options: { duRoot: own }, sizes: small });
    const r = await duTask.run(ctx);
    const row = r.measurements.find(
      (m) => m.metric === 'wall_time' && m.params?.['tree'] === 'own',
    );
    const n = (await duWalk(own, { signal: new AbortController().signal, maxEntries: 20_000 }))
      .entries;
    if (n < 20_000) return void expect(row).toBeUndefined();
    expect(row!.label).toMatch(
      /^your files in \/usr\/share: the first 20,000 entries by name, of [\d,]+ on that drive \(\d+ %\)$/,
    );
    // Stopped at its count: named by the entries it walked (paths relative to the folder, in name
    // order), not by bytes, and the same entries the next time.
    const m = workloadOf(r, 'own')!;
    expect(m).toMatchObject({ kind: 'own', name: own, files: 20_000 });
    expect(m.bytes).toBeUndefined();
    const again = await duWalk(own, {
      signal: new AbortController().signal,
      maxEntries: 20_000,
      ordered: true,
    });
    expect(again.digest).toBe(m.digest);
  });

  it('an ordered walk is the same on a copy elsewhere, and leaves Drivewise’s folders out', async () => {
    const copy = mkdtempSync(join(tmpdir(), 'dw-du-copy-'));
    try {
      execFileSync('cp', ['-a', `${tree}/.`, copy]);
      mkdirSync(join(copy, '.drivewise-2026-other-run', 'w'), { recursive: true });
      const walk = (root: string, maxEntries?: number) =>
        duWalk(root, {
          signal: new AbortController().signal,
          ordered: true,
          ...(maxEntries ? { maxEntries } : {}),
        });
      const [a, b] = [await walk(tree), await walk(copy)];
      expect(b.entries).toBe(a.entries);
      expect(b.digest).toBe(a.digest);
      // Bounded by count: the first 500 by name on both, whatever order readdir gives.
      expect((await walk(copy, 500)).digest).toBe((await walk(tree, 500)).digest);
      expect((await walk(copy, 500)).digest).not.toBe(a.digest);
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  });

  it('drops caches through the helper when it has one, then runs cold', async () => {
    let drops = 0;
    const privileged = { dropCaches: async () => void drops++, rawRead: async () => ({}) };
    const { ctx } = makeContext({
      options: { duRoot: tree, systemDu: true },
      repetitions: 2,
      privileged,
      sizes: small,
    });
    const r = await duTask.run(ctx);
    // Twice before the first walk of the fresh workload, once before each other walk (the
    // second, and the own tree's two).
    expect(drops).toBe(5);
    expect(r.cache).toBe('cold');
    expect(r.method).toMatch(/system du -skx/);
  });

  it('rejects a bad root in one line and stops when cancelled', async () => {
    await expect(
      duTask.run(makeContext({ options: { duRoot: 'etc' }, sizes: small }).ctx),
    ).rejects.toThrow(/du root must be/);
    const rec = makeContext({ options: { duRoot: tree }, sizes: small });
    rec.abort.abort();
    await expect(duTask.run(rec.ctx)).rejects.toThrow(/abort/i);
  });
});
