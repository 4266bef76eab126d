// The verdict screen's cards and the report's first page print these same strings.
import { describe, expect, it } from 'vitest';
import { computeVerdict } from '../../../../src/shared/verdict';
import { timeAndMoney } from '../../../../src/renderer/view-model/time-money';
import { realisticPair } from '../../shared/verdict/realistic-runs';

describe('time and money', () => {
  const { before, after } = realisticPair();
  const v = computeVerdict(before, after);

  it('an HDD → SSD pair: time a day and a year, price per GB and per hour saved', () => {
    const f = timeAndMoney(v.totals, v.money);
    expect(f).toMatchObject({ known: true, estimate: '', perDay: '2 min 45 s' });
    expect(f.perYear).toMatch(/^\d+\.\d h$/);
    expect(f.perGB).toMatch(/^€\d\.\d{3} → €\d\.\d{3}$/);
    expect(f.perHourSaved).toBe('€7.49');
  });

  it('a measured zero is shown; nothing timed is unknown, not zero', () => {
    const zero = { ...v.totals, savedPerDaySeconds: 0, savedPerYearHours: 0 };
    expect(timeAndMoney(zero, v.money)).toMatchObject({ perDay: '0 s', perYear: '0 min' });
    const none = timeAndMoney({ ...zero, basis: 'none' }, v.money);
    expect(none).toMatchObject({ known: false, perDay: null, perYear: '—', perHourSaved: '—' });
    expect(timeAndMoney({ ...v.totals, basis: 'mixed' }, v.money).estimate).toBe(
      'partly estimated',
    );
  });
});
