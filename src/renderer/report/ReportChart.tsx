// chart.js drawn for paper: no animation, fixed size, double resolution, light colours only.
import { useEffect, useRef } from 'react';
import type { ChartConfiguration } from 'chart.js';
import { Chart } from '../components/chart';

import { CHART_WIDTH, COLORS } from './chart-utils';

/** Opaque white under every chart: PDF viewers and dark HTML viewers then show it as printed. */
const PAPER = {
  id: 'drivewise-paper',
  beforeDraw(chart: Chart) {
    const { ctx, width, height } = chart;
    ctx.save();
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, width, height);
    ctx.restore();
  },
};

export function ReportChart({
  config,
  height,
  label,
  testId,
  bars,
}: {
  config: ChartConfiguration<'bar', (number | [number, number] | null)[], string | string[]>;
  height: number;
  label: string;
  testId?: string;
  /** What each bar row is, in full: the figures the chart draws. */
  bars: string[];
}) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    Chart.defaults.color = COLORS.text;
    Chart.defaults.font.family = 'system-ui, "Noto Sans", "DejaVu Sans", sans-serif';
    Chart.defaults.font.size = 11;
    Chart.defaults.borderColor = COLORS.grid;
    const chart = new Chart(ref.current, {
      ...config,
      plugins: [PAPER],
      options: {
        ...config.options,
        animation: false,
        responsive: false,
        devicePixelRatio: 2,
        events: [],
      },
    });
    return () => chart.destroy();
  }, [config]);
  return (
    <canvas
      ref={ref}
      className="report-chart"
      width={CHART_WIDTH}
      height={height}
      style={{ width: CHART_WIDTH, height }}
      role="img"
      aria-label={label}
      data-testid={testId}
      data-bars={bars.join(' | ')}
    />
  );
}
