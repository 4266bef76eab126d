// The time-and-money figures the verdict screen's cards and the report's first page both print:
// one set of rules, two layouts. A measured zero (or loss) is shown as it is; only a pair with
// no task timed on both drives has no time saved at all.
import type { Verdict } from '../../shared/verdict';
import { fmtHours, fmtMoney, formatSeconds } from '../../shared/format';

type Totals = Pick<Verdict['totals'], 'basis' | 'savedPerDaySeconds' | 'savedPerYearHours'>;

interface TimeAndMoneyFigures {
  /** False when no task was timed: the time figures are then unknown, not zero. */
  known: boolean;
  /** Where the time saved comes from, as a suffix: '', 'estimated' or 'partly estimated'. */
  estimate: '' | 'estimated' | 'partly estimated';
  perDay: string | null;
  perYear: string;
  /** "€0.040 → €0.079": a fraction of a cent matters per GB. */
  perGB: string;
  perHourSaved: string;
}

export function timeAndMoney(totals: Totals, money: Verdict['money']): TimeAndMoneyFigures {
  const known = totals.basis !== 'none';
  const c = money.currency;
  return {
    known,
    estimate:
      totals.basis === 'estimated'
        ? 'estimated'
        : totals.basis === 'mixed'
          ? 'partly estimated'
          : '',
    perDay: known ? formatSeconds(totals.savedPerDaySeconds) : null,
    perYear: known ? fmtHours(totals.savedPerYearHours) : '—',
    perGB: `${fmtMoney(money.oldPerGB, c, 3)} → ${fmtMoney(money.newPerGB, c, 3)}`,
    perHourSaved: known ? fmtMoney(money.pricePerHourSaved, c) : '—',
  };
}
