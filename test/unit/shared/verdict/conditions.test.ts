// The one threshold table (shared/verdict/conditions.ts) on real measured runs: conditions are
// laid onto the fixtures' phases as the engine records them, quiet or busy.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runDocument, type RunDocument, type TestResult } from '../../../../src/shared/schemas/run';
import type { PhaseConditions } from '../../../../src/shared/schemas/conditions';
import { computeVerdict, NO_DIFFERENCE_HEADLINE } from '../../../../src/shared/verdict';
import { busyLine, CONDITION_LIMITS } from '../../../../src/shared/verdict/conditions';
import { formatVerdict } from '../../../../src/main/verdict/text';
import { outcomeWords } from '../../../../src/shared/format';

const escape = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const MB = 1e6;
const load = (n: string): RunDocument =>
  runDocument.parse(JSON.parse(readFileSync(join('test/fixtures/runs/measured', n), 'utf8')));

function cond(o: { foreign?: number; own?: number; othersBusy?: number }): PhaseConditions {
  return {
    seconds: 5,
    devices: [],
    io: { ownReadBytes: o.own ?? 100 * MB, ownWriteBytes: 0, foreignBytes: o.foreign ?? 0 },
    cpu: { othersBusy: o.othersBusy ?? 0.02, steal: 0, cpuPressure: 0, ioPressure: 0 },
    memory: { swapInPages: 0, memoryPressure: 0 },
  };
}

/** Every phase quiet, and those `busy` picks disturbed. */
function withConditions(run: RunDocument, busy: (t: TestResult) => PhaseConditions | null) {
  const r = structuredClone(run);
  for (const t of r.tests) t.conditions = busy(t) ?? cond({});
  return r;
}

describe('the threshold table', () => {
  it('says what disturbed a phase, in one line, and nothing for a quiet one', () => {
    expect(busyLine(cond({ foreign: 60 * MB }))).toBe(
      'busy: 60 MB of other disk traffic during this phase',
    );
    // A journal commit beside a small test is under the floor; 10 % of a big test's own is not.
    expect(busyLine(cond({ foreign: 3 * MB, own: 1 * MB }))).toBeNull();
    expect(busyLine(cond({ foreign: 11 * MB * 10, own: 1000 * MB }))).toBe(
      'busy: 110 MB of other disk traffic during this phase',
    );
    expect(busyLine(cond({ foreign: 90 * MB, own: 1000 * MB }))).toBeNull();
    expect(busyLine(cond({ othersBusy: 0.7 }))).toBe(
      'busy: other processes took 70 % of the CPU during this phase',
    );
    expect(busyLine(cond({ othersBusy: CONDITION_LIMITS.othersBusy - 0.01 }))).toBeNull();
    // Figures of this machine: a hog per core during iozone read 0.46 with the engine waiting
    // 69 % of the time for a core; a quiet buffered-read phase read 0.38 waiting 40 %.
    const hog = cond({ othersBusy: 0.46 });
    hog.cpu!.cpuPressure = 0.69;
    expect(busyLine(hog)).toBe('busy: other processes took 46 % of the CPU during this phase');
    const quiet = cond({ othersBusy: 0.38 });
    quiet.cpu!.cpuPressure = 0.4;
    expect(busyLine(quiet)).toBeNull();
  });
});

describe('a verdict that knows its conditions', () => {
  const aa1 = load('hdd-like-aa-1.json');
  const aa2 = load('hdd-like-aa-2.json');
  const hdd = load('hdd-like.json');
  const fast = load('fast.json');

  it('old runs: compared as before, with "conditions not recorded"', () => {
    const v = computeVerdict(hdd, fast);
    expect(v.recommendation.headline).toMatch(/^Worth it: saves about/);
    expect(v.noise.disturbed).toBe(0);
    const f = v.findings.find((x) => x.kind === 'conditions')!;
    expect(f.title).toBe('Conditions not recorded for the before-run and the after-run');
    expect(f.severity).toBe('info');
  });

  it('quiet conditions on both sides change nothing: the A/B pair is still worth it', () => {
    const v = computeVerdict(
      withConditions(hdd, () => null),
      withConditions(fast, () => null),
    );
    expect(v.recommendation.headline).toMatch(/^Worth it: saves about/);
    expect(v.noise.disturbed).toBe(0);
    expect(v.findings.some((x) => x.kind === 'conditions' || x.kind === 'disturbed')).toBe(false);
  });

  it('a busy before-run: its figures are not compared, never a win, and no time is saved', () => {
    // Every phase of the before-run shared the disk with a 300 MB writer.
    const busy = withConditions(aa1, () => cond({ foreign: 300 * MB }));
    const v = computeVerdict(
      busy,
      withConditions(aa2, () => null),
    );
    expect(v.noise.cannotCompare).toBe(true);
    expect(v.recommendation.headline).toMatch(
      /^These runs cannot be compared: the machine was busy during \d+ of \d+ figures$/,
    );
    expect(v.recommendation.reasons.join(' ')).toMatch(/quiet machine/);
    expect(v.totals.savedPerDaySeconds).toBe(0);
    expect(v.findings.filter((f) => f.severity !== 'info' && f.kind !== 'disturbed')).toEqual([]);
    expect(v.bigWins).toEqual([]);
    for (const c of v.comparisons) expect(c.excluded?.kind).toBe('disturbed');
    for (const t of v.tasks.filter((x) => x.side === 'both')) {
      expect(t.note).toMatch(
        /^not compared: the machine was busy during .* \(before: busy: 300 MB/,
      );
      expect(t.savedPerDay).toBeNull();
      // The task table's word is History → Compare's, from the row's own exclusion (it said
      // "no figure" beside "not compared (the machine was busy)").
      expect(t.excluded?.kind).toBe('disturbed');
      expect(outcomeWords(t.outcome, t.speedup, t.excluded)).toBe(
        'not compared (the machine was busy)',
      );
    }
    const text = formatVerdict(v);
    for (const t of v.tasks.filter((x) => x.side === 'both'))
      expect(text).toMatch(
        new RegExp(`${escape(t.title)}: .*, not compared \\(the machine was busy\\)`),
      );
    expect(text).not.toMatch(/, no figure/);
  });

  it('one busy phase: that figure is out, the rest still judged, the phase named', () => {
    const first = aa1.tests.find((t) => t.kind === 'synthetic' && t.status === 'ok')!.testId;
    const v = computeVerdict(
      withConditions(aa1, (t) => (t.testId === first ? cond({ othersBusy: 0.8 }) : null)),
      withConditions(aa2, () => null),
    );
    expect(v.noise.cannotCompare).toBe(false);
    expect(v.recommendation.headline).toBe(NO_DIFFERENCE_HEADLINE);
    const out = v.comparisons.filter((c) => c.excluded?.kind === 'disturbed');
    expect(out.length).toBeGreaterThan(0);
    expect(out.every((c) => c.testId === first)).toBe(true);
    const f = v.findings.find((x) => x.kind === 'disturbed')!;
    expect(f.title).toBe('The machine was busy during 1 phase');
    expect(v.text.noise).toMatch(/\d+ not compared \(the machine was busy\)/);
  });
});
