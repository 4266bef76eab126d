// The seeds' published figures ship as reference runs, each with its source, and compare with
// any run metric by metric.
import { describe, expect, it } from 'vitest';
import { findReference, referenceRuns } from '../../../../src/shared/reference';
import { compareRuns } from '../../../../src/shared/reference/compare';
import { runDocument } from '../../../../src/shared/schemas/run';

const fig = (id: string, testId: string, metric: string, params?: Record<string, unknown>) =>
  findReference(id)!
    .tests.find((t) => t.testId === testId)!
    .measurements.find(
      (m) =>
        m.metric === metric &&
        (!params || Object.entries(params).every(([k, v]) => m.params?.[k] === v)),
    )!;

describe('reference runs', () => {
  it('are valid run documents labelled reference with a citation', () => {
    const refs = referenceRuns();
    expect(refs).toHaveLength(12);
    expect(new Set(refs.map((r) => r.id)).size).toBe(12);
    for (const r of refs) {
      expect(runDocument.safeParse(r).success).toBe(true);
      expect(r.label).toBe('reference');
      expect(r.source.kind).toBe('reference');
      expect(r.source.citation!.length).toBeGreaterThan(40);
    }
  });

  it('seed 000: Fujitsu MHZ2160B vs Intel 320 (hdparm, bonnie++, boot, login, du, VM install)', () => {
    const h = 'ref-lj-x200s-fujitsu-mhz2160b';
    const s = 'ref-lj-x200s-intel-320';
    expect(fig(h, 'cached-read', 'cached_read').samples).toEqual([3383.99]);
    expect(fig(s, 'buffered-read', 'buffered_read').samples).toEqual([166.48]);
    expect(fig(h, 'bonnie', 'random_seeks').samples).toEqual([175.2]);
    expect(fig(s, 'bonnie', 'seq_create').samples).toEqual([9079]);
    expect(fig(h, 'task.boot', 'wall_time').samples).toEqual([27]);
    expect(fig(s, 'task.login', 'wall_time').samples).toEqual([9]);
    expect(fig(h, 'task.du', 'wall_time').samples).toEqual([325.551]);
    expect(fig(s, 'task.vm-install', 'wall_time').samples).toEqual([632]);
    const du = findReference(h)!.tests.find((t) => t.testId === 'task.du')!;
    expect(du.cpuSeconds![0]).toBeCloseTo(21.289, 6);
    expect(du.ioWaitShare).toBeCloseTo(1 - 21.289 / 325.551, 6);
  });

  it('seed 001: Toshiba MK6006GAH vs Samsung MCBOE32G8APR (three hdparm runs, bonnie++, combined timings)', () => {
    expect(fig('ref-lj-p1610-toshiba-mk6006gah', 'buffered-read', 'buffered_read').samples).toEqual(
      [20.79, 20.78, 20.39],
    );
    expect(fig('ref-lj-p1610-samsung-mcboe32g8apr', 'bonnie', 'random_seeks').samples).toEqual([
      1226.4,
    ]);
    expect(fig('ref-lj-p1610-toshiba-mk6006gah', 'task.boot-login', 'wall_time').samples).toEqual([
      109,
    ]);
    expect(
      fig('ref-lj-p1610-samsung-mcboe32g8apr', 'task.hibernate-resume', 'wall_time').samples,
    ).toEqual([88]);
  });

  it('seed 002: three X25-M iozone tables (and the ext3 re-run)', () => {
    expect(fig('ref-x25m-g2-80gb-ext4', 'iozone', 'random_read', { record_kb: 4 }).samples).toEqual(
      [8684],
    );
    expect(
      fig('ref-x25m-g2-160gb-ubuntuforums', 'iozone', 'read', { record_kb: 512 }).samples,
    ).toEqual([244588]);
    expect(
      fig('ref-x25m-g2-80gb-forum', 'iozone', 'random_write', { record_kb: 64 }).samples,
    ).toEqual([74485]);
    expect(fig('ref-x25m-g2-80gb-ext3', 'iozone', 'write', { record_kb: 4 }).samples).toEqual([
      45452,
    ]);
  });

  it('seed 003 and 004: RAID5 vs OCZ (hdparm, seeker); laptop HDD vs Samsung 512 GB (hdparm, dd, boot)', () => {
    expect(fig('ref-raid5-barracuda-areca', 'seeker', 'random_access_ms').samples).toEqual([11.73]);
    expect(fig('ref-ocz-64gb-ssd', 'seeker', 'seeks_per_second').samples).toEqual([5429]);
    expect(fig('ref-blog-laptop-hdd', 'dd-write', 'throughput')).toMatchObject({
      samples: [63, 75.4, 105],
      unit: 'MB/s',
    });
    expect(fig('ref-blog-laptop-hdd', 'task.boot', 'wall_time').samples).toEqual([
      101, 94, 94, 94, 91,
    ]);
    expect(fig('ref-blog-samsung-512gb-ssd', 'cached-read', 'cached_read').median).toBe(2910.31);
  });
});

