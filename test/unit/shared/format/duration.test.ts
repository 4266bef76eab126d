import { describe, expect, it } from 'vitest';
import { formatSeconds } from '../../../../src/shared/format/duration';

describe('formatSeconds', () => {
  it('rounds before splitting minutes, so no "60 s" appears', () => {
    expect(formatSeconds(899.6)).toBe('15 min 0 s');
    expect(formatSeconds(59.6)).toBe('1 min 0 s');
    expect(formatSeconds(667)).toBe('11 min 7 s');
  });
  it('keeps sub-10 s precision and the sign', () => {
    expect(formatSeconds(4.25)).toBe('4.3 s');
    expect(formatSeconds(-42)).toBe('−42 s');
  });
});
