// Before every component test file: the preload double where the transport looks for it, and
// after every test an unmounted page and stores back at their start (zustand stores are module
// singletons, so one test's choices would otherwise leak into the next).
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import type { StoreApi } from 'zustand';
import { preload } from '../unit/renderer/seam/preload-double';
import { useSetup } from '../../src/renderer/setup-store';
import { useApp } from '../../src/renderer/store';
import { useVerdict } from '../../src/renderer/verdict/verdict-store';
import { useWizard } from '../../src/renderer/wizard/wizard-store';

const resetStore = <T>(s: StoreApi<T>) => s.setState(s.getInitialState(), true);

// happy-dom has no 2D canvas. A stand-in context that draws nothing lets chart.js build its chart
// (scales, datasets, labels) so a test can read what the chart holds with Chart.getChart(canvas).
function contextStandIn(canvas: HTMLCanvasElement): CanvasRenderingContext2D {
  const state: Record<string | symbol, unknown> = {
    canvas,
    measureText: (t: string) => ({ width: 6 * String(t).length, actualBoundingBoxAscent: 8 }),
    createLinearGradient: () => ({ addColorStop: () => undefined }),
    getLineDash: () => [],
  };
  return new Proxy(state, {
    get: (t, k) => (k in t ? t[k] : () => undefined),
    set: (t, k, v) => ((t[k] = v), true),
  }) as unknown as CanvasRenderingContext2D;
}
HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, kind: string) {
  return kind === '2d' ? contextStandIn(this) : null;
} as HTMLCanvasElement['getContext'];

afterEach(() => {
  cleanup();
  preload.reset();
  resetStore(useApp);
  resetStore(useSetup);
  resetStore(useVerdict);
  resetStore(useWizard);
});
