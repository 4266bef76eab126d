// The surface chart as pure chart.js configuration: read speed against position across the drive,
// one line per drive that has a surface scan (the verdict's `surface`, or a single run's). No DOM.
import type { ChartConfiguration } from 'chart.js';
import { shapeOf, type SurfaceShape, type SurfaceSide } from '../../shared/verdict/surface';

export type LineConfig = ChartConfiguration<'line', { x: number; y: number }[]>;

export interface SurfaceColors {
  before: string;
  after: string;
  text: string;
  grid: string;
}

/** Position in % of the drive (0 = start, the outer tracks of a hard disk) against MiB/s. */
export function surfaceChartConfig(
  sides: SurfaceSide[],
  c: SurfaceColors,
  opts: { animate: boolean },
): LineConfig {
  return {
    type: 'line',
    data: {
      datasets: sides.map((s) => ({
        label: s.name,
        data: s.profile.points.map((p) => ({ x: Math.round(p.at * 1000) / 10, y: p.mibPerSec })),
        borderColor: s.side === 'before' ? c.before : c.after,
        backgroundColor: s.side === 'before' ? c.before : c.after,
        borderWidth: 1.5,
        pointRadius: 0,
        tension: 0,
      })),
    },
    options: {
      animation: opts.animate ? undefined : false,
      responsive: opts.animate,
      maintainAspectRatio: false,
      parsing: false,
      plugins: {
        legend: { display: sides.length > 1, labels: { color: c.text } },
        title: { display: true, text: 'Read speed across the drive', color: c.text },
      },
      scales: {
        x: {
          type: 'linear',
          min: 0,
          max: 100,
          title: { display: true, text: 'position on the drive (% from the start)', color: c.text },
          ticks: { color: c.text },
          grid: { color: c.grid },
        },
        y: {
          type: 'linear',
          beginAtZero: true,
          title: { display: true, text: 'MiB/s', color: c.text },
          ticks: { color: c.text },
          grid: { color: c.grid },
        },
      },
    },
  };
}

const pct = (x: number): string => `${Math.round(x * 100)} %`;

const SHAPE_WORDS: Record<SurfaceShape, string> = {
  zoned: 'zones, as on a hard disk',
  swinging: 'no steady slope: its readings swing',
  flat: 'flat',
};

/** One line per drive under the chart: its inner-to-outer share and where the data sits. */
export function surfaceCaption(s: SurfaceSide): string {
  const where = s.profile.data
    ? `${pct(s.profile.data.inner)} of your files' bytes in the inner third, ${pct(s.profile.data.outer)} in the outer`
    : `where your files sit: ${s.profile.dataNote}`;
  return `${s.name}: inner third at ${pct(s.innerShare)} of the outer (${SHAPE_WORDS[shapeOf(s)]}); ${where}.`;
}
