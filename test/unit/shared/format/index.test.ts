// The one formatting module: the rules every screen, the report and the CLI print by.
import { describe, expect, it } from 'vitest';
import {
  fmtSavedEachTime,
  errorText,
  fmtBytes,
  fmtCapacity,
  fmtDate,
  fmtHours,
  fmtMoney,
  fmtNum,
  fmtRange,
  fmtRatio,
  fmtShare,
  fmtSpread,
  fmtFigure,
  formatDuration,
  formatSeconds,
  outcomeWords,
} from '../../../../src/shared/format';

describe('numbers', () => {
  it('three significant digits, no trailing zeros, grouped thousands', () => {
    expect(fmtNum(297390)).toBe('297,390');
    expect(fmtNum(150.4)).toBe('150');
    expect(fmtNum(73.1)).toBe('73.1');
    expect(fmtNum(2.5)).toBe('2.5');
    expect(fmtNum(1)).toBe('1');
    expect(fmtNum(1.234)).toBe('1.23');
    expect(fmtNum(-12.34)).toBe('-12.3');
    expect(fmtNum(0.0123)).toBe('0.0123');
    expect(fmtNum(0.00012345)).toBe('0.000123');
    expect(fmtNum(0)).toBe('0');
    expect(fmtNum(null)).toBe('—');
    expect(fmtNum(Number.NaN)).toBe('—');
    expect(fmtFigure(412.3, 'MB/s')).toBe('412 MB/s');
    expect(fmtFigure(null, 'MB/s')).toBe('—');
  });

  it('spreads, ratios, ranges, shares and outcomes', () => {
    expect(fmtSpread({ median: 412, min: 398, max: 430, samples: 3 })).toBe('412 (398–430)');
    expect(fmtSpread({ median: 5, min: 5, max: 5, samples: 1 })).toBe('5');
    expect(fmtSpread(null)).toBe('—');
    expect(fmtRatio(35.19)).toBe('35×');
    expect(fmtRatio(1.04)).toBe('1.04×');
    // Never "2.00×": from 1.995 up one decimal.
    expect(fmtRatio(1.996)).toBe('2.0×');
    expect(fmtRange([2.1, 3.4])).toBe('2.1×–3.4×');
    expect(fmtRange([2.01, 2.04])).toBe('');
    expect(fmtShare(0.424)).toBe('42 %');
    expect(fmtShare(null)).toBe('—');
    expect(outcomeWords('slower', 0.5)).toBe('2.0× slower');
    expect(outcomeWords('faster', 3)).toBe('3.0× faster');
    expect(outcomeWords('no-difference', 1.01)).toBe('no measurable difference');
  });

  it('money: the asked decimals, whole units from 100', () => {
    expect(fmtMoney(7.494, '€')).toBe('€7.49');
    expect(fmtMoney(0.0395, '€', 3)).toBe('€0.040');
    expect(fmtMoney(123.4, '$')).toBe('$123');
    expect(fmtMoney(null, '€')).toBe('—');
  });
});

describe('sizes', () => {
  it('data in binary units, capacities in the maker’s decimal units', () => {
    expect(fmtBytes(89145344)).toBe('85.0 MiB');
    expect(fmtBytes(512)).toBe('512 B');
    expect(fmtBytes(3 * 1024 ** 3)).toBe('3.0 GiB');
    expect(fmtBytes(null)).toBe('—');
    expect(fmtCapacity(1e12)).toBe('1.0 TB');
    expect(fmtCapacity(500.1e9)).toBe('500 GB');
    expect(fmtCapacity(32e9)).toBe('32.0 GB');
    expect(fmtCapacity(undefined)).toBe('—');
  });
});

describe('durations', () => {
  it('task timings keep tenths below ten seconds; waits are whole seconds', () => {
    expect(formatSeconds(2.44)).toBe('2.4 s');
    expect(formatSeconds(165)).toBe('2 min 45 s');
    expect(formatSeconds(-3)).toBe('−3.0 s');
    expect(formatSeconds(899.6)).toBe('15 min 0 s');
    expect(formatDuration(45.4)).toBe('45 s');
    expect(formatDuration(180)).toBe('3 min');
    expect(formatDuration(3900)).toBe('1 h 5 min');
    expect(formatDuration(null)).toBe('—');
    expect(fmtHours(0.5)).toBe('30 min');
    expect(fmtHours(10.46)).toBe('10.5 h');
    expect(fmtHours(-0.05)).toBe('−3 min');
    expect(fmtHours(-2)).toBe('−2.0 h');
    expect(fmtDate('')).toBe('');
    expect(fmtDate('not a date')).toBe('not a date');
  });

  it('one line for any rejection', () => {
    expect(errorText(new Error('no run'))).toBe('no run');
    expect(errorText(42)).toBe('42');
  });
});

describe('fmtSavedEachTime', () => {
  it('a judged difference only: faster and slower print it, noise and busy rows a dash', () => {
    expect(fmtSavedEachTime({ outcome: 'faster', savedPerOccurrence: 13.2 })).toBe('13 s');
    expect(fmtSavedEachTime({ outcome: 'slower', savedPerOccurrence: -0.7 })).toMatch(
      /^[−-]0\.70 s$/,
    );
    // The measured A/A's disk search, 13.8 → 16 s inside its floor: no "−2.2 s saved".
    expect(fmtSavedEachTime({ outcome: 'no-difference', savedPerOccurrence: -2.2 })).toBe('—');
    expect(
      fmtSavedEachTime({
        outcome: 'faster',
        savedPerOccurrence: 3,
        excluded: { kind: 'disturbed' },
      }),
    ).toBe('—');
  });
});
