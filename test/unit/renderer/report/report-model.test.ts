import { describe, expect, it } from 'vitest';
import { computeVerdict } from '../../../../src/shared/verdict';
import {
  driveFacts,
  machineFacts,
  shortNote,
  testTables,
} from '../../../../src/renderer/report/report-model';
import { logTick, logTicks } from '../../../../src/renderer/report/chart-utils';
import { chunk } from '../../../../src/renderer/view-model/chart-parts';
import type { RunDocument } from '../../../../src/shared/schemas/run';
import { seedPair } from './fixtures';

const hdparmT = (r: RunDocument) =>
  r.tests.find((t) => t.testId === 'buffered-read')!.measurements[0]!.median!;

describe('per-test tables', () => {
  const { before, after } = seedPair();
  const verdict = computeVerdict(before, after);
  const tables = testTables(before, after, verdict);

  it('one table per test, in run order, with the verdict ratio on each row', () => {
    expect(tables.map((t) => t.testId)).toEqual(before.tests.map((t) => t.testId));
    const bonnie = tables.find((t) => t.testId === 'bonnie')!;
    const create = bonnie.rows.find((r) => r.key === 'bonnie:seq_create')!;
    expect(create.before?.median).toBe(258);
    expect(create.after?.median).toBe(9079);
    expect(create.speedup).toBeCloseTo(9079 / 258, 5);
    expect(create.outcome).toBe('faster');
  });

  it("bonnie++'s +++++ rows untimed in both runs become one line, not a row of dashes each", () => {
    const bonnie = tables.find((t) => t.testId === 'bonnie')!;
    expect(bonnie.rows.find((r) => r.key === 'bonnie:seq_stat')).toBeUndefined();
    expect(bonnie.untimed).toContain('Checking files, in order');
    // Timed rows stay, with human labels and the tool as a tag.
    const create = bonnie.rows.find((r) => r.key === 'bonnie:seq_create')!;
    expect([create.label, create.tag]).toEqual(['Creating files, in order', 'bonnie++']);
    expect(bonnie.title).toBe('Everyday file work');
    expect(bonnie.tag).toBe('bonnie++');
  });

  it('stopwatch timings are one table each, paired by title (not all under the first title)', () => {
    const sw = (title: string, s: number) => ({
      ...structuredClone(before.tests.find((t) => t.testId === 'task.du')!),
      testId: 'task.stopwatch',
      title,
      method: 'stopwatch',
      measurements: [
        {
          metric: 'wall_time',
          unit: 's',
          better: 'lower' as const,
          samples: [s],
          median: s,
          min: s,
          max: s,
        },
      ],
    });
    const b = { ...before, tests: [sw('Win7 boot', 75), sw('OS X boot', 60)] };
    const a = { ...after, tests: [sw('OS X boot', 20), sw('Win7 boot', 29)] };
    const t = testTables(b, a, null);
    expect(t.map((x) => x.title)).toEqual(['Win7 boot', 'OS X boot']);
    expect(
      t.map((x) => [x.rows.length, x.rows[0]!.before?.median, x.rows[0]!.after?.median]),
    ).toEqual([
      [1, 75, 29],
      [1, 60, 20],
    ]);
    const lone = testTables(b, { ...after, tests: [sw('Linux boot', 9)] }, null);
    expect(lone.map((x) => x.title)).toEqual(['Win7 boot', 'OS X boot', 'Linux boot']);
    expect(lone[2]!.status).toEqual({ before: null, after: 'ok' });
  });

  it('says whether a short bonnie++ phase was timed here or not at all', () => {
    const timed = 'phase took 178 ms: bonnie++ would print +++++ (under its 0.5 s minimum)';
    const none = 'phase took 41 ms, too short to time (bonnie++ prints +++++)';
    expect(shortNote([timed])).toBe('timed here; bonnie++ prints +++++ (under 0.5 s)');
    expect(shortNote([none])).toBe('too fast to time (bonnie++ prints +++++)');
    expect(shortNote([timed, none])).toBe('too fast to time in one run (bonnie++ prints +++++)');
    expect(shortNote(['cache not dropped', none])).toBe(`cache not dropped; ${none}`);
  });

  it('tasks get their ratio from the task savings; caveats are labelled by run', () => {
    const du = tables.find((t) => t.testId === 'task.du')!;
    expect(du.kind).toBe('task');
    expect(du.rows[0]!.speedup).toBeCloseTo(326 / 41.7, 1);
    const vm = tables.find((t) => t.testId === 'task.vm-install')!;
    expect(vm.caveats.length).toBeGreaterThan(0);
    expect(vm.caveats.every((c) => /^(Before|After|Both runs): /.test(c))).toBe(true);
  });

  it('a single run has no after column and no ratios', () => {
    const single = testTables(before, null, null);
    expect(single.every((t) => t.rows.every((r) => r.after === null && r.speedup === null))).toBe(
      true,
    );
    // hdparm's MiB/s in the report's one unit, MB/s (shared/format's rule).
    const row = single.find((t) => t.testId === 'buffered-read')!.rows[0]!;
    expect(row.unit).toBe('MB/s');
    expect(row.before?.median).toBeCloseTo(hdparmT(before) * 1.048576, 6);
  });

  it('a test that failed after the swap shows both statuses and the error', () => {
    const broken = structuredClone(after);
    const t = broken.tests.find((x) => x.testId === 'buffered-read')!;
    t.status = 'failed';
    t.error = 'no space left on the drive';
    t.measurements = [];
    const row = testTables(before, broken, computeVerdict(before, broken)).find(
      (x) => x.testId === 'buffered-read',
    )!;
    expect(row.status).toEqual({ before: 'ok', after: 'failed' });
    expect(row.errors).toEqual(['After: no space left on the drive']);
    expect(row.rows[0]!.after).toBeNull();
  });
});

