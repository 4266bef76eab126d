// The surface chart's configuration from the captured zoned readings: one line per drive, in
// % of the drive against MiB/s, and its caption's words.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SurfaceProfile } from '../../../../src/shared/verdict/surface';
import {
  surfaceCaption,
  surfaceChartConfig,
} from '../../../../src/renderer/view-model/surface-chart';

const zoned = JSON.parse(
  readFileSync('test/fixtures/surface/zoned-loop.json', 'utf8'),
) as SurfaceProfile;
const colors = { before: '#111', after: '#222', text: '#333', grid: '#444' };

describe('surface chart', () => {
  it('draws each drive as a line from 0 to 100 % of the drive, coloured by side', () => {
    const side = {
      side: 'before' as const,
      name: 'Old disk',
      profile: zoned,
      innerShare: 0.12,
      zoned: true,
    };
    const c = surfaceChartConfig([side, { ...side, side: 'after', name: 'New' }], colors, {
      animate: false,
    });
    expect(c.type).toBe('line');
    expect(c.data.datasets.map((d) => [d.label, d.borderColor])).toEqual([
      ['Old disk', '#111'],
      ['New', '#222'],
    ]);
    const xs = c.data.datasets[0]!.data.map((p) => p.x);
    expect(xs[0]).toBe(0);
    expect(xs.at(-1)).toBeGreaterThan(98);
    expect(c.options?.animation).toBe(false);
    expect(surfaceCaption(side)).toBe(
      'Old disk: inner third at 12 % of the outer (zones, as on a hard disk); where your files sit: not known: no filesystem on this device.',
    );
  });
});
