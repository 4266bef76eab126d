// Verdicts on real run pairs measured here, six runs in all, each assertion reusing them:
// - through the wizard (browser host, admin granted): an EMPTY HDD-like device (150 IOPS +
//   120 MB/s) → an empty fast one: disk search and the application-like start timed on the same
//   generated manifest on both, worth it on measured felt time alone, screenshots of the verdict
//   and of the PDF's first page;
// - through the CLI, a second run of each empty device with the wizard's plan: two A/A pairs
//   (wizard run against CLI run of the same device: "No measurable difference");
// - through the CLI, disk search alone after copying a real tree (/usr/share/man, 24,000
//   entries) onto both and mounting each in turn at one path (as a swapped drive is): the
//   own-tree pair, its own row beside the generated workload. Not on the A/A devices' second
//   runs: with 24,000 more inodes on the filesystem the workload's walk took 37 s against 21 s.
// Devices and throttle: verdict-pairs-disks.ts. Bounded: custom profile, small sizes, 3 repetitions.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../../src/main/core/services';
import { createServices } from '../../src/main/create-services';
import type { RunDocument } from '../../src/shared/schemas/run';
import { computeVerdict, NO_DIFFERENCE_HEADLINE, type Verdict } from '../../src/shared/verdict';
import { beyondFloor, NOISE_CLASSES } from '../../src/shared/verdict/noise';
import { FELT_SPEEDUP, WORTH_IT_PER_DAY } from '../../src/shared/verdict/recommend';
import { workloadOf } from '../../src/shared/bench/workload';
import { formatVerdict } from '../../src/main/verdict/text';
import { benchCli } from '../integration/engine/cli-bench';
import { SIZE_DEFS } from '../../src/main/engine/worker/registry';
import { openApp, RESULTS_DIR, type E2E } from './harness';
import { copyTree, disk, pairsSkipReason, throttle, type Disk } from './verdict-pairs-disks';
import { savePdf, wizardPair } from './verdict-pairs-wizard';

const skip = pairsSkipReason();
if (skip) console.log(`verdict-pairs skipped: ${skip}`);
const OWN_TREE = '/usr/share/man';

/** A task row of one workload row ('generated' is the task's wall_time, 'own' its own tree). */
function taskRow(v: Verdict, testId: string, tree: 'generated' | 'own') {
  const rows = v.tasks.filter((t) => t.testId === testId);
  return tree === 'own'
    ? rows.find((t) => /own/.test(t.key))
    : rows.find((t) => !/own/.test(t.key));
}

/** The same drive twice: the headline, nothing saved, no finding of a difference. */
function expectNoDifference(v: Verdict) {
  const text = formatVerdict(v);
  expect(v.recommendation.headline, text).toBe(NO_DIFFERENCE_HEADLINE);
  expect(v.totals.savedPerDaySeconds, text).toBe(0);
  expect(
    v.findings.filter((f) => f.severity !== 'info').map((f) => f.title),
    text,
  ).toEqual([]);
}