describe('compareRuns', () => {
  it('pairs figures by test, metric and parameters; factor > 1 means B is better either way round', () => {
    const c = compareRuns(
      findReference('ref-lj-x200s-fujitsu-mhz2160b')!,
      findReference('ref-lj-x200s-intel-320')!,
    );
    const seeks = c.pairs.find((p) => p.metric === 'random_seeks')!;
    expect(seeks.factor).toBeCloseTo(4636 / 175.2, 6);
    const du = c.pairs.find((p) => p.testId === 'task.du')!;
    expect(du.ratio).toBeCloseTo(41.663 / 325.551, 6);
    expect(du.factor).toBeCloseTo(325.551 / 41.663, 6);
    expect(du.outcome).toBe('faster');
    expect(c.pairs.find((p) => p.metric === 'seq_stat')!.outcome).toBe('unknown');
  });
  it('the verdict rule: memory-speed figures are shown, never compared', () => {
    const c = compareRuns(
      findReference('ref-blog-laptop-hdd')!,
      findReference('ref-blog-samsung-512gb-ssd')!,
    );
    const cached = c.pairs.find((p) => p.metric === 'cached_read')!;
    expect([cached.outcome, cached.excluded]).toEqual(['unknown', 'memory-speed']);
    expect(cached.a.median).not.toBeNull();
    expect(c.pairs.find((p) => p.metric === 'buffered_read')!.outcome).toBe('faster');
  });
  it('converts units before comparing and lists figures only one side has', () => {
    const a = findReference('ref-x25m-g2-80gb-ext4')!;
    const b = structuredClone(a);
    const m = b.tests[0]!.measurements[0]!;
    m.unit = 'MiB/s';
    m.samples = [m.samples[0]! / 1024];
    Object.assign(m, { median: m.samples[0], min: m.samples[0], max: m.samples[0] });
    const c = compareRuns(a, b);
    expect(c.pairs[0]!.b.median).toBeCloseTo(38211, 6);
    expect(c.pairs[0]!.outcome).toBe('no-difference');
    const d = compareRuns(a, findReference('ref-ocz-64gb-ssd')!);
    expect(d.pairs).toEqual([]);
    expect(d.onlyB).toContain('seeker seeks_per_second');
  });
  it('pairs iozone figures of a different file size when nothing closer exists, and says so', () => {
    const a = findReference('ref-x25m-g2-80gb-ext4')!;
    const b = structuredClone(findReference('ref-x25m-g2-80gb-forum')!);
    for (const m of b.tests[0]!.measurements) m.params = { ...m.params, file_kb: 65536 };
    const c = compareRuns(a, b);
    expect(c.pairs).toHaveLength(18);
    expect(c.onlyA).toEqual([]);
    expect(c.pairs[0]!.note).toBe('file size differs: 262144 KB vs 65536 KB');
    expect(compareRuns(a, findReference('ref-x25m-g2-80gb-forum')!).pairs[0]!.note).toBeUndefined();
  });
});
