import { describe, expect, it } from 'vitest';
import {
  BONNIE_FILES,
  BONNIE_METRICS,
  BONNIE_OUT,
} from '../../../../src/shared/bench/bonnie-metrics';
import { figureLabel, humanise } from '../../../../src/shared/labels';

describe('bonnie++ metric names, one list for the engine and the importer', () => {
  it('lists both tables in bonnie++ order, with the unit the engine records', () => {
    expect(BONNIE_METRICS.map(([m]) => m)).toEqual([...BONNIE_OUT, ...BONNIE_FILES]);
    expect(Object.fromEntries(BONNIE_METRICS)).toMatchObject({
      seq_output_block: 'KiB/s',
      random_seeks: 'seeks/s',
      random_delete: 'files/s',
    });
  });

  it('every name has a person-readable label', () => {
    for (const [metric] of BONNIE_METRICS) {
      const l = figureLabel('bonnie', { metric });
      expect(l.label, metric).not.toBe(humanise(metric));
      expect(l.tag, metric).toMatch(/^bonnie\+\+/);
    }
  });
});