/** The second run of a device: the wizard run's plan, through the CLI. */
async function again(s: Services, dir: string, like: RunDocument, name: string) {
  // A run file keeps sizes in bytes; the CLI reads a bare number for a MiB size as MiB.
  const sizes = Object.entries(like.settings.sizes)
    .map(([k, v]) => `${k}=${v}${SIZE_DEFS.get(k)?.unit === 'MiB' ? 'B' : ''}`)
    .join(',');
  const t0 = Date.now();
  const r = await benchCli(s, dir, [
    ...['--profile', 'custom', '--tests', like.settings.tests.join(','), '--size', sizes],
    ...['--repetitions', String(like.settings.repetitions), '--admin', '--name', name],
  ]);
  if (r.code !== 0) throw new Error(`bench ${name} failed:\n${r.out}\n${r.err}`);
  console.log(`${name}: ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  return r.saved();
}

describe.skipIf(!!skip)('felt time on measured pairs (loop devices, blkio throttle)', () => {
  let base: string;
  let configDir: string;
  let hdd: Disk;
  let fast: Disk;
  let untrottle: () => void;
  let niceWas = 0;
  const runs: Record<string, RunDocument> = {};
  const verdictOf = (a: string, b: string) => computeVerdict(runs[a]!, runs[b]!);
  beforeAll(() => {
    base = mkdtempSync('/dev/shm/s31-felt-pairs-');
    configDir = join(base, 'config');
    mkdirSync(configDir);
    hdd = disk(base, 'hdd', 3000);
    fast = disk(base, 'fast', 3000);
    // The fast device is RAM underneath: unthrottled, its sequential reads beat this machine's
    // memory copy rate under load (670 MB/s measured) and were flagged "not the drive". Capped
    // like a SATA SSD, they stay below it.
    untrottle = throttle([
      { majMin: hdd.majMin, bps: 120e6, iops: 150 },
      { majMin: fast.majMin, bps: 450e6, iops: 20_000 },
    ]);
    // Under load (15-17 on 2 cores) each of the walk's ~1,500 synchronous reads waited for the
    // CPU after its I/O: the same HDD-like walk took 10, 21 and 31 s. A higher priority for this
    // process and the engine, the helper and the browser it starts keeps the devices I/O-bound.
    niceWas = getPriority();
    setPriority(-15);
  }, 120_000);
  afterAll(() => {
    setPriority(niceWas);
    untrottle?.();
    for (const d of [hdd, fast]) d?.done();
    rmSync(base, { recursive: true, force: true });
  });

  it('empty HDD-like → empty fast through the wizard: worth it on measured felt time', async () => {
    const t0 = Date.now();
    let app: E2E | null = await openApp({ configDir });
    try {
      const before = join(hdd.mnt!, 'work');
      const after = join(fast.mnt!, 'work');
      mkdirSync(before);
      mkdirSync(after);
      const ids = await wizardPair(
        app,
        { before, after, baselineFile: join(base, 'baseline.json') },
        () => undefined,
      );
      runs.hdd1 = await app.services.runs.load(ids.beforeId);
      runs.fast1 = await app.services.runs.load(ids.afterId);
      const shot = await app.shot('verdict-pairs-wizard-verdict');
      const screen = await app.page.locator('main').innerText();
      const pdf = await savePdf(app, join(RESULTS_DIR, 'verdict-pairs-wizard.pdf'));
      console.log(`screenshots: ${shot} ${pdf.png}`);
      console.log(`wizard pair: ${((Date.now() - t0) / 1000).toFixed(0)} s`);
      const v = verdictOf('hdd1', 'fast1');
      const text = formatVerdict(v);
      console.log(text);
      // The screen and the PDF print the verdict's headline and its measured time saved.
      expect(screen).toContain(v.recommendation.headline);
      expect(pdf.text.replace(/\s+/g, ' ')).toContain(v.recommendation.headline);
      expect(existsSync(pdf.png)).toBe(true);
      // Both runs timed the same generated manifest (≥ 20,000 files) in both felt tasks.
      for (const id of ['task.du', 'task.app-start']) {
        const m = [runs.hdd1, runs.fast1].map((r) =>
          workloadOf(
            r.tests.find((t) => t.testId === id),
            'generated',
          ),
        );
        expect(m[0]?.files, id).toBeGreaterThanOrEqual(20_000);
        expect(m[1], id).toEqual(m[0]);
        const t = taskRow(v, id, 'generated')!;
        expect(t.basis, id).toBe('measured');
      }
      const du = taskRow(v, 'task.du', 'generated')!;
      expect(du.speedup, text).toBeGreaterThanOrEqual(5);
      // Measured time saved, and at least one felt task faster beyond the felt threshold.
      expect(v.totals.measuredPerDaySeconds, text).toBeGreaterThan(0);
      const felt = v.tasks.filter(
        (t) =>
          t.basis === 'measured' &&
          t.outcome === 'faster' &&
          (t.speedup ?? 0) >= FELT_SPEEDUP &&
          beyondFloor(t.speedup!, NOISE_CLASSES.task.max) === 'faster',
      );
      expect(felt.length, text).toBeGreaterThan(0);
      // Worth it without counting estimates: the measured part alone clears the bar.
      expect(v.recommendation.level, text).toBe('worth-it');
      expect(v.totals.estimatedPerDaySeconds).toBe(0);
      const measured = v.totals.measuredPerDaySeconds;
      expect(measured >= WORTH_IT_PER_DAY || (felt.length > 0 && measured >= 1), text).toBe(true);
      // Measured and estimated shown apart: every task row says which it is.
      const rowsBasis = await app.page
        .getByTestId('verdict-tasks')
        .locator('tbody tr')
        .evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-basis')));
      expect(rowsBasis.length).toBeGreaterThan(0);
      for (const b of rowsBasis) expect(['measured', 'estimated']).toContain(b);
      // No finding contradicts the headline: nothing slower, no "no difference".
      expect(v.recommendation.headline).not.toBe(NO_DIFFERENCE_HEADLINE);
      const against = v.findings.filter(
        (f) => ['slower', 'small-gain', 'cpu-bound'].includes(f.kind) || f.severity === 'bad',
      );
      expect(against.map((f) => f.title)).toEqual([]);
      expect(v.tasks.filter((t) => t.outcome === 'slower').map((t) => t.title)).toEqual([]);
      // No false alarms (issue 35): on a quiet machine no phase of either run reads busy.
      console.log(`phases flagged busy: ${v.noise.disturbed}`);
      expect(v.noise.disturbed, text).toBe(0);
      expect(v.findings.filter((f) => f.kind === 'disturbed')).toEqual([]);
      expect(readFileSync(shot).length).toBeGreaterThan(10_000);
      await app.close();
      app = null;
    } finally {
      await app?.close();
    }
  }, 900_000);

  // A second run of each device through the CLI with the wizard's plan. Its felt tasks move with
  // the machine: the HDD-like walk follows blkio's release rate to one synchronous reader (9.8–31 s
  // for the same ~1,300 reads, under load 12–17; 9.5 → 16 s quiet), the fast walk is processor
  // work (1.1 → 0.3 s and 0.4 → 0.5 s under load). The verdict sets such a move aside when no
  // drive figure moved (tasks.ts, quietenOutlier), so both pairs must read as no difference.
  for (const [name, first] of [
    ['fast', 'fast1'],
    ['HDD-like', 'hdd1'],
  ] as const)
    it(`A/A on the ${name} device (a second run through the CLI): no measurable difference`, async () => {
      expect(runs[first], 'needs the wizard pair').toBeTruthy();
      const d = first === 'hdd1' ? hdd : fast;
      const second = `${first.slice(0, -1)}2`;
      runs[second] = await again(
        createServices({ configDir }),
        join(d.mnt!, 'work'),
        runs[first]!,
        second,
      );
      const v = verdictOf(first, second);
      console.log(`A/A ${first} → ${second}:\n${formatVerdict(v)}`);
      expectNoDifference(v);
    }, 600_000);

  it('own tree: a copy of a real tree on each drive, walked on both as its own row', async () => {
    const services = createServices({ configDir });
    // The same copy on both; each drive mounted in turn at one path, as a swapped drive is.
    hdd.umount();
    fast.umount();
    copyTree(hdd, base, OWN_TREE);
    copyTree(fast, base, OWN_TREE);
    const at = join(base, 'drive');
    for (const [d, name] of [
      [hdd, 'hdd-own'],
      [fast, 'fast-own'],
    ] as const) {
      d.mount(at);
      try {
        const t0 = Date.now();
        const r = await benchCli(services, at, [
          // A small generated workload beside the own tree: its 20,000-file walk on the HDD-like
          // device took 73 s here (the copied tree's inodes spread it), the own tree's 17 s.
          ...['--profile', 'custom', '--tests', 'task.du', '--repetitions', '1'],
          ...['--size', 'task.workloadFiles=1000'],
          ...['--admin', '--name', name],
        ]);
        if (r.code !== 0) throw new Error(`bench ${name} failed:\n${r.out}\n${r.err}`);
        console.log(`${name}: ${((Date.now() - t0) / 1000).toFixed(0)} s`);
        runs[name] = await r.saved();
      } finally {
        d.umount();
      }
    }
    const v = verdictOf('hdd-own', 'fast-own');
    const text = formatVerdict(v);
    console.log(`own-tree pair:\n${text}`);
    const own = taskRow(v, 'task.du', 'own');
    expect(own, text).toBeDefined();
    expect(own!.basis, text).toBe('measured');
    expect(own!.outcome, text).toBe('faster');
    expect(taskRow(v, 'task.du', 'generated')!.basis).toBe('measured');
    const du = runs['hdd-own']!.tests.find((t) => t.testId === 'task.du');
    expect(workloadOf(du, 'own')!.files).toBeGreaterThanOrEqual(20_000);
  }, 600_000);
});
