// The quick profile run end to end on an ext4 loop device (optionally throttled with cgroup blkio),
// as a person would run it, with the figures the time-budget tests print: actual total, the
// estimate the run made before it started (timing.estimateSeconds) and per-test durations.
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { expect } from 'vitest';
import { createServices } from '../../../src/main/create-services';
import { defaultBenchDeps, runBench } from '../../../src/main/engine/host/bench-service';
import { planBench } from '../../../src/main/engine/host/validated-plan';
import type { BenchStartReq } from '../../../src/shared/contract/bench';
import type { RunDocument } from '../../../src/shared/schemas/run';
import type { Verdict } from '../../../src/shared/verdict';
import { saver } from '../engine/helpers';
import { ext4Loop, rootManager, splitLargeRequests, throttleDevice, type Limits } from './loop';

/**
 * What the suite asserts about a quick run's time: it finished (no phase hung) and its pre-run
 * estimate was of the right size. The targets themselves (150 s, ±25 %; issue 39's 75/35 s and
 * ±15 %) are printed here and by `npm run bench:quick`, not asserted: on this 2-core VM a back-to-
 * back HDD-like run took 136–175 s with the same bytes on the device (CI, 2026-12-05: 175 s), and
 * the own disk's figures swing with other work on it.
 */
export const GUARD = { seconds: 1.5 * 150, estimateError: 0.4 };

export interface QuickRun {
  doc: RunDocument;
  actual: number;
  estimate: number;
}

export const load = (): string =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');

/** Each run's document kept under test-results/quick-runs (a measured pair for other tests). */
function keepRun(name: string, doc: RunDocument): void {
  const dir = resolve('test-results', 'quick-runs');
  mkdirSync(dir, { recursive: true });
  const file = `${name.replace(/[^A-Za-z0-9]+/g, '-')}-${doc.id}.json`;
  writeFileSync(join(dir, file), `${JSON.stringify(doc, null, 2)}\n`);
}

/** One quick run in `target`, timed from the call to the saved run; prints its figures. */
export async function quickIn(
  name: string,
  target: string,
  configDir: string,
  extra: Partial<BenchStartReq> = {},
): Promise<QuickRun> {
  const privileged = rootManager();
  try {
    const services = createServices({ host: 'cli', configDir, privileged });
    const req = {
      targetDir: target,
      profile: 'quick' as const,
      label: 'custom' as const,
      ...extra,
    };
    const loadBefore = load();
    const t0 = performance.now();
    const doc = await runBench(planBench(req), saver(), defaultBenchDeps(services), {
      signal: new AbortController().signal,
    });
    const actual = (performance.now() - t0) / 1000;
    const estimate = doc!.timing!.estimateSeconds;
    const est = doc!.timing?.tests ?? {};
    const lines = doc!.tests.map(
      (t) =>
        `${t.testId.padEnd(16)} ${t.status.padEnd(7)} ${String(t.durationSeconds).padStart(6)} s  est ${est[t.testId] ?? '?'}`,
    );
    console.log(
      `${name}: actual ${actual.toFixed(1)} s, pre-run estimate ${estimate} s (error ${(((estimate - actual) / actual) * 100).toFixed(0)} %), load ${loadBefore} → ${load()}\n` +
        `probe: ${JSON.stringify(doc!.timing?.probe ?? null)}\n${lines.join('\n')}\n${doc!.caveats.join('\n')}`,
    );
    keepRun(name, doc!);
    return { doc: doc!, actual, estimate };
  } finally {
    privileged.release();
  }
}

/** `runs` quick runs, one after the other, on one fresh ext4 loop device (throttled when given). */
export async function quickOnLoop(
  name: string,
  limits: Limits | null,
  configDir: string,
  runs = 1,
  opts: { inMemory?: boolean; sizeMiB?: number; req?: Partial<BenchStartReq> } = {},
): Promise<QuickRun[]> {
  const disk = ext4Loop(opts.sizeMiB ?? 4096, opts);
  const unsplit = limits ? splitLargeRequests(disk.dev) : null;
  const throttle = limits ? throttleDevice(disk.majMin, limits) : null;
  try {
    if (limits) {
      expect(throttle).not.toBeNull();
      throttle!.add(process.pid);
    }
    const out: QuickRun[] = [];
    for (let i = 0; i < runs; i++) {
      const target = join(disk.mnt, `bench${i}`);
      mkdirSync(target);
      out.push(
        await quickIn(`${name}${runs > 1 ? ` #${i + 1}` : ''}`, target, configDir, opts.req),
      );
    }
    return out;
  } finally {
    throttle?.remove();
    unsplit?.();
    disk.dispose();
  }
}

/** One figure's samples, for the A/A's lines: "107/111/109". */
function samplesOf(doc: RunDocument, key: string): string | undefined {
  const test = key.split(':')[0];
  const m = doc.tests
    .find((t) => t.testId === test)
    ?.measurements.find(
      (x) =>
        key.startsWith(`${test}:${x.metric}`) &&
        Object.entries(x.params ?? {}).every(([k, val]) => key.includes(`${k}=${val}`)),
    );
  return m?.samples.map((y) => (y === null ? '-' : y.toPrecision(3))).join('/');
}

/**
 * Prints an A/A pair's verdict: the share of figures inside their noise floor (aim ≥ 95 %, not
 * asserted), the ones outside with their samples, the themes that moved and the recommendation.
 * Measured with quick's figure set: 54/57 at load 2–3 (outside: iozone rewrite 64k and the two p50
 * latencies), 48/57, 41/57, 40/57 at load 6–12. Outside were run-level shifts, stable within each
 * run (SEQ 1M Q1 107–111 → 80/80/80 IOPS, see largeIo: how many requests each 1 MiB I/O became,
 * which blkio counts against its IOPS limit), CPU-bound figures (bonnie per-char, dd before sync)
 * and blkio's burst release in p50 latency. What must hold: the same drive twice is never a win.
 */
export function printAa(v: Verdict, a: RunDocument, b: RunDocument): void {
  const outside = v.comparisons.filter((c) => c.outcome === 'faster' || c.outcome === 'slower');
  const lines = outside.map(
    (c) => `  ${c.key} ${c.speedup?.toFixed(2)}× (${samplesOf(a, c.key)} → ${samplesOf(b, c.key)})`,
  );
  console.log(
    `quick A/A: ${v.noise.noDifference}/${v.noise.judged} inside their floor; outside:\n${lines.join('\n') || 'none'}`,
  );
  const large = (d: RunDocument) =>
    d.tests.find((t) => t.testId === 'qd-profile')?.extra?.['requestsPerLargeIo'];
  console.log(`largeIo: ${String(large(a))} → ${String(large(b))}`);
  const moved = v.headlines.filter((h) => h.outcome !== 'no-difference');
  console.log(
    `themes moved: ${moved.map((h) => `${h.words} ${h.median.toFixed(2)}× of ${h.count}`).join(', ') || 'none'}`,
  );
  console.log(
    `verdict: ${v.recommendation.level} ("${v.recommendation.headline}"), saved ${v.totals.savedPerDaySeconds} s/day; findings: ${v.findings.map((f) => `${f.kind} ${f.title}`).join('; ')}; tasks: ${v.tasks.map((t) => `${t.testId} ${t.basis}`).join(', ')}`,
  );
}
