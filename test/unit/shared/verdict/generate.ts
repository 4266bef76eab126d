// A small seeded generator of before/after run pairs for property tests: random subsets of the
// engine's tests, 1–3 repetitions, a drive ratio per theme (1 = the same drive: A/A), sample
// noise, cache-suspected flags, tasks on both sides or one, stopwatch timings with kinds, usage.
import {
  usageProfile,
  type Measurement,
  type RunDocument,
  type TestResult,
} from '../../../../src/shared/schemas/run';
import { stopwatchResult } from '../../../../src/main/tasks/task-runs';
import { m, run, synthetic, task } from './seed-runs';

/** mulberry32: tiny, seeded, good enough for test data. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Gen {
  r: () => number;
  pick<T>(xs: readonly T[]): T;
  chance(p: number): boolean;
  between(lo: number, hi: number): number;
}

export function gen(seed: number): Gen {
  const r = rng(seed);
  return {
    r,
    pick: (xs) => xs[Math.floor(r() * xs.length)]!,
    chance: (p) => r() < p,
    between: (lo, hi) => lo + (hi - lo) * r(),
  };
}

/** n samples around v with relative jitter `noise` (uniform ±noise). */
export function samples(g: Gen, v: number, n: number, noise: number): number[] {
  return Array.from({ length: n }, () => v * (1 + g.between(-noise, noise)));
}

interface Factors {
  seq: number;
  random: number;
  files: number;
  tasks: number;
}

type Side = 'before' | 'after';

/** One side's synthetic tests at the given drive factors (after = before × factor). */
function syntheticTests(
  g: Gen,
  side: Side,
  f: Factors,
  reps: number,
  noise: number,
  pickSet: Set<string>,
) {
  const k = (x: number) => (side === 'after' ? x : 1);
  const s = (v: number, x: number) => samples(g, v * k(x), reps, noise);
  const inv = (v: number, x: number) => samples(g, v / k(x), reps, noise);
  const tests: TestResult[] = [];
  if (pickSet.has('cached'))
    tests.push(
      synthetic('cached-read', 'Cached reads', 'hdparm', [m('cached_read', 'MiB/s', s(9000, 1))]),
    );
  if (pickSet.has('buffered'))
    tests.push(
      synthetic('buffered-read', 'Buffered reads', 'hdparm', [
        m('buffered_read', 'MiB/s', s(120, f.seq)),
      ]),
    );
  if (pickSet.has('dd'))
    tests.push(synthetic('dd-write', 'dd', 'dd', [m('throughput', 'MB/s', s(110, f.seq))]));
  if (pickSet.has('seeker'))
    tests.push(
      synthetic('seeker', 'Seeker', 'seeker', [
        m('seeks_per_second', 'seeks/s', s(80, f.random)),
        m('random_access_ms', 'ms', inv(12.5, f.random)),
      ]),
    );
  if (pickSet.has('bonnie'))
    tests.push(
      synthetic('bonnie', 'bonnie++', 'bonnie++', [
        m('seq_output_block', 'KiB/s', s(110000, f.seq)),
        m('seq_input_block', 'KiB/s', s(125000, f.seq)),
        m('random_seeks', 'seeks/s', s(150, f.random)),
        m('seq_create', 'files/s', s(3000, f.files)),
        m('seq_delete', 'files/s', s(4000, f.files)),
      ]),
    );
  if (pickSet.has('qd'))
    tests.push(
      synthetic('qd-profile', 'Queue-depth profile', 'fio', [
        m('read_bw', 'KiB/s', s(125000, f.seq), { params: { pattern: 'seq', bs_kb: 1024, qd: 8 } }),
        m('read_iops', 'IOPS', s(80, f.random), { params: { pattern: 'rnd', bs_kb: 4, qd: 1 } }),
        m('read_iops', 'IOPS', s(200, f.random), { params: { pattern: 'rnd', bs_kb: 4, qd: 32 } }),
      ]),
    );
  return tests;
}

const TASKS: [string, string, number, number][] = [
  ['task.du', 'Disk search', 40, 0.9],
  ['task.unpack', 'Unpack', 20, 0.35],
  ['task.app-start', 'App start', 6, 0.7],
  ['task.boot', 'Boot', 45, 0.8],
];
const TITLES = ['Boot to login', 'Open the project', 'Copy photos', 'Start the VM'];
const KINDS = ['boot', 'login', 'app-start', 'copy', 'other'] as const;

export interface GeneratedPair {
  before: RunDocument;
  after: RunDocument;
  /** The same drive twice (every factor 1). */
  aa: boolean;
}

export function generatePair(seed: number): GeneratedPair {
  const g = gen(seed);
  const aa = g.chance(0.3);
  const f: Factors = aa
    ? { seq: 1, random: 1, files: 1, tasks: 1 }
    : {
        seq: g.pick([0.5, 1, 1.3, 2, 3.5, 20]),
        random: g.pick([0.7, 1, 1.5, 3, 60, 120]),
        files: g.pick([1, 2, 10]),
        tasks: g.pick([1, 1.5, 3, 6]),
      };
  const reps = [g.pick([1, 2, 3]), g.pick([1, 2, 3])];
  // Single figures get no floor from a spread, only the stated one (10–25 %): their noise stays
  // under half of it. With repetitions the floor comes from the spread, so noise can be larger.
  const noise =
    reps[0]! >= 2 && reps[1]! >= 2 ? g.pick([0, 0.02, 0.05, 0.12]) : g.pick([0, 0.02, 0.04]);
  const picked = new Set(
    ['cached', 'buffered', 'dd', 'seeker', 'bonnie', 'qd'].filter(() => g.chance(0.6)),
  );
  const build = (side: Side, i: 0 | 1): TestResult[] => {
    const tests = syntheticTests(g, side, f, reps[i]!, noise, picked);
    // Sometimes the engine flags a figure as cache-suspected on one side.
    if (g.chance(0.15) && tests.length) {
      const t = g.pick(tests);
      const mm: Measurement = g.pick(t.measurements);
      mm.suspect = { kind: 'cache', reason: 'faster than this run’s RND 4K Q1 by over 2×' };
    }
    for (const [id, title, secs, io] of TASKS) {
      if (!g.chance(0.45)) continue;
      const wall = side === 'after' ? secs * (1 - io + io / f.tasks) : secs;
      const w = samples(g, wall, reps[i]!, noise);
      tests.push(task(id, title, w, g.chance(0.6) ? w.map((x) => x * (1 - io)) : undefined));
    }
    for (const title of TITLES)
      if (g.chance(0.3))
        tests.push(
          stopwatchResult({
            title,
            seconds: samples(g, side === 'after' ? 30 / f.tasks : 30, reps[i]!, noise),
            kind: g.pick(KINDS),
          }),
        );
    return tests;
  };
  const usage = usageProfile.parse({
    bootsPerDay: g.pick([0, 1, 2]),
    loginsPerDay: g.pick([0, 1, 3]),
    tasksPerDay: g.chance(0.5) ? { 'task.du': g.pick([0, 1, 5]) } : {},
  });
  return {
    aa,
    before: run(`gen-${seed}-b`, 'before', build('before', 0), { usage }),
    after: run(`gen-${seed}-a`, 'after', build('after', 1), { usage }),
  };
}
