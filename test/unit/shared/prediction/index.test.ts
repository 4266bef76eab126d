import { describe, expect, it } from 'vitest';
import {
  insideText,
  predict,
  predictionSchema,
  PRESETS,
  rangeText,
} from '../../../../src/shared/prediction';
import { fittedOf } from '../../../../src/shared/prediction/fitted';
import { kindFacts, TASK_KINDS } from '../../../../src/shared/prediction/task-kinds';
import { stopwatchResult } from '../../../../src/main/tasks/task-runs';
import { drive, m, run, sata2, seed000, synthetic, task } from '../verdict/seed-runs';

describe('prediction from seed 000 (7200 rpm) to a SATA SSD', () => {
  const { before, after } = seed000();
  before.drive = drive({ kind: 'hdd', link: sata2 });
  const p = predict(before, { preset: 'sata-ssd' }, after);

  it('is a valid Prediction document', () => {
    expect(() => predictionSchema.parse(p)).not.toThrow();
  });

  it('caps the SSD at the SATA II port it will sit on', () => {
    expect(p.target.linkCeilingMBps).toBe(285);
    expect(p.target.effectiveSeqReadMBps).toBe(285);
    expect(p.assumptions.join(' ')).toMatch(
      /same SATA port, whose link caps sequential transfers near 285 MB\/s/,
    );
    // 73.08 MiB/s buffered reads = 76.6 MB/s; bonnie's block input 83941 KiB/s = 86.0 MB/s is the best.
    expect(p.current.seqReadMBps).toBeCloseTo(83941 * 0.001024, 3);
    expect(p.speedups.sequential).toBeCloseTo(285 / (83941 * 0.001024), 2);
  });

  it('du (mostly waiting on random access) is predicted near the measured 42 s', () => {
    const du = p.tasks.find((t) => t.testId === 'task.du')!;
    expect(du.ioShareAssumed).toBe(false);
    expect(du.floorSeconds).toBeCloseTo(21.289, 2);
    expect(du.predictedSeconds).toBeGreaterThan(du.floorSeconds);
    expect(du.measuredSeconds).toBeCloseTo(41.663, 3);
    // Within 40 % of what the seed's author measured with the real Intel 320.
    expect(Math.abs(du.error!)).toBeLessThan(0.4);
  });

  it('stopwatch-only tasks carry an assumed I/O share, listed in the assumptions', () => {
    const boot = p.tasks.find((t) => t.testId === 'task.boot')!;
    expect(boot.ioShareAssumed).toBe(true);
    expect(p.assumptions.join(' ')).toMatch(/assumed to wait for the disk 50 %/);
  });

  it('predicted vs measured for the synthetic figures', () => {
    const seq = p.synthetic.find((s) => s.what === 'Fastest sequential read of the run')!;
    expect(seq.measured).toBeCloseTo(297390 * 0.001024, 2);
    const ra = p.synthetic.find((s) => s.what.startsWith('Random access time'))!;
    expect(ra.before).toBeCloseTo(1000 / 175.2, 2);
    expect(ra.predicted).toBeCloseTo(1000 / PRESETS['sata-ssd'].random4kQ1Iops, 3);
    expect(ra.measured).toBeCloseTo(1000 / 4636, 3);
  });
});

