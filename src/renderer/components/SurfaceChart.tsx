// The surface chart (speed against position across the drive), for the Verdict step and the
// printed report alike: a chart.js line per drive, and one sentence per drive under it.
import { useEffect, useRef } from 'react';
import type { SurfaceSide } from '../../shared/verdict/surface';
import {
  surfaceCaption,
  surfaceChartConfig,
  type SurfaceColors,
} from '../view-model/surface-chart';
import { Chart } from './chart';

export function SurfaceChart({
  sides,
  colors,
  paper = false,
}: {
  sides: SurfaceSide[];
  colors: SurfaceColors;
  /** Printed: fixed size, no animation. */
  paper?: boolean;
}) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    const chart = new Chart(ref.current, surfaceChartConfig(sides, colors, { animate: !paper }));
    return () => chart.destroy();
  }, [sides, colors, paper]);
  return (
    <figure className="surface-chart" data-testid="surface-chart">
      <div style={{ position: 'relative', height: 220, width: paper ? 680 : '100%' }}>
        <canvas
          ref={ref}
          role="img"
          aria-label={`Read speed across the drive: ${sides.map(surfaceCaption).join(' ')}`}
          {...(paper ? { width: 680, height: 220 } : {})}
        />
      </div>
      <figcaption>
        {sides.map((s) => (
          <p key={s.side} className="small">
            {surfaceCaption(s)}
          </p>
        ))}
      </figcaption>
    </figure>
  );
}
