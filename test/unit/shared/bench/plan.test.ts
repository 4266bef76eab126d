import { describe, expect, it } from 'vitest';
import { parseApps } from '../../../../src/shared/bench/plan';

describe('parseApps (the Plan step field and bench --apps)', () => {
  it('splits on commas, trims, drops empties and repeats', () => {
    expect(parseApps('')).toEqual([]);
    expect(parseApps('firefox,libreoffice')).toEqual(['firefox', 'libreoffice']);
    expect(parseApps(' a , b , a ')).toEqual(['a', 'b']);
  });
});