describe("Amdahl's law and the target", () => {
  const hdd = (tests = [task('task.unpack', 'Unpack (bzip2)', [68], [56])]) =>
    run('b', 'before', [
      synthetic('buffered-read', 'Buffered reads', 'hdparm', [m('buffered_read', 'MiB/s', [100])]),
      synthetic('seeker', 'Seeker', 'seeker', [m('random_access_ms', 'ms', [12.5])]),
      ...tests,
    ]);

  it('a CPU-bound task barely moves, whatever the target', () => {
    const p = predict(hdd(), { preset: 'nvme-gen4' });
    const t = p.tasks[0]!;
    expect(t.floorSeconds).toBe(56);
    expect(t.predictedSeconds).toBeGreaterThan(56);
    expect(t.predictedSeconds).toBeLessThan(57);
    expect(t.savedPerOccurrence).toBeLessThan(12.1);
  });

  it('NVMe is not capped by the SATA port of the old drive; the person can say otherwise', () => {
    const b = hdd();
    b.drive = drive({ link: sata2 });
    expect(predict(b, { preset: 'nvme-gen3' }).target.effectiveSeqReadMBps).toBe(3400);
    expect(
      predict(b, { preset: 'nvme-gen3', linkCeilingMBps: 1970 }).target.effectiveSeqReadMBps,
    ).toBe(1970);
  });

  it('rated figures override the preset; custom needs its figures', () => {
    const p = predict(hdd(), {
      preset: 'custom',
      name: 'Crucial MX500',
      seqReadMBps: 560,
      random4kQ1Iops: 10000,
    });
    expect(p.target.name).toBe('Crucial MX500');
    expect(p.speedups.random).toBeCloseTo(12.5 / 0.1, 6);
    expect(() => predict(hdd(), { preset: 'custom', seqReadMBps: 560 })).toThrow(
      /random read IOPS/,
    );
  });

  it('a slower target predicts longer times', () => {
    const ssd = run('s', 'before', [
      synthetic('buffered-read', 'Buffered reads', 'hdparm', [m('buffered_read', 'MiB/s', [500])]),
      synthetic('seeker', 'Seeker', 'seeker', [m('random_access_ms', 'ms', [0.1])]),
      task('task.du', 'du', [10], [4]),
    ]);
    const t = predict(ssd, { preset: 'hdd-7200' }).tasks[0]!;
    expect(t.predictedSeconds).toBeGreaterThan(100);
    expect(t.savedPerOccurrence).toBeLessThan(0);
  });

  it('falls back to typical figures of the current drive type, and says so', () => {
    const b = run('b', 'before', [task('task.du', 'du', [300], [20])], {
      drive: drive({ kind: 'hdd' }),
    });
    const p = predict(b, { preset: 'sata-ssd' });
    expect(p.assumptions.join(' ')).toMatch(
      /No random-access figure in the before-run: assumed a typical 7200 rpm hard disk/,
    );
    const unknown = run('u', 'before', [task('task.du', 'du', [300], [20])], { drive: null });
    expect(() => predict(unknown, { preset: 'sata-ssd' })).toThrow(/old drive's kind is unknown/);
  });
});

describe('every predicted time carries its 10–90 % range', () => {
  const stopwatch = (kind: 'boot' | 'build', seconds: number, id = 'sw') =>
    run(id, 'before', [stopwatchResult({ title: `${kind} timing`, seconds: [seconds], kind })], {
      drive: null,
    });

  it("a boot's range is its kind's leave-one-out range around the prediction", () => {
    const t = predict(stopwatch('boot', 80), { preset: 'sata-ssd' }, undefined, {
      oldDrive: 'hdd',
    }).tasks[0]!;
    const iv = TASK_KINDS.boot.interval;
    expect(iv.basis).toBe('kind');
    expect(iv.low).toBeLessThan(1);
    expect(iv.high).toBeGreaterThan(1);
    expect(t.predictedLowSeconds).toBeCloseTo(t.predictedSeconds * iv.low, 2);
    expect(t.predictedHighSeconds).toBeCloseTo(t.predictedSeconds * iv.high, 2);
    expect(t.interval).toEqual({ low: iv.low, high: iv.high, basis: 'kind', cases: iv.cases });
    expect(t.measuredInside).toBeNull();
    expect(rangeText(t)).toMatch(/^\d+(\.\d)? s – \d+ s$/);
  });

  it('a kind with too few fitting cases says its range is pooled across kinds', () => {
    const p = predict(stopwatch('build', 600), { preset: 'sata-ssd' }, undefined, {
      oldDrive: 'hdd-5400',
    });
    const t = p.tasks[0]!;
    expect(t.interval.basis).toBe('pooled');
    expect(t.predictedLowSeconds).toBeLessThan(t.predictedSeconds);
    expect(t.predictedHighSeconds).toBeGreaterThan(t.predictedSeconds);
    expect(rangeText(t)).toMatch(/\(pooled across kinds\)$/);
    expect(p.assumptions.join(' ')).toMatch(/range pooled across all kinds/);
  });

  it('after the swap, says whether the measured time fell inside the range', () => {
    const before = stopwatch('boot', 80, 'b1');
    const predictedOnly = predict(before, { preset: 'sata-ssd' }, undefined, { oldDrive: 'hdd' });
    const mid = predictedOnly.tasks[0]!.predictedSeconds;
    const after = (s: number) =>
      run('a1', 'after', [stopwatchResult({ title: 'boot timing', seconds: [s], kind: 'boot' })], {
        drive: null,
      });
    const inside = predict(before, { preset: 'sata-ssd' }, after(mid), { oldDrive: 'hdd' });
    expect(inside.tasks[0]!.measuredInside).toBe(true);
    expect(insideText(inside.tasks[0]!)).toBe('inside the predicted range');
    const slow = predict(before, { preset: 'sata-ssd' }, after(mid * 3), { oldDrive: 'hdd' });
    expect(slow.tasks[0]!.measuredInside).toBe(false);
    expect(insideText(slow.tasks[0]!)).toBe('outside the range: slower than predicted');
  });

  it('a 5400 rpm old disk makes the sequential part gain more than a 7200 rpm one', () => {
    const b = stopwatch('build', 600, 'b2');
    const at = (oldDrive: 'hdd-5400' | 'hdd-7200') =>
      predict(b, { preset: 'sata-ssd' }, undefined, { oldDrive });
    expect(at('hdd-5400').speedups.sequential).toBeGreaterThan(at('hdd-7200').speedups.sequential);
    expect(at('hdd-5400').tasks[0]!.predictedSeconds).toBeLessThan(
      at('hdd-7200').tasks[0]!.predictedSeconds,
    );
  });
});

describe('the range keeps to what a drive can do', () => {
  it('a faster drive: never above the before-time; a measured CPU time: never below it', () => {
    const b = run('rb', 'before', [
      synthetic('seeker', 'Seeker', 'seeker', [m('random_access_ms', 'ms', [12.5])]),
      synthetic('buffered-read', 'Buffered reads', 'hdparm', [m('buffered_read', 'MiB/s', [100])]),
      task('task.unpack', 'Unpack', [40], [30]),
    ]);
    const t = predict(b, { preset: 'sata-ssd' }).tasks[0]!;
    expect(t.interval.high * t.predictedSeconds).toBeGreaterThan(40);
    expect(t.predictedHighSeconds).toBe(40);
    expect(t.predictedLowSeconds).toBe(t.floorSeconds);
  });

  it('a slower drive (SSD to a hard disk) is not capped at the before-time', () => {
    const ssd = run('rs', 'before', [
      synthetic('buffered-read', 'Buffered reads', 'hdparm', [m('buffered_read', 'MiB/s', [500])]),
      synthetic('seeker', 'Seeker', 'seeker', [m('random_access_ms', 'ms', [0.1])]),
      task('task.du', 'du', [10], [4]),
    ]);
    const t = predict(ssd, { preset: 'hdd-7200' }).tasks[0]!;
    expect(t.predictedSeconds).toBeGreaterThan(10);
    expect(t.predictedHighSeconds).toBeCloseTo(t.predictedSeconds * t.interval.high, 2);
  });
});

describe('a game console is predicted with its own fit', () => {
  it("a console's game load keeps more of its time than a PC's, with the console's range", () => {
    const b = run('gc', 'before', [
      stopwatchResult({ title: 'game load', seconds: [60], kind: 'app-start' }),
    ]);
    const at = (platform: 'pc' | 'console') =>
      predict(b, { preset: 'sata-ssd' }, undefined, { oldDrive: 'hdd-5400', platform });
    const pc = at('pc');
    const onConsole = at('console');
    expect(onConsole.tasks[0]!.predictedSeconds).toBeGreaterThan(pc.tasks[0]!.predictedSeconds);
    expect(onConsole.tasks[0]!.interval).toEqual(kindFacts('app-start', 'console').interval);
    expect(pc.tasks[0]!.interval).toEqual(TASK_KINDS['app-start'].interval);
    expect(onConsole.assumptions.join(' ')).toMatch(/App or game start on a game console/);
  });
});

describe('a timing outside the published cases the fit was made on', () => {
  it('says so: a 5 s app start is shorter than any fitted start', () => {
    const at = (seconds: number) =>
      predict(
        run('x', 'before', [
          stopwatchResult({ title: 'Firefox', seconds: [seconds], kind: 'app-start' }),
        ]),
        { preset: 'sata-ssd' },
        undefined,
        { oldDrive: 'hdd' },
      ).assumptions.join(' ');
    const { shortest } = fittedOf('app-start')!.fittedSeconds;
    expect(at(5)).toMatch(/Firefox: 5(\.0)? s is shorter than any published app or game start/);
    expect(at(shortest)).not.toMatch(/than any published/);
  });
});
