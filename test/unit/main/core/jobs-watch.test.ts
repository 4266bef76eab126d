// What the desktop shell reads from the job manager: running jobs with their tests' latest
// progress (a reloaded page re-attaches), a change signal (the power-save blocker) and idle.
import { describe, expect, it } from 'vitest';
import { EventBus } from '../../../../src/main/core/event-bus';
import { JobManager } from '../../../../src/main/core/jobs';

describe('JobManager: list, onChange, whenIdle', () => {
  it('lists a running job with the latest progress per test, and signals start and end', async () => {
    const jobs = new JobManager(new EventBus());
    const seen: number[] = [];
    jobs.onChange((n) => seen.push(n));
    let finish!: () => void;
    const id = jobs.start('bench', async (ctx) => {
      ctx.progress({ testId: 'a', fraction: 0.2, etaSeconds: 5 });
      ctx.progress({ testId: 'a', fraction: 0.6, etaSeconds: 2 });
      ctx.progress({ testId: 'b', fraction: 0.1, etaSeconds: 9 });
      await new Promise<void>((r) => (finish = r));
    });
    await new Promise((r) => setImmediate(r));
    expect(jobs.list()).toEqual([
      {
        jobId: id,
        kind: 'bench',
        progress: [
          { jobId: id, kind: 'bench', testId: 'a', fraction: 0.6, etaSeconds: 2 },
          { jobId: id, kind: 'bench', testId: 'b', fraction: 0.1, etaSeconds: 9 },
        ],
      },
    ]);
    expect(await jobs.whenIdle(20)).toBe(false);
    const idle = jobs.whenIdle(5_000);
    finish();
    expect(await idle).toBe(true);
    expect(jobs.list()).toEqual([]);
    expect(seen).toEqual([1, 0]);
  });
});
