// kill -9 at random moments, for faults-kill-cli and faults-kill-engine: a real CLI run
// (`node dist/main/cli.js bench`) whose CLI or engine process is killed, then the next run's sweep.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { processAlive } from '../../src/main/core/process-alive';
import { sweepStale } from '../../src/main/engine/worker/work-dir';
import { RunStore } from '../../src/main/store/run-store';
import { engineOf, sleep, startCli, type sweepDirs, waitFor } from './sweep-helpers';

export const KILLS = 20;
const PARALLEL = 6;
const BENCH = ['--profile', 'custom', '--tests', 'dd-write', '--size', 'dd=16M'];
/** How long an unkilled run takes here (measured first): kill moments spread over all of it. */
const timing = { run: 4000, engine: 1500 };
/** Store temps the kills left before the next run's check removed them (printed by the test). */
export let storeTempsKilled = 0;

type Dirs = ReturnType<typeof sweepDirs>;

export interface KillResult {
  /** Entries in the target once every process of the run is gone. */
  leftBeforeSweep: number;
  /** Entries after the next run's sweep, plus anything it would not touch. */
  leftAfterSweep: number;
  /** Temp files left in the run store. */
  storeTemps: number;
  code: number | null;
  err: string;
  engineSeen: boolean;
  /** 0: any moment, 1: just after the work folder appeared, 2: while a test writes. */
  phase: number;
}

/** A work folder in `target` holds more than its owner record: a test is writing. */
function testing(target: string): boolean {
  try {
    return readdirSync(target).some((n) => readdirSync(join(target, n)).length > 1);
  } catch {
    return false;
  }
}

/** One run, killed with SIGKILL at a random moment: the CLI itself or its engine process. */
async function killOnce(tmp: Dirs, which: 'cli' | 'engine', i: number): Promise<KillResult> {
  const target = tmp(`kill-${which}`, '/var/tmp');
  const cfg = tmp(`kill-${which}-cfg`);
  // Alternating, so each phase runs with and without the native remover.
  const env = { XDG_CONFIG_HOME: cfg, ...(i % 2 ? { DRIVEWISE_NATIVE_REMOVE: '0' } : {}) };
  const run = startCli(['bench', '--dir', target, ...BENCH], env);
  const engines = new Set<number>();
  const watch = setInterval(() => {
    const e = engineOf(run.child.pid!);
    if (e) engines.add(e);
  }, 10);
  try {
    // The CLI is killed at a random moment of one of three phases, in turn: anywhere from its
    // start, just after its work folder appeared (before the engine runs), or while the engine
    // writes its test file. The engine is killed at a random moment of its life.
    const phase = which === 'engine' ? 2 : i % 3;
    if (phase === 0) await sleep(Math.random() * timing.run);
    if (phase === 1) {
      await waitFor(() => readdirSync(target).length > 0 || run.child.exitCode !== null, 60_000, 2);
      await sleep(Math.random() * 300);
    }
    if (phase === 2 && which === 'engine') {
      await waitFor(() => engines.size > 0 || run.child.exitCode !== null, 60_000, 5);
      await sleep(Math.random() * timing.engine);
    } else if (phase === 2) {
      // The engine is writing its test file (before that it has not been told the work folder,
      // and the next run's sweep is what removes it). The CLI's own drive probe also writes a
      // file there before the engine starts, so the engine must be running too.
      await waitFor(
        () => (engines.size > 0 && testing(target)) || run.child.exitCode !== null,
        60_000,
        5,
      );
      await sleep(Math.random() * 500);
    }
    const victim = which === 'cli' ? run.child.pid : [...engines][0];
    if (victim)
      try {
        process.kill(victim, 'SIGKILL');
      } catch {
        /* already exited */
      }
    const { code } = await run.exited;
    // The engine notices a dead parent and cleans up; wait until every process is gone.
    await waitFor(() => [...engines].every((p) => !processAlive(p)), 30_000);
    const leftBeforeSweep = readdirSync(target).length;
    // What the next run does first; it comes a while later (a run killed between making its
    // folder and writing the owner record leaves an empty folder, removed after a grace period).
    const sweep = sweepStale(target, undefined, Date.now() + 120_000);
    // The next run's first step also checks the run store, which removes a killed writer's temp.
    const store = new RunStore(join(cfg, 'drivewise'));
    const temps = (): number => {
      try {
        return readdirSync(store.runsDir).filter((n) => n.endsWith('.tmp')).length;
      } catch {
        return 0; // nothing saved
      }
    };
    storeTempsKilled += temps();
    await store.checkWritable();
    const storeTemps = temps();
    if (readdirSync(target).length || sweep.skipped.length || storeTemps)
      console.log(
        `left: ${readdirSync(target).join(' ')} ${sweep.skipped.join(' ')} store temps ${storeTemps}`,
      );
    return {
      leftBeforeSweep,
      leftAfterSweep: readdirSync(target).length + sweep.skipped.length,
      storeTemps,
      code,
      err: run.err(),
      engineSeen: engines.size > 0,
      phase,
    };
  } finally {
    clearInterval(watch);
  }
}

/** KILLS runs, PARALLEL at a time. */
export async function killMany(tmp: Dirs, which: 'cli' | 'engine'): Promise<KillResult[]> {
  const out: KillResult[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next < KILLS) out.push(await killOnce(tmp, which, next++));
    }),
  );
  return out;
}

/** Times one unkilled run (it must leave nothing), so kill moments spread over a whole run. */
export async function calibrate(tmp: Dirs): Promise<void> {
  const target = tmp('kill-calibrate', '/var/tmp');
  const started = Date.now();
  const run = startCli(['bench', '--dir', target, ...BENCH], {
    XDG_CONFIG_HOME: tmp('kill-calibrate-cfg'),
  });
  let engineFrom = 0;
  const watch = setInterval(() => {
    if (!engineFrom && engineOf(run.child.pid!)) engineFrom = Date.now();
  }, 10);
  const { code } = await run.exited;
  clearInterval(watch);
  timing.run = Date.now() - started;
  if (engineFrom) timing.engine = Date.now() - engineFrom;
  console.log(`an unkilled run: ${timing.run} ms, its engine ${timing.engine} ms`);
  expect(code).toBe(0);
  expect(readdirSync(target)).toEqual([]);
}
