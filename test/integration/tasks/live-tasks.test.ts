import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { backupTask } from '../../../src/main/tasks/backup-task';
import { bootTask } from '../../../src/main/tasks/boot-task';
import { hibernateTask } from '../../../src/main/tasks/hibernate-task';
import { testResult } from '../../../src/shared/schemas/run';
import { makeContext, processesIn } from './context';

const MiB = 1 << 20;

describe('backup sluggishness', () => {
  it('measures small-I/O latency idle vs under a copy load and cleans up', async () => {
    const { ctx, fractions } = makeContext({
      sizes: { backup: 64 * MiB, backupProbe: 8 * MiB, backupFiles: 200, backupOps: 150 },
    });
    const r = testResult.parse(await backupTask.run(ctx));
    expect(r.status).toBe('ok');
    const get = (metric: string, phase?: string) =>
      r.measurements.find(
        (m) => m.metric === metric && (phase ? m.params?.['phase'] === phase : true),
      )!;
    expect(get('wall_time').samples[0]).toBeGreaterThan(0);
    expect(get('wall_time', 'idle').samples[0]).toBeGreaterThan(0);
    for (const phase of ['idle', 'load'])
      for (const m of ['read_p50_ms', 'read_p99_ms', 'open_stat_p50_ms', 'open_stat_p99_ms'])
        expect(get(m, phase).median).toBeGreaterThan(0);
    expect(get('read_p99_ms', 'load').median!).toBeGreaterThanOrEqual(
      get('read_p50_ms', 'load').median!,
    );
    expect(get('slowdown_factor').median).toBeGreaterThan(0);
    // The idle probe is work like any task's, replayed at a new drive; the probe beside the copy
    // is not (its counters hold the copy's requests), and its record says why.
    const idle = r.work!.find((w) => w.params?.['phase'] === 'idle')!;
    const loaded = r.work!.find((w) => !w.params)!;
    expect(idle.cold).toHaveLength(ctx.repetitions);
    expect(idle.warm).toHaveLength(ctx.repetitions);
    expect(idle.notReplayed).toBeUndefined();
    expect(idle.coldCheck?.how).toBe(r.cache === 'cold' ? 'drop-caches' : 'none');
    expect(loaded.cold).toHaveLength(ctx.repetitions);
    expect(loaded.notReplayed).toMatch(/behind a copy/);
    expect(fractions.at(-1)).toBeLessThanOrEqual(1);
    expect(readdirSync(ctx.workDir)).toEqual([]);
    // The copy's dd may sit in fdatasync after the kill: the task waits for its whole group.
    expect(processesIn(ctx.workDir)).toEqual([]);
  });

  it('cancel stops the load and removes its files', async () => {
    const rec = makeContext({
      sizes: { backup: 64 * MiB, backupProbe: 8 * MiB, backupFiles: 50, backupOps: 3000 },
    });
    rec.ctx.progress = (_f, _l, m) => {
      if (m === 'during the backup') rec.abort.abort();
    };
    await expect(backupTask.run(rec.ctx)).rejects.toThrow(/abort/i);
    expect(readdirSync(rec.ctx.workDir)).toEqual([]);
    expect(processesIn(rec.ctx.workDir)).toEqual([]);
  });
});

describe('on this machine (no systemd, no journal)', () => {
  it('boot is not available, with the reason', async () => {
    const r = await bootTask.run(makeContext().ctx);
    expect(testResult.parse(r).status).toBe('skipped');
    expect(r.error).toMatch(/^not available: /);
  });
  it('hibernate is not available, with the reason', async () => {
    const r = await hibernateTask.run(makeContext().ctx);
    expect(testResult.parse(r).status).toBe('skipped');
    expect(r.error).toMatch(/^not available: /);
  });
});
