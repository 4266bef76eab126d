// One chart.js canvas, coloured from the app's CSS variables so it reads in light and dark mode.
import { useEffect, useRef, useState } from 'react';
import type { Plugin } from 'chart.js';
import { Chart } from '../components/chart';
import type { ChartSpec, Palette, WhiskerData } from './verdict-charts';

/** Draws each bar's min–max range as a whisker: a median alone would hide the noise. */
const whiskers: Plugin<'bar'> = {
  id: 'dw-whiskers',
  afterDatasetsDraw(chart) {
    const { ctx } = chart;
    const x = chart.scales.x;
    if (!x) return;
    chart.data.datasets.forEach((ds, i) => {
      const ranges = (ds as WhiskerData).whiskers;
      const meta = chart.getDatasetMeta(i);
      if (!ranges || meta.hidden) return;
      ctx.save();
      ctx.strokeStyle = String(chart.options.color ?? '#000');
      ctx.lineWidth = 1.5;
      meta.data.forEach((bar, j) => {
        const r = ranges[j];
        if (!r) return;
        const y = bar.y;
        const x0 = x.getPixelForValue(r[0]);
        const x1 = x.getPixelForValue(r[1]);
        ctx.beginPath();
        ctx.moveTo(x0, y);
        ctx.lineTo(x1, y);
        ctx.moveTo(x0, y - 4);
        ctx.lineTo(x0, y + 4);
        ctx.moveTo(x1, y - 4);
        ctx.lineTo(x1, y + 4);
        ctx.stroke();
      });
      ctx.restore();
    });
  },
};

function cssVar(name: string, fallback: string): string {
  const v = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return v || fallback;
}

export function readPalette(): Palette {
  const dark = window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
  return {
    before: cssVar('--chart-before', '#8a94a6'),
    after: cssVar('--chart-after', '#1d6fd8'),
    reference: dark ? '#c89bff' : '#7b3fc4',
    cpu: dark ? '#8d99ab' : '#6b7a90',
    io: dark ? '#f0a040' : '#d07a10',
    unsplit: dark ? '#5d6675' : '#b8c0cc',
    text: cssVar('--text', '#1b1f24'),
    muted: cssVar('--muted', '#5a6370'),
    grid: cssVar('--border', '#d5dae1'),
  };
}

/** The palette, refreshed when the system switches between light and dark. */
export function usePalette(): Palette {
  const [palette, setPalette] = useState(readPalette);
  useEffect(() => {
    const mq = window.matchMedia?.('(prefers-color-scheme: dark)');
    if (!mq) return;
    const on = () => setPalette(readPalette());
    mq.addEventListener('change', on);
    return () => mq.removeEventListener('change', on);
  }, []);
  return palette;
}

export function VerdictChart({ spec }: { spec: ChartSpec }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    const chart = new Chart(ref.current, { ...spec.config, plugins: [whiskers] });
    return () => chart.destroy();
  }, [spec]);
  const height = Math.max(180, 90 + spec.rows * 26);
  return (
    <figure className="vd-chart" data-testid={`chart-${spec.id}`}>
      <div style={{ height }}>
        <canvas
          ref={ref}
          role="img"
          aria-label={`${spec.title}. ${spec.summary}`}
          data-bars={spec.bars.join(' | ')}
        />
      </div>
    </figure>
  );
}