describe('drive and machine facts', () => {
  const { before } = seedPair();

  it('hides the serial number unless the person opted in', () => {
    const hidden = driveFacts(before.drive, false).find((f) => f.label === 'Serial')!.value;
    expect(hidden).not.toContain('SECRET');
    expect(hidden).toMatch(/hidden/);
    expect(driveFacts(before.drive, true).find((f) => f.label === 'Serial')!.value).toBe(
      'K60PT8B2SECRET',
    );
  });

  it('unknown values print as a dash, never as 0 B', () => {
    expect(
      machineFacts({ ...before.machine!, ramBytes: 0 }).find((f) => f.label === 'RAM')!.value,
    ).toBe('—');
    expect(driveFacts(null, false)).toEqual([{ label: 'Drive', value: 'not recorded' }]);
  });
});

describe('chart helpers', () => {
  it('log axes label 1-2-5 steps only', () => {
    expect([1, 2, 3, 5, 7, 10, 20, 50, 300].map((v) => logTick(v, String))).toEqual([
      '1',
      '2',
      '',
      '5',
      '',
      '10',
      '20',
      '50',
      '',
    ]);
    expect(logTick(0, String)).toBe('');
  });

  it('tall charts split into even parts; nothing to draw is no chart at all', () => {
    expect(chunk([], 26)).toEqual([]);
    expect(chunk([1, 2, 3], 26)).toEqual([[1, 2, 3]]);
    expect(
      chunk(
        Array.from({ length: 27 }, (_, i) => i),
        26,
      ).map((p) => p.length),
    ).toEqual([14, 13]);
    expect(logTicks(0.3, 60)).toEqual([0.5, 1, 2, 5, 10, 20, 50]);
    // Five decades of latency: powers of ten only, or 50,000 and 200,000 run together.
    expect(logTicks(1, 200_000)).toEqual([1, 10, 100, 1000, 10_000, 100_000]);
  });
});
