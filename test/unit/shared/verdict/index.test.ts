import { describe, expect, it } from 'vitest';
import { computeVerdict, verdictSchema } from '../../../../src/shared/verdict';
import { compareSpreads } from '../../../../src/shared/verdict/compare';
import { drive, m, machine, run, sata2, seed000, seed004, synthetic, task } from './seed-runs';
import { stopwatchResult } from '../../../../src/main/tasks/task-runs';

const find = (v: ReturnType<typeof computeVerdict>, kind: string) =>
  v.findings.filter((f) => f.kind === kind);

describe('verdict on seed 000 (Fujitsu 7200 rpm → Intel 320)', () => {
  const { before, after } = seed000();
  const v = computeVerdict(before, after, { usage: { tasksPerDay: { 'task.du': 1 } } });

  it('is a valid Verdict document', () => {
    expect(() => verdictSchema.parse(v)).not.toThrow();
  });

  it('names random access, file creation and du as the big wins', () => {
    expect(v.bigWins).toContain('random access');
    expect(v.bigWins).toContain('file creation');
    expect(v.bigWins.some((w) => /du/.test(w))).toBe(true);
    // Sequential block output is ~2.3×: faster, but not a big win.
    expect(v.bigWins).not.toContain('sequential writes');
    const seeks = v.comparisons.find((c) => c.metric === 'random_seeks')!;
    expect(seeks.speedup).toBeCloseTo(4636 / 175.2, 3);
    expect(seeks.outcome).toBe('faster');
  });

  it('the two-VM install (11 m 7 s → 10 m 32 s, one timing each) is inside the 10 % single-figure floor', () => {
    expect(v.smallGains).toEqual([]);
    expect(v.tasks.find((t) => t.title === 'Two-VM install')!.outcome).toBe('no-difference');
    const vm = v.tasks.find((t) => t.title === 'Two-VM install')!;
    expect(vm.savedPerOccurrence).toBe(35);
    expect(vm.savedPerDay).toBe(0);
    expect(find(v, 'small-gain')).toEqual([]);
  });

  it('du: 5 m 25 s → 42 s, mostly waiting for the disk before', () => {
    const du = v.tasks.find((t) => t.testId === 'task.du')!;
    expect(du.savedPerOccurrence).toBeCloseTo(325.551 - 41.663, 3);
    expect(du.ioWaitShareBefore).toBeCloseTo(1 - 21.289 / 325.551, 3);
    expect(du.speedup).toBeGreaterThan(7);
  });

  it('adds up seconds per day and year from the usage profile and recommends the SSD', () => {
    // boot 11 s + login 13 s + du 283.9 s once a day; the stopwatch task has no frequency.
    expect(v.totals.savedPerDaySeconds).toBeCloseTo(11 + 13 + 283.888, 2);
    expect(v.totals.savedPerYearHours).toBeCloseTo((307.888 * 230) / 3600, 2);
    expect(v.recommendation.level).toBe('worth-it');
    expect(v.recommendation.reasons.join(' ')).toMatch(/random access/);
  });

  it('cached reads (memory speed) never count as a win of the drive', () => {
    expect(v.bigWins.join()).not.toMatch(/cached/);
    expect(v.comparisons.find((c) => c.metric === 'cached_read')!.theme).toBe('memory');
  });

  it('+++++ phases (no figure) stay unknown instead of becoming a ratio', () => {
    const stat = v.comparisons.find((c) => c.metric === 'seq_stat')!;
    expect(stat.outcome).toBe('unknown');
    expect(stat.speedup).toBeNull();
  });
});

