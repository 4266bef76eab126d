// Issue 28: a start checks its plan once, at the edge (the bench.start handler, the CLI), and runs
// the plan it checked. Counted here through the whole path, with an engine that finishes at once:
// the plan, the profile's settings, the task options and the folder, each exactly once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createServices } from '../../../../../src/main/create-services';
import { benchHandlers } from '../../../../../src/main/engine/host/bench-handlers';
import { makeRegisterBench } from '../../../../../src/main/engine/host/bench-cli';
import type { BenchDeps } from '../../../../../src/main/engine/host/bench-service';
import type { EngineSpawner } from '../../../../../src/main/engine/host/client';
import { checkTaskOptions } from '../../../../../src/main/engine/host/task-options';
import { planBench } from '../../../../../src/main/engine/host/validated-plan';
import { checkTargetDir } from '../../../../../src/main/engine/worker/work-dir';
import type { ToEngine } from '../../../../../src/main/engine/protocol';
import { DEFAULT_RATES } from '../../../../../src/shared/bench/estimates';
import { resolveSettings } from '../../../../../src/shared/bench/plan';
import { requests } from '../../../../../src/shared/contract';

// Each check wrapped in a spy that still does the real check.
vi.mock('../../../../../src/main/engine/worker/work-dir', async (real) => {
  const m = await real<typeof import('../../../../../src/main/engine/worker/work-dir')>();
  return { ...m, checkTargetDir: vi.fn(m.checkTargetDir) };
});
vi.mock('../../../../../src/main/engine/host/task-options', async (real) => {
  const m = await real<typeof import('../../../../../src/main/engine/host/task-options')>();
  return { ...m, checkTaskOptions: vi.fn(m.checkTaskOptions) };
});
vi.mock('../../../../../src/main/engine/host/validated-plan', async (real) => {
  const m = await real<typeof import('../../../../../src/main/engine/host/validated-plan')>();
  return { ...m, planBench: vi.fn(m.planBench) };
});
vi.mock('../../../../../src/shared/bench/plan', async (real) => {
  const m = await real<typeof import('../../../../../src/shared/bench/plan')>();
  return { ...m, resolveSettings: vi.fn(m.resolveSettings) };
});

const base = mkdtempSync(join(tmpdir(), 'dw-checks-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));
const dir = (name: string): string => mkdtempSync(join(base, `${name}-`));

/** What the engine was asked to run. */
const started: ToEngine[] = [];

/** An engine that finishes at once: every step of a start runs but the measuring. */
const instantEngine: EngineSpawner = () => {
  let tell: (m: unknown) => void = () => undefined;
  let exit: (code: number | null, signal: string | null) => void = () => undefined;
  setTimeout(() => tell({ type: 'ready', pid: 1, asyncIo: 'none' }), 0);
  return {
    send: (m) => {
      started.push(m);
      if (m.type === 'start') setTimeout(() => tell({ type: 'done', asyncIo: 'none', phases: [] }));
    },
    onMessage: (fn) => (tell = fn),
    onExit: (fn) => (exit = fn),
    kill: () => setTimeout(() => exit(0, null)),
  };
};

const deps: BenchDeps & { drivesOf: () => string[] } = {
  spawner: instantEngine,
  probe: async () => ({ ...DEFAULT_RATES, seconds: 1 }),
  describeTarget: async () => ({ drive: null, machine: null }),
  rootAdmin: async () => null,
  privileged: () => null,
  drivesOf: () => ['test-drive'],
};

const counts = () => ({
  planBench: vi.mocked(planBench).mock.calls.length,
  resolveSettings: vi.mocked(resolveSettings).mock.calls.length,
  checkTaskOptions: vi.mocked(checkTaskOptions).mock.calls.length,
  checkTargetDir: vi.mocked(checkTargetDir).mock.calls.length,
});
const ONCE = { planBench: 1, resolveSettings: 1, checkTaskOptions: 1, checkTargetDir: 1 };

beforeEach(() => {
  vi.clearAllMocks();
  started.length = 0;
});

describe('checks per start', () => {
  it('bench.start checks once and the job runs the plan it checked', async () => {
    const services = createServices({ host: 'browser', configDir: dir('cfg') });
    const target = dir('gui');
    const finished = new Promise<{ status: string; error?: string }>((resolve) =>
      services.bus.subscribe((name, payload) => {
        if (name === 'job.finished') resolve(payload as { status: string });
      }),
    );
    const h = benchHandlers(services, deps);
    const req = requests['bench.start'].req.parse({
      targetDir: target,
      profile: 'custom',
      tests: ['cached-read'],
      repetitions: 1,
    });
    await h['bench.start'](req);
    expect(await finished).toMatchObject({ status: 'done' });
    expect(counts()).toEqual(ONCE);
    const start = started.find(
      (m): m is Extract<ToEngine, { type: 'start' }> => m.type === 'start',
    );
    expect(start?.plan).toMatchObject({
      targetDir: target,
      tests: ['cached-read'],
      repetitions: 1,
    });
  });

  it('the CLI checks once, before the run, and --dry-run prints that plan', async () => {
    const services = createServices({ host: 'cli', configDir: dir('cfg') });
    const out: string[] = [];
    const io = { out: (s: string) => void out.push(s), err: () => undefined };
    const cli = async (args: string[]): Promise<void> => {
      const program = new Command().exitOverride();
      makeRegisterBench(deps)(program, services, io, {
        dispatchFor: () => {
          throw new Error('bench asks no other channel');
        },
      });
      await program.parseAsync(['bench', ...args], { from: 'user' });
    };
    const target = dir('cli');
    const args = ['--dir', target, '--tests', 'cached-read', '--repetitions', '1'];
    await cli(args);
    expect(counts()).toEqual(ONCE);
    expect(out.join('')).toMatch(/saved run /);
    vi.clearAllMocks();
    out.length = 0;
    await cli([...args, '--dry-run', '--json', '-']);
    expect(counts()).toEqual(ONCE);
    const printed = JSON.parse(out.join('')) as { tests: { id: string }[] };
    const checked = vi.mocked(planBench).mock.results[0]!.value as ReturnType<typeof planBench>;
    expect(printed).toEqual(checked.plan);
  });
});
