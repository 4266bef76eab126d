import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventBus } from '../../../../src/main/core/event-bus';
import { JobManager, MAX_JOBS, MAX_PROGRESS_ROWS } from '../../../../src/main/core/jobs';
import { createServices } from '../../../../src/main/create-services';
import { benchHandlers, drivesOfDir } from '../../../../src/main/engine/host/bench-handlers';
import type { EngineChild } from '../../../../src/main/engine/host/client';
import { requests } from '../../../../src/shared/contract';

/** A job that runs until its signal aborts, then takes `tail` ms to clean up. */
function untilCancelled(tail = 0) {
  return ({ signal }: { signal: AbortSignal }) =>
    new Promise<void>((resolve) =>
      signal.addEventListener('abort', () => setTimeout(resolve, tail), { once: true }),
    );
}

function finished(bus: EventBus, jobId: string): Promise<string> {
  return new Promise((resolve) => {
    const off = bus.subscribe((event, payload) => {
      const p = payload as { jobId?: string; status?: string };
      if (event === 'job.finished' && p.jobId === jobId) {
        off();
        resolve(p.status ?? '');
      }
    });
  });
}

describe('JobManager admission', () => {
  it('refuses a second job on the same drive with one line', () => {
    const jobs = new JobManager(new EventBus());
    jobs.start('bench', untilCancelled(), { drives: ['sda'] });
    expect(() => jobs.start('bench', untilCancelled(), { drives: ['sdb', 'sda'] })).toThrow(
      /^a bench job is already running on drive sda: wait for it to finish or cancel it first$/,
    );
    expect(jobs.active).toBe(1);
    jobs.cancelAll();
  });

  it(`allows ${MAX_JOBS} jobs on different drives and refuses the next`, () => {
    const jobs = new JobManager(new EventBus());
    jobs.start('bench', untilCancelled(), { drives: ['sda'] });
    jobs.start('bench', untilCancelled(), { drives: ['nvme0n1'] });
    expect(() => jobs.start('bench', untilCancelled(), { drives: ['sdc'] })).toThrow(
      /2 jobs are already running \(at most 2 at a time\)/,
    );
    expect(() => jobs.start('other', untilCancelled())).toThrow(/at most 2/);
    expect(jobs.active).toBe(2);
    jobs.cancelAll();
  });

  it('a cancelled job keeps its drive until its cleanup has finished', async () => {
    const bus = new EventBus();
    const jobs = new JobManager(bus);
    const id = jobs.start('bench', untilCancelled(50), { drives: ['sda'] });
    const done = finished(bus, id);
    jobs.cancel(id);
    expect(() => jobs.start('bench', untilCancelled(), { drives: ['sda'] })).toThrow(/sda/);
    expect(await done).toBe('cancelled');
    const again = jobs.start('bench', untilCancelled(), { drives: ['sda'] });
    expect(typeof again).toBe('string');
    jobs.cancelAll();
  });
  it('a job.finished listener may start the next job on the same drive at once', async () => {
    const bus = new EventBus();
    const jobs = new JobManager(bus);
    const id = jobs.start('bench', () => Promise.resolve('run-1'), { drives: ['sda'] });
    const next = await new Promise<string>((resolve, reject) => {
      const off = bus.subscribe((event, payload) => {
        if (event !== 'job.finished' || (payload as { jobId: string }).jobId !== id) return;
        off();
        try {
          resolve(jobs.start('bench', untilCancelled(), { drives: ['sda'] }));
        } catch (err) {
          reject(err as Error);
        }
      });
    });
    expect(typeof next).toBe('string');
    jobs.cancelAll();
  });
});

describe('JobManager progress rows', () => {
  it(`keeps at most ${MAX_PROGRESS_ROWS} rows a job, whatever test ids its progress names`, async () => {
    const jobs = new JobManager(new EventBus());
    let emitted = 0;
    let release = (): void => undefined;
    jobs.start('bench', (job) => {
      for (let i = 0; i < 10_000; i++)
        job.progress({
          testId: `made-up-${i}`,
          label: 'x',
          fraction: 0.5,
          overall: 0.5,
          etaSeconds: 1,
          liveValue: null,
        });
      emitted = jobs.list()[0]!.progress.length;
      return new Promise<void>((r) => (release = r));
    });
    expect(emitted).toBe(MAX_PROGRESS_ROWS);
    release();
  });
});

describe('bench.start concurrency through the real handler', () => {
  const configDir = mkdtempSync(join(tmpdir(), 'dw-jobs-config-'));
  const target = mkdtempSync(join(tmpdir(), 'dw-jobs-target-'));
  mkdirSync(join(target, 'a'));
  mkdirSync(join(target, 'b'));
  afterAll(() => {
    rmSync(configDir, { recursive: true, force: true });
    rmSync(target, { recursive: true, force: true });
  });

  /** An engine that never gets going: the job sits until cancelled, like a long benchmark. */
  const idleEngine = (): EngineChild => {
    let exit: (code: number | null, signal: string | null) => void = () => undefined;
    return {
      send: () => undefined,
      onMessage: () => undefined,
      onExit: (fn) => (exit = fn),
      kill: () => setTimeout(() => exit(null, 'SIGKILL'), 0),
    };
  };

  it('maps two folders of one filesystem to the same drive', () => {
    const a = drivesOfDir(join(target, 'a'));
    expect(a.length).toBeGreaterThan(0);
    expect(drivesOfDir(join(target, 'b'))).toEqual(a);
  });

  it('refuses a second benchmark on the same drive, and a third on any drive', async () => {
    const s = createServices({ host: 'browser', configDir });
    const req = (dir: string) =>
      requests['bench.start'].req.parse({ targetDir: dir, tests: ['cached-read'] });
    const h = benchHandlers(s, {
      spawner: idleEngine,
      describeTarget: () => Promise.resolve({ drive: null, machine: null }),
    });
    const first = (await h['bench.start'](req(join(target, 'a')))) as { jobId: string };
    await expect(async () => h['bench.start'](req(join(target, 'b')))).rejects.toThrow(
      /^a bench job is already running on drive \S+: wait for it to finish or cancel it first$/,
    );
    // Other drives (stubbed: this machine has one disk) are admitted up to the limit of two.
    let n = 0;
    const other = benchHandlers(s, {
      spawner: idleEngine,
      describeTarget: () => Promise.resolve({ drive: null, machine: null }),
      drivesOf: () => [`other${n++}`],
    });
    const second = (await other['bench.start'](req(join(target, 'b')))) as { jobId: string };
    await expect(async () => other['bench.start'](req(join(target, 'b')))).rejects.toThrow(
      /at most 2 at a time/,
    );
    const done = [finished(s.bus, first.jobId), finished(s.bus, second.jobId)];
    s.jobs.cancelAll();
    expect(await Promise.all(done)).toEqual(['cancelled', 'cancelled']);
    // Cancel leaves no work folder behind, and the drive is free again.
    expect(readdirSync(join(target, 'a'))).toEqual([]);
    expect(readdirSync(join(target, 'b'))).toEqual([]);
    const third = (await h['bench.start'](req(join(target, 'a')))) as { jobId: string };
    const end = finished(s.bus, third.jobId);
    s.jobs.cancel(third.jobId);
    expect(await end).toBe('cancelled');
  });
});