describe('verdict on seed 004 (HDD → SSD rated 550 MB/s on SATA II)', () => {
  const { before, after } = seed004();

  it('finds the SATA II link cap, with the rated figure', () => {
    const v = computeVerdict(before, after, { rated: { seqReadMBps: 550 } });
    const f = find(v, 'link-ceiling')[0]!;
    expect(f.title).toMatch(/SATA II 3\.0 Gb\/s link caps this drive near 285 MB\/s/);
    expect(f.detail).toMatch(/rated 550 MB\/s/);
    expect(f.detail).toMatch(/93 %/); // 253.98 MiB/s = 266 MB/s of 285
  });

  it('finds the link cap from the measured reads alone', () => {
    const v = computeVerdict(before, after);
    expect(find(v, 'link-ceiling')[0]!.title).toMatch(/at your SATA II 3\.0 Gb\/s link's ceiling/);
  });

  it('overlapping cached-read ranges → no measurable difference; boot is faster', () => {
    const v = computeVerdict(before, after);
    const cached = v.comparisons.find((c) => c.metric === 'cached_read')!;
    expect(cached.outcome).not.toBe('faster');
    expect(cached.excluded?.kind).toBe('memory-speed');
    const boot = v.tasks.find((t) => t.testId === 'task.boot')!;
    expect(boot.beforeSeconds).toMatchObject({ median: 94, min: 91, max: 101, samples: 5 });
    expect(boot.savedPerOccurrence).toBe(64);
    const dd = v.comparisons.find((c) => c.metric === 'throughput')!;
    expect(dd.speedupRange![0]).toBeCloseTo(489 / 105, 5);
    expect(dd.speedupRange![1]).toBeCloseTo(519 / 63, 5);
  });

  it('no link finding when the drive does not reach the ceiling', () => {
    const { before: b, after: a } = seed004();
    a.drive = drive({
      kind: 'sata-ssd',
      link: { ...sata2, ceilingMBps: 570, maxCeilingMBps: 570 },
    });
    expect(find(computeVerdict(b, a), 'link-ceiling')).toEqual([]);
  });
});

describe('spreads and noise', () => {
  it('overlapping ranges are "no measurable difference", even with different medians', () => {
    const o = compareSpreads(
      { median: 100, min: 90, max: 120, samples: 3 },
      { median: 110, min: 115, max: 130, samples: 3 },
      'higher',
    );
    expect(o.outcome).toBe('no-difference');
    expect(o.speedup).toBeCloseTo(1.1);
  });

  it('separate ranges within 5 % are still noise; lower-is-better inverts the ratio', () => {
    expect(
      compareSpreads(
        { median: 100, min: 100, max: 100, samples: 1 },
        { median: 103, min: 103, max: 103, samples: 1 },
        'higher',
      ).outcome,
    ).toBe('no-difference');
    const o = compareSpreads(
      { median: 10, min: 9, max: 11, samples: 3 },
      { median: 5, min: 4, max: 6, samples: 3 },
      'lower',
    );
    expect(o).toMatchObject({ outcome: 'faster', speedup: 2 });
    expect(o.speedupRange).toEqual([1.5, 11 / 4]);
  });

  it('slower after the swap is reported as a finding and never as a saving', () => {
    // Waiting for the disk 80 % of its time: a slower time is the drive's.
    const b = run('b', 'before', [task('task.unpack', 'Unpack', [50, 51, 52], [10, 10, 10])]);
    const a = run('a', 'after', [task('task.unpack', 'Unpack', [60, 61, 62], [10, 10, 10])], {
      usage: { tasksPerDay: { 'task.unpack': 2 } } as never,
    });
    const v = computeVerdict(b, a);
    expect(v.tasks[0]!.savedPerDay).toBe(-20);
    expect(find(v, 'slower')).toHaveLength(1);
    expect(v.recommendation.level).toBe('not-worth-it');
  });

  it('a CPU-bound task that took longer is not a loss: the processor, not the drive', () => {
    // 21 % of its time waiting for the disk: "Slower after the swap: Unpacking 1.1 s → 1.8 s"
    // stood beside "CPU-bound: a faster drive barely changes it", and counted the move as a loss.
    const b = run('b', 'before', [task('task.unpack', 'Unpack', [50, 51, 52], [40, 40, 40])]);
    const a = run('a', 'after', [task('task.unpack', 'Unpack', [60, 61, 62], [40, 40, 40])], {
      usage: { tasksPerDay: { 'task.unpack': 2 } } as never,
    });
    const v = computeVerdict(b, a);
    expect(v.tasks[0]!.outcome).toBe('no-difference');
    expect(v.tasks[0]!.savedPerDay).toBe(0);
    expect(v.tasks[0]!.note).toMatch(/^CPU-bound: only 22 % of its time waited for the disk/);
    expect(find(v, 'slower')).toEqual([]);
    expect(find(v, 'cpu-bound')[0]!.title).toMatch(/a faster drive barely changes it$/);
  });
});

describe('findings', () => {
  it('big wins follow the printed ratio and the felt saving (stopwatch write-up)', () => {
    const sw = (id: string, side: 'before' | 'after', boot: number[], login: number[]) =>
      run(
        id,
        side,
        [
          stopwatchResult({ title: 'Boot to login screen', seconds: boot, kind: 'boot' }),
          stopwatchResult({ title: 'Login to desktop', seconds: login, kind: 'login' }),
        ],
        { drive: null, machine: null },
      );
    const v = computeVerdict(
      sw('b', 'before', [75, 77], [21, 22]),
      sw('a', 'after', [29, 30], [7, 7.5]),
    );
    // Boot: 2.6×, but 47 s saved each time; login: 2.97×, printed "3.0×".
    expect(v.bigWins).toEqual(['Boot to login screen', 'Login to desktop']);
    expect(v.recommendation.reasons.join(' ')).toMatch(/3\.0× faster/);
    expect(find(v, 'big-win').map((f) => f.title)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Boot to login screen: 1 min 16 s → 30 s \(2\.6× faster\)/),
      ]),
    );
  });

  it('CPU-bound task (bzip2 tarball like seed 001): I/O wait under 30 %', () => {
    const b = run('b', 'before', [
      task('task.unpack', 'Unpack kernel tarball (bzip2)', [68], [56]),
    ]);
    const a = run('a', 'after', [task('task.unpack', 'Unpack kernel tarball (bzip2)', [55], [52])]);
    const v = computeVerdict(b, a);
    const f = find(v, 'cpu-bound')[0]!;
    // Measured 68 s → 55 s: the finding says so instead of "barely changes it".
    expect(f.title).toBe(
      'Unpack kernel tarball (bzip2) is CPU-bound: 1.24× faster, the rest is processor work',
    );
    expect(f.detail).toMatch(/Only 18 %[\s\S]*Here it went 1 min 8 s → 55 s/);
    // Not measurably faster: "barely changes it".
    const flat = computeVerdict(
      b,
      run('a2', 'after', [task('task.unpack', 'Unpack kernel tarball (bzip2)', [67.5], [56])]),
    );
    expect(find(flat, 'cpu-bound')[0]!.title).toMatch(
      /CPU-bound: a faster drive barely changes it/,
    );
    expect(v.recommendation.reasons.join(' ')).toMatch(/CPU-bound/);
  });

  it('cache suspected: a device read above the link ceiling or at memory speed', () => {
    const { before, after } = seed004();
    after.tests[1] = synthetic('buffered-read', 'Buffered disk reads', 'hdparm', [
      m('buffered_read', 'MiB/s', [2700, 2750, 2800]),
    ]);
    const v = computeVerdict(before, after);
    const f = find(v, 'cache-suspected');
    expect(f).toHaveLength(1);
    expect(f[0]!.title).toMatch(/after-run/);
    expect(f[0]!.detail).toMatch(/above the link ceiling of ~285 MB\/s/);
    expect(v.findings[0]!.kind).toBe('cache-suspected');
    // Without a known link, memory speed gives it away.
    after.drive = drive({ kind: 'sata-ssd' });
    expect(find(computeVerdict(before, after), 'cache-suspected')[0]!.detail).toMatch(
      /memory speed/,
    );
  });

  it('comparability: kernel, filesystem, mount options, scheduler, CPU and RAM changes', () => {
    const { before, after } = seed000();
    after.machine = machine({
      kernel: '2.6.38-8-generic',
      cpuModel: 'Other CPU',
      ramBytes: 8 * 2 ** 30,
    });
    after.drive = drive({
      scheduler: 'none',
      partitions: [
        { ...drive().partitions[0]!, fsType: 'btrfs', mountOptions: ['rw', 'noatime', 'discard'] },
      ],
    });
    const f = find(computeVerdict(before, after), 'comparability')[0]!;
    for (const s of [
      'kernel: 2.6.32-28-generic → 2.6.38-8-generic',
      'CPU: Intel',
      'RAM: 4.0 GB → 8.0 GB',
      'filesystem: ext4 → btrfs',
      'mount options: relatime,rw → discard,noatime,rw',
      'I/O scheduler: mq-deadline → none',
    ])
      expect(f.detail).toContain(s);
    expect(find(computeVerdict(seed000().before, seed000().after), 'comparability')).toEqual([]);
  });

  it('TRIM off and misalignment on the new SSD', () => {
    const { before, after } = seed000();
    after.drive = drive({
      kind: 'sata-ssd',
      trim: false,
      physicalSectorBytes: 4096,
      partitions: [{ ...drive().partitions[0]!, startBytes: 32256 }],
    });
    const v = computeVerdict(before, after);
    expect(find(v, 'trim-off')[0]!.detail).toMatch(/fstrim\.timer/);
    expect(find(v, 'misaligned')[0]!.detail).toMatch(/byte 32256, not on a 4 KiB boundary/);
  });
});

