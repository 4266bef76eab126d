// The three devices bench:quick times the quick profile on, set up as the time-budget test does:
// an HDD-like ext4 loop device (150 IOPS + 120 MB/s through cgroup blkio, disk-backed image, 1 MiB
// requests split), an unthrottled one, and a folder on this machine's own disk.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { createServices } from '../../src/main/create-services';
import type { Services } from '../../src/main/core/services';
import { createDispatch, createHandlers } from '../../src/main/router';
import { defaultBenchDeps, runBench } from '../../src/main/engine/host/bench-service';
import { planBench } from '../../src/main/engine/host/validated-plan';
import { helperRuntime } from '../../src/main/privileged/elevate';
import type { RunDocument } from '../../src/shared/schemas/run';
import {
  ext4Loop,
  HDD_LIKE,
  rootManager,
  splitLargeRequests,
  throttleDevice,
  type Limits,
} from '../../test/integration/privileged/loop';

export interface TimedRun {
  doc: RunDocument;
  total: number;
  load: number;
  /** The Plan step's estimate: bench.probe when the folder is chosen, then bench.plan on it. */
  planEstimate: number | null;
}

/** What the Plan step shows for quick in `target`: the same two requests the wizard makes. */
async function planStepEstimate(services: Services, target: string): Promise<number> {
  const dispatch = createDispatch(createHandlers(services));
  const ask = async <T>(channel: string, req: unknown): Promise<T> => {
    const r = (await dispatch(channel, req)) as { ok: boolean; value?: T; error?: string };
    if (!r.ok) throw new Error(`${channel}: ${r.error ?? 'refused'}`);
    return r.value as T;
  };
  const rates = await ask<object>('bench.probe', { targetDir: target });
  const plan = await ask<{ totalSeconds: number }>('bench.plan', {
    profile: 'quick',
    targetDir: target,
    rates,
  });
  return plan.totalSeconds;
}

/** One quick run in `target` as root, timed from the request to the saved run. */
export async function quickIn(
  target: string,
  configDir: string,
  tests?: string[],
): Promise<TimedRun> {
  // This bundle sits in dist/tools: the helper is the app's, in dist/main.
  const script = resolve('dist/main/root-helper.js');
  const privileged = rootManager({ runtime: () => helperRuntime({ electron: false, script }) });
  try {
    const services = createServices({ host: 'cli', configDir, privileged });
    const planEstimate = tests ? null : await planStepEstimate(services, target);
    const saved: RunDocument[] = [];
    const load = loadavg()[0]!;
    const t0 = performance.now();
    // `tests`: some of quick's tests alone, at quick's sizes and repetitions (a custom profile
    // starts from quick's), to time a part of it.
    const plan = planBench({
      targetDir: target,
      ...(tests ? { profile: 'custom' as const, tests } : { profile: 'quick' as const }),
    });
    await runBench(
      plan,
      {
        save: async (d) => void saved.push(d),
        appVersion: '0.0.0-bench',
        record: { label: 'custom' },
      },
      defaultBenchDeps(services),
      { signal: new AbortController().signal, ...trace(t0) },
    );
    const total = (performance.now() - t0) / 1000;
    if (!saved[0]) throw new Error(`the quick run in ${target} saved no run`);
    // DW_QUICK_SAVE=file: the run document too, to read its timings.
    const keep = process.env['DW_QUICK_SAVE'];
    if (keep) writeFileSync(keep, JSON.stringify(saved[0], null, 1));
    return { doc: saved[0], total, load, planEstimate };
  } finally {
    privileged.release();
  }
}

async function onLoop(
  limits: Limits | null,
  configDir: string,
  tests?: string[],
): Promise<TimedRun> {
  const disk = ext4Loop(4096);
  const unsplit = limits ? splitLargeRequests(disk.dev) : null;
  const throttle = limits ? throttleDevice(disk.majMin, limits) : null;
  try {
    if (limits && !throttle) throw new Error('no cgroup blkio/io controller to throttle with');
    throttle?.add(process.pid);
    const target = join(disk.mnt, 'bench');
    mkdirSync(target);
    return await quickIn(target, configDir, tests);
  } finally {
    throttle?.remove();
    unsplit?.();
    disk.dispose();
  }
}

async function ownDisk(configDir: string, tests?: string[]): Promise<TimedRun> {
  const dir = mkdtempSync('/var/tmp/dw-bench-quick-');
  try {
    return await quickIn(dir, configDir, tests);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The devices by the names the printout and the baseline use, in the order they run. */
export const DEVICES: Record<string, (configDir: string, tests?: string[]) => Promise<TimedRun>> = {
  'HDD-like': (c, t) => onLoop(HDD_LIKE, c, t),
  fast: (c, t) => onLoop(null, c, t),
  'own disk': ownDisk,
};

/**
 * DW_QUICK_TRACE=1: each step's start on stderr with the seconds since the run began, to see
 * where quick's time goes (=epoch: with the wall clock too).
 */
function trace(t0: number): {
  onProgress?: (p: { testId: string; message?: string | undefined }) => void;
} {
  if (!process.env['DW_QUICK_TRACE']) return {};
  let last = '';
  return {
    onProgress: (p) => {
      const step = `${p.testId}: ${p.message ?? ''}`;
      if (step === last) return;
      last = step;
      // DW_QUICK_TRACE=epoch adds the wall clock, to line the steps up with /sys/block samples.
      const wall =
        process.env['DW_QUICK_TRACE'] === 'epoch' ? ` ${(Date.now() / 1000).toFixed(2)}` : '';
      process.stderr.write(
        `${((performance.now() - t0) / 1000).toFixed(2).padStart(7)}${wall} ${step}\n`,
      );
    },
  };
}
