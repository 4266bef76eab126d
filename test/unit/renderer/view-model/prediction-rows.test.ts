// The prediction's cells, shared by the verdict screen and the report.
import { describe, expect, it } from 'vitest';
import { predict } from '../../../../src/shared/prediction';
import { predictionRows } from '../../../../src/renderer/view-model/prediction-rows';
import { realisticPair } from '../../shared/verdict/realistic-runs';

describe('prediction rows', () => {
  const { before, after } = realisticPair();

  it('before buying: no measured column, every cell formatted', () => {
    const r = predictionRows(predict(before, { preset: 'sata-ssd' }));
    expect(r.measured).toBe(false);
    expect(r.figures.length).toBeGreaterThan(0);
    expect(r.tasks.length).toBeGreaterThan(0);
    for (const t of r.tasks) {
      expect(t.now).toMatch(/ s$|^—$/);
      expect(t.waiting).toMatch(/^\d+ %$/);
      expect(t.measured).toBe('—');
      expect(t.offBy).toBe('—');
      expect(t.range).toMatch(/ s – .* s/);
      expect(t.inside).toBe('—');
    }
  });

  it('after the swap: off by is the size of the miss as a share of the measurement', () => {
    const p = predict(before, { preset: 'sata-ssd' }, after);
    const r = predictionRows(p);
    expect(r.measured).toBe(true);
    const i = p.tasks.findIndex((t) => t.error !== null && t.error < 0);
    if (i >= 0)
      expect(r.tasks[i]!.offBy).toBe(`${Math.round(Math.abs(p.tasks[i]!.error!) * 100)} %`);
    for (const [j, t] of p.tasks.entries())
      if (t.measuredSeconds !== null)
        expect(r.tasks[j]!.inside).toMatch(/^(inside the predicted range|outside the range: )/);
    const f = p.synthetic.findIndex((x) => x.measured);
    const x = p.synthetic[f]!;
    expect(r.figures[f]!.offBy).toBe(
      `${Math.round((Math.abs(x.measured! - x.predicted) / x.measured!) * 100)} %`,
    );
  });
});
