// chart.js drawn for paper: no animation, fixed size, double resolution, light colours only.
import { useEffect, useRef } from 'react';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LogarithmicScale,
  Title,
  type ChartConfiguration,
} from 'chart.js';

Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  LinearScale,
  LogarithmicScale,
  Legend,
  Title,
);

/** Printable content width: fits inside A4 (182 mm) and Letter (188 mm) with our margins. */
export const CHART_WIDTH = 680;

export const COLORS = {
  before: '#8a94a6',
  after: '#1d6fd8',
  cpu: '#6b7a90',
  io: '#e08a1e',
  faster: '#1e7d32',
  slower: '#b3261e',
  same: '#8a94a6',
  text: '#1b1f24',
  grid: '#d5dae1',
};

/** Log axes label only 1, 2 and 5 times a power of ten; the other grid lines stay unlabelled. */
export function logTick(v: number, fmt: (x: number) => string): string {
  if (!(v > 0)) return '';
  const m = v / 10 ** Math.floor(Math.log10(v) + 1e-9);
  return [1, 2, 5].some((k) => Math.abs(m - k) < 1e-6) ? fmt(v) : '';
}

/** Long metric names wrap onto several lines instead of eating the plot area. */
export function wrapLabel(s: string, width = 34): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of s.split(' ')) {
    if (line && (line + ' ' + word).length > width) {
      out.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) out.push(line);
  return out.slice(0, 3);
}

export function ReportChart({
  config,
  height,
  label,
  testId,
}: {
  config: ChartConfiguration<'bar', (number | [number, number] | null)[], string | string[]>;
  height: number;
  label: string;
  testId?: string;
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
    />
  );
}
