import { describe, expect, it } from 'vitest';
import { parseReportHash, reportHash } from '../../../../src/shared/contract/report';

describe('report route', () => {
  it('round-trips before/after, paper and the serials opt-in', () => {
    const h = reportHash({ beforeId: 'a-1', afterId: 'b.2', paper: 'letter', showSerials: true });
    expect(h).toBe('#/report?before=a-1&after=b.2&paper=letter&serials=1');
    expect(parseReportHash(h)).toEqual({
      beforeId: 'a-1',
      afterId: 'b.2',
      paper: 'letter',
      showSerials: true,
    });
  });

  it('a single run with defaults: A4, serials hidden', () => {
    expect(parseReportHash(reportHash({ beforeId: 'only' }))).toEqual({
      beforeId: 'only',
      paper: 'a4',
      showSerials: false,
    });
  });

  it('is not the report route for other hashes, and refuses bad parameters in one line', () => {
    expect(parseReportHash('')).toBeNull();
    expect(parseReportHash('#/verdict')).toBeNull();
    expect(() => parseReportHash('#/report?before=../../etc')).toThrow(
      'the report address names no valid run',
    );
    expect(() => parseReportHash('#/report?before=a&paper=a3')).toThrow(/no valid run/);
  });
});
