import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { appStartTask, resolveApp } from '../../../src/main/tasks/app-start-task';
import { backupTask } from '../../../src/main/tasks/backup-task';
import { bootTask } from '../../../src/main/tasks/boot-task';
import { hibernateTask } from '../../../src/main/tasks/hibernate-task';
import { workloadOf } from '../../../src/shared/bench/workload';
import { testResult } from '../../../src/shared/schemas/run';
import { makeContext } from './context';

const MiB = 1 << 20;

/** Processes whose command line names `dir` (the copy load's sh and dd), other than this one. */
function processesIn(dir: string): string[] {
  const out: string[] = [];
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    if (Number(pid) === process.pid) continue;
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (cmd.includes(dir)) out.push(`${pid}: ${cmd}`);
    } catch {
      /* exited meanwhile */
    }
  }
  return out;
}

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

describe('application cold start', () => {
  const small = { 'task.workloadFiles': 1000 };
  it('reads node and its libraries, per app and in total, and the application-like start', async () => {
    const { ctx } = makeContext({
      options: { apps: ['node', 'not-an-app-xyz'] },
      repetitions: 2,
      sizes: small,
    });
    const r = testResult.parse(await appStartTask.run(ctx));
    expect(r.status).toBe('ok');
    expect(r.measurements[0]!.samples).toHaveLength(2);
    expect(r.measurements.find((m) => m.params?.['app'] === 'node')).toBeTruthy();
    const like = r.measurements.find((m) => m.params?.['workload'] === 'generated')!;
    expect(like.samples).toHaveLength(2);
    expect(workloadOf(r, 'generated')?.files).toBe(1000);
    expect(r.caveats).toContain('not installed: not-an-app-xyz');
    const apps = r.extra?.['apps'] as { files: number; bytes: number }[];
    expect(apps[0]!.files).toBeGreaterThan(3);
    expect(apps[0]!.bytes).toBeGreaterThan(10 * MiB);
  });
  it('without the default apps, times the application-like start on the workload', async (t) => {
    if (resolveApp('firefox') || resolveApp('libreoffice')) return t.skip();
    const r = testResult.parse(await appStartTask.run(makeContext({ sizes: small }).ctx));
    expect(r.status).toBe('ok');
    expect(r.measurements).toHaveLength(1);
    expect(r.measurements[0]!.params).toEqual({ workload: 'generated' });
    expect(r.measurements[0]!.label).toMatch(/^application-like start: 240 files, \d+ MB/);
    expect(r.method).toMatch(/application part/);
    // Without admin rights the files were made cold with fadvise (fincore test: workload.test.ts).
    expect(r.cache).toBe('cold');
    expect(r.caveats).toContain('not installed: firefox, libreoffice');
  });
  it('refuses when nothing the person named is installed', async () => {
    await expect(
      appStartTask.run(makeContext({ options: { apps: ['not-an-app-xyz'] } }).ctx),
    ).rejects.toThrow('none of these apps is installed: not-an-app-xyz');
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
