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
    expect(formatSeconds(9.96)).toBe('10 s');
  });
  it('keeps two significant digits under a second, in ms under 0.1 s', () => {
    // A fast drive's application-like start and its prediction, which read "0.0 s".
    expect(formatSeconds(0.0422)).toBe('42 ms');
    expect(formatSeconds(0.302)).toBe('0.30 s');
    expect(formatSeconds(0.0995)).toBe('0.10 s');
    expect(formatSeconds(0.994)).toBe('0.99 s');
    expect(formatSeconds(0.996)).toBe('1.0 s');
    expect(formatSeconds(0.0073)).toBe('7.3 ms');
    expect(formatSeconds(0.00012)).toBe('0.12 ms');
    expect(formatSeconds(0)).toBe('0 s');
    expect(formatSeconds(-0.05)).toBe('−50 ms');
  });
});