describe('money', () => {
  it('price per GB old and new, price per hour saved over a year', () => {
    const { before, after } = seed000();
    const v = computeVerdict(before, after, {
      usage: {
        bootsPerDay: 1,
        loginsPerDay: 2,
        // Only boot and login count here (other kinds default to their own occurrences).
        tasksPerDay: { 'task.du': 0, 'task.stopwatch:two-vm-install': 0 },
        workDaysPerYear: 200,
        currency: '$',
        oldDrive: { price: 60, capacityGB: 160 },
        newDrive: { price: 300, capacityGB: 160 },
      },
    });
    // boot 11 s + 2 logins × 13 s = 37 s a day, × 200 days = 2.056 h a year.
    expect(v.totals.savedPerDaySeconds).toBe(37);
    expect(v.money.oldPerGB).toBeCloseTo(0.375);
    expect(v.money.newPerGB).toBeCloseTo(1.875);
    expect(v.money.hoursSavedPerYear).toBeCloseTo(2.056, 3);
    expect(v.money.pricePerHourSaved).toBeCloseTo(300 / ((37 * 200) / 3600), 1);
    expect(v.recommendation.reasons.join(' ')).toMatch(
      /Each hour saved in the first year costs \$146\./, // as the screen prints it (fmtMoney)
    );
  });

  it('no price → a note instead of a number; no saving → no price per hour', () => {
    const b = run('b', 'before', [task('task.boot', 'Boot', [30, 31, 32])]);
    const a = run('a', 'after', [task('task.boot', 'Boot', [31, 32, 30])]);
    const v = computeVerdict(b, a, { usage: { newDrive: { price: 80, capacityGB: 500 } } });
    expect(v.tasks[0]!.outcome).toBe('no-difference');
    expect(v.totals.savedPerDaySeconds).toBe(0);
    expect(v.money.pricePerHourSaved).toBeNull();
    expect(v.recommendation.level).toBe('not-worth-it');
    expect(computeVerdict(b, a).money.note).toMatch(/Enter the prices/);
  });

  it('runs with nothing in common are undecided', () => {
    const b = run('b', 'before', [task('task.boot', 'Boot', [30])]);
    const a = run('a', 'after', [task('task.login', 'Login', [20])]);
    expect(computeVerdict(b, a).recommendation.level).toBe('undecided');
  });

  it('SATA SSD → NVMe: faster on paper, tasks barely change → marginal', () => {
    const hd = (mib: number[]) =>
      synthetic('buffered-read', 'Buffered reads', 'hdparm', [m('buffered_read', 'MiB/s', mib)]);
    const b = run('b', 'before', [
      hd([520, 525, 530]),
      task('task.boot', 'Boot', [20, 21, 20.5], [14, 14, 14]),
      task('task.login', 'Login', [8, 8.2, 8.1], [6, 6, 6]),
    ]);
    const a = run('a', 'after', [
      hd([3200, 3300, 3250]),
      task('task.boot', 'Boot', [17, 17.5, 17.2], [14, 14, 14]),
      task('task.login', 'Login', [7.5, 7.7, 7.6], [6, 6, 6]),
    ]);
    const v = computeVerdict(b, a);
    expect(v.bigWins).toEqual(['sequential reads']);
    expect(v.recommendation.level).toBe('marginal');
    expect(v.recommendation.headline).toMatch(/^Marginal: faster, but it saves only/);
  });
});
