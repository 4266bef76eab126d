// One grouping for the verdict screen's and the report's charts: by theme and unit, MB/s for all
// throughputs, log axes where bars would vanish; labels wrapped and never two alike.
import { describe, expect, it } from 'vitest';
import { compareRuns } from '../../../../src/shared/verdict/compare';
import type { RunDocument } from '../../../../src/shared/schemas/run';
import { chartGroups, notDrawnLine } from '../../../../src/renderer/view-model/chart-groups';
import { distinctLabels, wrapLabel } from '../../../../src/renderer/view-model/chart-labels';
import { seedPair } from '../report/fixtures';

const hdparmT = (r: RunDocument) =>
  r.tests.find((t) => t.testId === 'buffered-read')!.measurements[0]!.median!;

describe('chart groups', () => {
  const { before, after } = seedPair();
  const comparisons = compareRuns(before, after);
  const groups = chartGroups(comparisons);

  it('throughputs share MB/s whatever the tool printed (MiB/s, KiB/s)', () => {
    const seq = groups.find((g) => g.id === 'sequential|MB/s')!;
    const hd = seq.bars.find((b) => b.label === 'Sequential read speed (hdparm -t)')!;
    expect(hdparmT(before)).toBeCloseTo(73.1, 0);
    expect(hd.before).toBeCloseTo(hdparmT(before) * 1.048576, 6);
    const blk = seq.bars.find((b) => b.label === 'Sequential read speed (bonnie++ block read)')!;
    expect(blk.after).toBeCloseTo((297390 * 1024) / 1e6, 3);
    // The comparison behind each bar is converted too (the screen draws its whiskers).
    const i = seq.bars.indexOf(hd);
    expect(seq.rows[i]!.unit).toBe('MB/s');
    expect(seq.rows[i]!.before.median).toBeCloseTo(hd.before!, 9);
  });

  it('random access and wide ranges are drawn on a log axis', () => {
    expect(groups.find((g) => g.id.startsWith('random-access'))!.log).toBe(true);
    expect(groups.find((g) => g.id === 'sequential|MB/s')!.log).toBe(true); // per-char vs block
  });

  it('a whisker far from its bar puts the group on a log axis too', () => {
    // iozone's 4 KiB rows on a throttled loop: medians 0.65 MB/s, one cached repetition 215 MB/s.
    const seq = comparisons.filter((c) => c.theme === 'sequential' && !c.excluded);
    const small = seq.filter((c) => c.unit === seq[0]!.unit);
    expect(small.length).toBeGreaterThan(0);
    const spread = (c: (typeof small)[number], top: number) => ({
      ...c,
      before: { ...c.before, median: 0.65, min: 0.6, max: 0.7 },
      after: { ...c.after, median: 0.66, min: 0.6, max: top },
    });
    const narrow = chartGroups(small.map((c) => spread(c, 0.7)));
    expect(narrow.length).toBeGreaterThan(0);
    expect(narrow.every((g) => !g.log)).toBe(true);
    expect(chartGroups(small.map((c, i) => spread(c, i ? 0.7 : 215))).every((g) => g.log)).toBe(
      true,
    );
  });

  it('a figure not compared is never a bar: named once instead', () => {
    // hdparm -T runs at memory speed: not compared, so not drawn (a PDF drew a cache hit as the
    // longest bar, in the grey its legend calls "inside the noise").
    expect(groups.find((g) => g.id.startsWith('memory'))).toBeUndefined();
    for (const g of groups) for (const r of g.rows) expect(r.excluded, r.key).toBeFalsy();
    expect(notDrawnLine(comparisons)).toMatch(
      /^Not drawn in the charts: Memory read speed \(hdparm -T\), not compared \(memory speed\)/,
    );
  });
});

describe('chart labels', () => {
  it('long labels wrap to at most three lines; repeated ones get their unit', () => {
    expect(wrapLabel('Two VirtualBox VMs installing Ubuntu Server at once', 20)).toEqual([
      'Two VirtualBox VMs',
      'installing Ubuntu',
      'Server at once',
    ]);
    expect(wrapLabel('a b c d e f g h', 1, 2)).toEqual(['a', 'b…']);
    expect(
      distinctLabels(
        [
          { l: 'RND 4K Q1 read', u: 'IOPS' },
          { l: 'RND 4K Q1 read', u: 'µs' },
          { l: 'SEQ 1M Q8 read', u: 'KiB/s' },
        ],
        (x) => x.l,
        (x) => x.u,
      ),
    ).toEqual(['RND 4K Q1 read, IOPS', 'RND 4K Q1 read, µs', 'SEQ 1M Q8 read']);
  });
});

describe('split groups', () => {
  it('cuts bars and their comparisons together, titled part by part', async () => {
    const { splitGroup } = await import('../../../../src/renderer/view-model/chart-groups');
    const { before, after } = seedPair();
    const seq = chartGroups(compareRuns(before, after)).find((g) => g.id === 'sequential|MB/s')!;
    const parts = splitGroup(seq, 3);
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.flatMap((p) => p.bars)).toEqual(seq.bars);
    expect(parts.flatMap((p) => p.rows)).toEqual(seq.rows);
    for (const p of parts) expect(p.rows).toHaveLength(p.bars.length);
    expect(parts[0]!.title).toBe(`${seq.title} (1 of ${parts.length})`);
    expect(splitGroup(seq, 100)).toEqual([{ ...seq, id: `${seq.id}#0` }]);
  });
});
