import { describe, expect, it } from 'vitest';
import type { FromEngine } from '../../../../../src/main/engine/protocol';
import { runPlan } from '../../../../../src/main/engine/worker/runner';
import type { TestModule } from '../../../../../src/main/engine/types';
import type { PhaseRecording } from '../../../../../src/main/engine/worker/phase-conditions';
import { baseResult } from '../../../../../src/main/engine/worker/benchmarks/common';

const fake = (id: string, run: TestModule['run'], est = 1): TestModule => ({
  id,
  title: `Fake ${id}`,
  kind: 'synthetic',
  tool: 'fake',
  description: 'A fake test.',
  estimateSeconds: () => est,
  bytesNeeded: () => 0,
  run,
});

const plan = (tests: string[]) => ({
  workDir: '/nonexistent',
  targetDir: '/nonexistent',
  device: null,
  tests,
  repetitions: 1,
  sizes: {},
  options: {},
  privileged: false,
});

describe('engine runner', () => {
  it('records a failing test and goes on with the next', async () => {
    const sent: FromEngine[] = [];
    const ok: TestModule = fake('ok', async (ctx) => {
      for (let i = 1; i <= 4; i++) ctx.progress(i / 4, { value: i, unit: 'IOPS' });
      return baseResult(ok, 'fake');
    });
    const bad = fake('bad', async () => {
      throw new Error('no space left on the drive while writing\nstack details');
    });
    const results = await runPlan(plan(['bad', 'missing', 'ok']), {
      send: (m) => sent.push(m),
      signal: new AbortController().signal,
      privileged: null,
      modules: [ok, bad],
      throttleMs: 0,
    });
    expect(results.map((r) => r.status)).toEqual(['failed', 'skipped', 'ok']);
    expect(results[0]!.error).toBe('no space left on the drive while writing');
    expect(results[0]!.title).toBe('Fake bad');
    expect(results[1]!.error).toMatch(/unknown test/);
    const progress = sent.filter(
      (m): m is Extract<FromEngine, { type: 'progress' }> => m.type === 'progress',
    );
    // The module's four reports, plus one 'done' (100 %, the recalibrated ETA) per test that ran.
    expect(progress.filter((m) => m.message !== 'done').length).toBe(4);
    expect(progress.filter((m) => m.message === 'done').map((m) => [m.testId, m.fraction])).toEqual(
      [
        ['bad', 1],
        ['ok', 1],
      ],
    );
    expect(progress.at(-1)!.overall).toBe(1);
    expect(progress.at(-1)!.etaSeconds).toBe(0);
    expect(progress.find((m) => m.testId === 'ok')!.liveValue).toEqual({ value: 1, unit: 'IOPS' });
    expect(sent.filter((m) => m.type === 'result')).toHaveLength(3);
  });

  it('stops after a cancelled test and runs nothing more', async () => {
    const ac = new AbortController();
    let secondRan = false;
    const slow = fake('slow', async (ctx) => {
      ac.abort();
      if (ctx.signal.aborted) throw Object.assign(new Error('cancelled'), { name: 'AbortError' });
      return baseResult(slow, 'x');
    });
    const next = fake('next', async () => {
      secondRan = true;
      return baseResult(next, 'x');
    });
    const results = await runPlan(plan(['slow', 'next']), {
      send: () => {},
      signal: ac.signal,
      privileged: null,
      modules: [slow, next],
    });
    expect(results.map((r) => r.status)).toEqual(['cancelled']);
    expect(secondRan).toBe(false);
  });

  it('turns a malformed module result into a failed test instead of crashing the run', async () => {
    const broken = fake('broken', async () => ({ testId: '' }) as never);
    const results = await runPlan(plan(['broken']), {
      send: () => {},
      signal: new AbortController().signal,
      privileged: null,
      modules: [broken],
    });
    expect(results[0]!.status).toBe('failed');
    expect(results[0]!.error).toMatch(/^broken produced an invalid result: invalid request: /);
  });

  it('starts the ETA from the probed estimates of the plan when it has them', async () => {
    const sent: FromEngine[] = [];
    const a = fake('a', async (ctx) => {
      ctx.progress(0.5);
      return baseResult(a, 'fake');
    });
    const b = fake('b', async () => baseResult(b, 'fake'));
    await runPlan(
      { ...plan(['a', 'b']), estimates: [40, 60] },
      {
        send: (m) => sent.push(m),
        signal: new AbortController().signal,
        privileged: null,
        modules: [a, b],
        throttleMs: 0,
      },
    );
    const first = sent.find(
      (m): m is Extract<FromEngine, { type: 'progress' }> => m.type === 'progress',
    )!;
    // b's 60 s still to come (a's rest projected from its live progress): the modules' own 1 s
    // estimates would say ~1 s.
    expect(first.etaSeconds).toBeGreaterThanOrEqual(59);
  });
});

describe('per-test conditions', () => {
  const conditions = {
    seconds: 1,
    devices: [],
    io: null,
    cpu: { othersBusy: 0.25, steal: 0, cpuPressure: null, ioPressure: null },
    memory: null,
  };

  /**
   * Runs a and b with a recorder whose second recording fails to start (an unreadable /proc);
   * each begin is logged in `begins` when given.
   */
  const runRecorded = (
    modules: TestModule[],
    recording: () => PhaseRecording,
    begins?: string[],
  ) => {
    let n = 0;
    return runPlan(plan(['a', 'b']), {
      send: () => {},
      signal: new AbortController().signal,
      privileged: null,
      modules,
      conditions: {
        begin: async (dir) => {
          begins?.push(`begin ${dir}`);
          return n++ === 1 ? null : recording();
        },
      },
    });
  };

  it('records what the recorder measured around each test, and nothing when it cannot', async () => {
    const calls: string[] = [];
    const a = fake('a', async () => {
      calls.push('run a');
      return baseResult(a, 'x');
    });
    const b = fake('b', async () => baseResult(b, 'x'));
    const results = await runRecorded(
      [a, b],
      () => ({
        restart: async () => {},
        addEntries: () => {},
        end: async () => (calls.push('end'), conditions),
      }),
      calls,
    );
    expect(calls).toEqual(['begin /nonexistent', 'run a', 'end', 'begin /nonexistent']);
    expect(results[0]!.conditions).toEqual(conditions);
    expect(results[1]!.status).toBe('ok');
    expect('conditions' in results[1]!).toBe(false);
  });

  it('starts the recording again where a test says its set-up is done, and only for that test', async () => {
    const calls: string[] = [];
    const a = fake('a', async (ctx) => {
      calls.push('set-up a');
      await ctx.measureFromHere!();
      calls.push('timed a');
      ctx.ownEntries!({ files: 12, folders: 3 });
      return baseResult(a, 'x');
    });
    const b = fake('b', async (ctx) => {
      // Without a recording (it could not start) the calls still return: the test goes on.
      await ctx.measureFromHere!();
      ctx.ownEntries!({ files: 1, folders: 0 });
      return baseResult(b, 'x');
    });
    const results = await runRecorded([a, b], () => ({
      restart: async () => void calls.push('restart'),
      addEntries: (e) => void calls.push(`entries ${e.files}/${e.folders}`),
      end: async () => (calls.push('end'), conditions),
    }));
    expect(calls).toEqual(['set-up a', 'restart', 'timed a', 'entries 12/3', 'end']);
    expect(results.map((r) => r.status)).toEqual(['ok', 'ok']);
  });
});
