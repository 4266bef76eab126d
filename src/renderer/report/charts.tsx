// The report's three kinds of chart: speed-up per metric, before/after per group, tasks CPU vs I/O.
import { useMemo } from 'react';
import type { MetricComparison } from '../../shared/verdict';
import { COLORS, logTick, logTicks } from './chart-utils';
import { distinctLabels, wrapLabel } from '../view-model/chart-labels';
import { ReportChart } from './ReportChart';
import { fmtRatio } from '../../shared/format';
import type { ChartGroup } from '../view-model/chart-groups';

const axisNum = (v: number) => (v >= 1 ? v.toLocaleString('en-US') : String(v));

const logFloor = (bars: ChartGroup['bars']): number | undefined => {
  const v = bars.flatMap((b) => [b.before, b.after]).filter((x): x is number => !!x && x > 0);
  // At least a third of the smallest value below it: a 0.104 ms bar on an axis from 0.1 is a
  // sliver nobody sees, from 0.01 it is a bar.
  return v.length ? 10 ** Math.floor(Math.log10(Math.min(...v) / 3)) : undefined;
};

/**
 * Room for the title, legend and axis, then each row as tall as its wrapped label needs: a
 * two-line label on a thin row would run into the next one.
 */
const barHeight = (labels: (string | string[])[], perRow: number) =>
  110 +
  labels.reduce<number>(
    (sum, l) => sum + Math.max(perRow, 14 * (Array.isArray(l) ? l.length : 1) + 12),
    0,
  );

/** Floating bars from 1× to the speed-up on a log axis: faster goes right, slower goes left. */
export function speedupRange(rows: MetricComparison[]): [number, number] {
  const values = rows.flatMap((c) => (c.speedup === null ? [] : [c.speedup]));
  return [Math.min(0.5, ...values.map((v) => v / 1.5)), Math.max(2, ...values.map((v) => v * 1.5))];
}

export function SpeedupChart({
  rows,
  range,
  part = '',
  labelOf = (c) => `${c.testTitle}: ${c.label}`,
}: {
  rows: MetricComparison[];
  /** How a row is named on the axis (the report passes human labels). */
  labelOf?: (c: MetricComparison) => string;
  /** Shared by all parts of a split chart, so bars compare across them. */
  range: [number, number];
  part?: string;
}) {
  const config = useMemo(() => {
    const [lo, hi] = range;
    return {
      type: 'bar' as const,
      data: {
        labels: distinctLabels(rows, labelOf, (c) => c.unit).map((l) => wrapLabel(l, 48, 2)),
        datasets: [
          {
            label: 'Speed-up (after vs before)',
            data: rows.map((c) => [1, c.speedup!] as [number, number]),
            backgroundColor: rows.map((c) =>
              c.outcome === 'faster'
                ? COLORS.faster
                : c.outcome === 'slower'
                  ? COLORS.slower
                  : COLORS.same,
            ),
            barPercentage: 0.8,
          },
        ],
      },
      options: {
        indexAxis: 'y' as const,
        plugins: {
          legend: { display: false },
          title: {
            display: true,
            text: `Speed-up per measurement (× better; grey = inside the noise)${part}`,
          },
        },
        scales: {
          x: {
            type: 'logarithmic' as const,
            min: lo,
            max: hi,
            title: { display: true, text: 'speed-up factor (log scale), 1× = no change' },
            afterBuildTicks: (axis: { ticks: { value: number }[] }) => {
              axis.ticks = logTicks(lo, hi).map((value) => ({ value }));
            },
            ticks: {
              maxRotation: 0,
              callback: (v: number | string) => logTick(Number(v), fmtRatio),
            },
          },
          y: { ticks: { autoSkip: false } },
        },
      },
    };
  }, [rows, range, part, labelOf]);
  if (!rows.length) return null;
  return (
    <ReportChart
      config={config}
      height={barHeight(config.data.labels, 28)}
      label="Speed-up per measurement"
      testId="chart-speedup"
      bars={rows.map(labelOf)}
    />
  );
}

export function GroupChart({ group, single }: { group: ChartGroup; single: boolean }) {
  const config = useMemo(() => {
    const datasets = [
      {
        label: single ? 'Measured' : 'Before',
        data: group.bars.map((b) => b.before),
        backgroundColor: single ? COLORS.after : COLORS.before,
      },
      ...(single
        ? []
        : [
            { label: 'After', data: group.bars.map((b) => b.after), backgroundColor: COLORS.after },
          ]),
    ];
    return {
      type: 'bar' as const,
      data: { labels: group.bars.map((b) => wrapLabel(b.label, 48, 2)), datasets },
      options: {
        indexAxis: 'y' as const,
        plugins: {
          legend: { display: !single, position: 'top' as const },
          title: { display: true, text: group.title + (group.log ? ' — log scale' : '') },
        },
        scales: {
          x: {
            type: group.log ? ('logarithmic' as const) : ('linear' as const),
            ...(group.log
              ? {
                  // Bars start at a power of ten below the smallest value, so none is a sliver.
                  min: logFloor(group.bars),
                  afterBuildTicks: (axis: {
                    ticks: { value: number }[];
                    min: number;
                    max: number;
                  }) => {
                    axis.ticks = logTicks(axis.min, axis.max).map((value) => ({ value }));
                  },
                }
              : {}),
            title: { display: true, text: group.unit },
            ticks: {
              maxRotation: 0,
              ...(group.log
                ? { callback: (v: number | string) => logTick(Number(v), axisNum) }
                : {}),
            },
          },
          y: { ticks: { autoSkip: false } },
        },
      },
    };
  }, [group, single]);
  return (
    <ReportChart
      config={config}
      height={barHeight(config.data.labels, single ? 22 : 34)}
      label={group.title}
      testId="chart-group"
      bars={group.bars.map((b) => b.label)}
    />
  );
}
