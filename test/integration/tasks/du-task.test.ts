import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync, linkSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { WARM_CAVEAT } from '../../../src/main/tasks/common';
import { duTask } from '../../../src/main/tasks/du-task';
import { duWalk } from '../../../src/main/tasks/du-walk';
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

  it('times the traversal with entries/s, CPU and a warm caveat without the helper', async () => {
    const { ctx, fractions } = makeContext({ options: { duRoot: tree }, repetitions: 2 });
    const r = testResult.parse(await duTask.run(ctx));
    expect(r.status).toBe('ok');
    expect(r.cache).toBe('warm');
    expect(r.caveats).toContain(WARM_CAVEAT);
    expect(r.measurements[0]!.samples).toHaveLength(2);
    expect(r.measurements.find((m) => m.metric === 'entries_per_second')!.median).toBeGreaterThan(
      0,
    );
    expect(r.cpuSeconds).toHaveLength(2);
    expect(r.ioWaitShare).toBeGreaterThanOrEqual(0);
    expect(fractions.at(-1)).toBe(1);
    expect(fractions.every((f, i) => i === 0 || f >= fractions[i - 1]! - 1e-9)).toBe(true);
  });

  it('drops caches through the helper when it has one, then runs cold', async () => {
    let drops = 0;
    const privileged = { dropCaches: async () => void drops++, rawRead: async () => ({}) };
    const { ctx } = makeContext({
      options: { duRoot: tree, systemDu: true },
      repetitions: 2,
      privileged,
    });
    const r = await duTask.run(ctx);
    expect(drops).toBe(2);
    expect(r.cache).toBe('cold');
    expect(r.method).toMatch(/system du -skx/);
    expect(r.extra?.['kib']).toBe(
      Number(execFileSync('du', ['-skx', tree], { encoding: 'utf8' }).split('\t')[0]),
    );
  });

  it('rejects a bad root in one line and stops when cancelled', async () => {
    await expect(duTask.run(makeContext({ options: { duRoot: 'etc' } }).ctx)).rejects.toThrow(
      /du root must be/,
    );
    const rec = makeContext({ options: { duRoot: tree } });
    rec.abort.abort();
    await expect(duTask.run(rec.ctx)).rejects.toThrow(/abort/i);
  });
});
