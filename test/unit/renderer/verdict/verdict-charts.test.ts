import { describe, expect, it } from 'vitest';
import { computeVerdict } from '../../../../src/shared/verdict';
import {
  logMin,
  tasksChart,
  verdictCharts,
  type Palette,
} from '../../../../src/renderer/verdict/verdict-charts';
import { forDisplay, tickLabel } from '../../../../src/renderer/verdict/verdict-format';
import { chartGroups } from '../../../../src/renderer/view-model/chart-groups';
import { realisticPair } from '../../shared/verdict/realistic-runs';

const palette: Palette = {
  before: '#888',
  after: '#12f',
  reference: '#70c',
  cpu: '#678',
  io: '#d71',
  unsplit: '#bbb',
  text: '#111',
  muted: '#555',
  grid: '#ddd',
};
const { before, after } = realisticPair();
const v = computeVerdict(before, after);

describe('verdict charts (pure configs)', () => {
  it('one chart per theme and unit, as in the report; random access and file operations on log scales', () => {
    const charts = verdictCharts(v, palette);
    const byId = new Map(charts.map((c) => [c.id, c]));
    expect(byId.get('random-access|seeks/s')!.config.options!.scales!.x!.type).toBe('logarithmic');
    expect(byId.get('file-ops|files/s')!.config.options!.scales!.x!.type).toBe('logarithmic');
    expect(byId.get('sequential|MB/s')!.config.options!.scales!.x!.type).toBe('linear');
    expect(byId.get('sequential|MB/s')!.title).toBe('Sequential throughput, MB/s');
    // KiB/s and MiB/s figures are shown in MB/s; the RND 4K Q1 latencies only in their own chart.
    const groups = chartGroups(v.comparisons);
    expect(groups.some((g) => g.rows.some((r) => /iB\/s$/.test(r.unit)))).toBe(false);
    expect(charts.every((c) => !c.title.startsWith('Small-block') || c.rows > 0)).toBe(true);
    expect(charts.map((c) => c.id)).toContain('latency');
  });

  it("each axis holds its bars' whiskers (a noisy figure's range ran off the chart)", () => {
    type Ws = { data: (number | null)[]; whiskers?: ([number, number] | null)[] }[];
    let checked = 0;
    for (const c of verdictCharts(v, palette)) {
      const ends = (c.config.data.datasets as Ws).flatMap((d) => d.whiskers ?? []);
      const tops = ends.filter((e): e is [number, number] => e !== null).map((e) => e[1]);
      if (!tops.length) continue;
      const x = c.config.options!.scales!.x as { suggestedMax?: number; min?: number };
      expect(x.suggestedMax, c.id).toBe(Math.max(...tops));
      if (x.min !== undefined)
        for (const e of ends) if (e && e[0] > 0) expect(e[0], c.id).toBeGreaterThanOrEqual(x.min);
      checked++;
    }
    expect(checked).toBeGreaterThan(3);
  });

  it('tasks split into CPU work and waiting for the disk, per side', () => {
    const t = tasksChart(v.tasks, palette)!;
    const [cpu, io] = t.config.data.datasets;
    expect(t.config.data.labels).toHaveLength(10);
    // du before: 96 s wall, 9.2 s CPU.
    expect(cpu!.data[4]).toBeCloseTo(9.2);
    expect(io!.data[4]).toBeCloseTo(96 - 9.2);
  });

  it("gives a task's wrapped label its lines' height (a 26 px row unit holds 1.6 lines)", () => {
    const t = tasksChart(v.tasks, palette)!;
    const labels = t.config.data.labels as string[][];
    const longest = Math.max(...labels.map((l) => l.length));
    // Short and long labels side by side: the case where summing their lines fell short.
    expect(longest).toBeGreaterThanOrEqual(2);
    expect(labels.some((l) => l.length === 1)).toBe(true);
    // One row unit a label, as it was, left three-line labels 26 px each: they overlapped. Every
    // bar gets the same band (a category axis), so each band holds the longest label's lines.
    expect(t.rows).toBeGreaterThanOrEqual(Math.ceil((labels.length * longest) / 1.6));
  });

  it('the reference overlay adds a dataset only where the reference has the metric', () => {
    const key = v.comparisons.find((c) => c.metric === 'buffered_read')!.key;
    const charts = verdictCharts(v, palette, {
      name: 'Intel 320',
      values: { [key]: 159 },
      units: { [key]: 'MiB/s' },
    });
    const hd = charts.find((c) => c.id === 'sequential|MB/s')!;
    expect(hd.config.data.datasets.map((d) => d.label)).toContain('Reference: Intel 320');
    expect(charts.find((c) => c.id === 'random-access|seeks/s')!.config.data.datasets).toHaveLength(
      2,
    );
    // The reference's MiB/s figure is drawn in MB/s like the bars.
    const i = hd.config.data.datasets.findIndex((d) => d.label === 'Reference: Intel 320');
    expect(hd.config.data.datasets[i]!.data).toContain(159 * 1.048576);
  });

  it('formatting helpers', () => {
    expect(tickLabel(20000, true)).toBe('20K');
    expect(tickLabel(3000, true)).toBe('');
    // Across more than three decades only the powers of ten: 50 and 100 ran together.
    expect(tickLabel(50, true, 4.3)).toBe('');
    expect(tickLabel(100, true, 4.3)).toBe('100');
    expect(tickLabel(50, true, 2)).toBe('50');
    expect(tickLabel(250, false)).toBe('250');
    expect(logMin([0.104, 12.5])).toBe(0.01);
    const c = forDisplay(v.comparisons.find((x) => x.unit === 'KiB/s')!);
    expect(c.unit).toBe('MB/s');
  });
});

describe('metric labels', () => {
  it('name the fio metric once, whether or not the engine label carries the operation', async () => {
    const { metricLabel } = await import('../../../../src/shared/verdict/metrics');
    const base = {
      unit: 'IOPS',
      better: 'higher' as const,
      samples: [],
      median: null,
      min: null,
      max: null,
    };
    expect(metricLabel({ ...base, metric: 'read_iops', label: 'SEQ 1M Q8 read' })).toBe(
      'SEQ 1M Q8 read IOPS',
    );
    expect(metricLabel({ ...base, metric: 'read_iops', label: 'RND 4K Q32' })).toBe(
      'RND 4K Q32 read IOPS',
    );
    expect(metricLabel({ ...base, metric: 'write_bw', label: 'RND 4K Q1 write' })).toBe(
      'RND 4K Q1 write',
    );
    expect(metricLabel({ ...base, metric: 'clat_p99_us', label: 'RND 4K Q1 read' })).toBe(
      'RND 4K Q1 read latency p99',
    );
    expect(metricLabel({ ...base, metric: 'read', params: { record_kb: 4, file_kb: 1024 } })).toBe(
      'read (4 KiB records)',
    );
  });
});
