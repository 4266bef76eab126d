// The early-stop rule on running totals as a phase reports them: a steady fast drive stops at the
// minimum, a throttled disk's few requests per window never do, nor does a burst or a dip.
import { describe, expect, it } from 'vitest';
import {
  earlyNote,
  minCount,
  passesSettled,
  PASS_SETTLE,
  QUEUE_SETTLE,
  RAW_SETTLE,
  SEEKER_SETTLE,
  READ_SETTLE,
  settledSeconds,
  settleNote,
  settleTracker,
  type SettleRule,
} from '../../../../../src/main/engine/methods/settle';

/** Feeds ticks every `tick` s of a phase whose rate at time t is rate(t); the stop time or null. */
function stopAt(rule: SettleRule, bound: number, tick: number, rate: (t: number) => number) {
  const settled = settleTracker(rule);
  let n = 0;
  for (let k = 1; k * tick <= bound + 1e-9; k++) {
    const t = k * tick;
    n += Math.floor(rate(t) * tick);
    if (settled(t, n)) return Number(t.toFixed(3));
  }
  return null;
}

/**
 * hdparm -t's 2 MiB reads at `mibPerSec` for its 3 s bound, `burst` of them returned at once at the
 * start, the totals given right after every fourth read (a ~100 ms tick at 75 MiB/s), as its loop
 * gives them; the stop time or null.
 */
function stopAtReads(mibPerSec: number, burst = 0): number | null {
  const settled = settleTracker(READ_SETTLE);
  const each = 2 / mibPerSec;
  for (let n = burst + 1; (n - burst) * each <= 3; n++) {
    const t = (n - burst) * each;
    if (n % 4 === 0 && settled(t, n)) return t;
  }
  return null;
}

describe('settleTracker', () => {
  it('stops a steady 8,000 IOPS phase at its minimum, on 100 ms ticks', () => {
    expect(stopAt(QUEUE_SETTLE, 0.5, 0.1, () => 8000)).toBe(0.3);
  });

  it('never stops a 150 IOPS disk: 15 requests a window are too few to judge', () => {
    expect(minCount(QUEUE_SETTLE)).toBe(40);
    expect(stopAt(QUEUE_SETTLE, 0.5, 0.1, () => 150)).toBeNull();
  });

  it('runs on while the windows disagree by more than 10 %', () => {
    // ±6 % alternating: 12 % from min to max.
    expect(stopAt(QUEUE_SETTLE, 0.5, 0.1, (t) => (Math.round(t * 10) % 2 ? 8480 : 7520))).toBe(
      null,
    );
    // ±4 %: settled.
    expect(stopAt(QUEUE_SETTLE, 0.5, 0.1, (t) => (Math.round(t * 10) % 2 ? 8320 : 7680))).toBe(0.3);
  });

  it('runs on after a burst at the start until the whole phase agrees with its windows', () => {
    // 0.3 s at three times the rate, then steady: the whole-phase rate is 40 % high at 1.5 s and
    // still 20 % high at 3 s, so hdparm -t reads to its bound.
    expect(stopAt(READ_SETTLE, 3, 0.1, (t) => (t <= 0.3 ? 1500 : 500))).toBeNull();
    // Without the burst the same reads stop after 1.5 s.
    expect(stopAt(READ_SETTLE, 3, 0.1, () => 500)).toBe(1.5);
  });

  it('judges windows that close on a completion from 8 completions, not 40', () => {
    expect(minCount(READ_SETTLE)).toBe(8);
    expect(settleNote(READ_SETTLE)).toBe(
      'ends before its bound once 3 windows of 500 ms agree within 10 % and the whole read within 5 % of them (from 1.5 s)',
    );
    expect(settleNote(QUEUE_SETTLE)).toBe(
      'ends before its bound once 3 windows of 100 ms agree within 10 % (from 0.3 s)',
    );
    expect(minCount(QUEUE_SETTLE)).toBe(40);
    // hdparm -t on the HDD-like loop: a 2 MiB read every 26.7 ms (75 MiB/s), its totals given
    // right after the read that ends each ~100 ms tick: it stops at 1.5 s.
    const stop = stopAtReads(75);
    expect(stop).not.toBeNull();
    expect(stop!).toBeGreaterThanOrEqual(1.5);
    expect(stop!).toBeLessThan(1.7);
    // The same count over a span, as the queue phases report it, runs to its bound.
    expect(stopAt(QUEUE_SETTLE, 0.5, 0.1, () => 37.5)).toBeNull();
  });

  it("keeps a read lent a throttle's first slice going until the whole is within half the spread", () => {
    // 4 reads (8 MiB) at once at the start, then 75 MiB/s: the whole read is 7 % high at 1.5 s
    // and within 5 % from 2.13 s.
    const stop = stopAtReads(75, 4);
    expect(stop).not.toBeNull();
    expect(stop!).toBeGreaterThanOrEqual(2.13);
    expect(stop!).toBeLessThan(2.5);
    // 12 MiB at once: the whole read is 7.5 % high when its windows next agree (2.13 s), which the
    // windows' own 10 % would take; 5 % comes only at 3.2 s, so it reads to its bound.
    expect(stopAtReads(75, 6)).toBeNull();
  });

  it('uses the ticks it is given: a late tick widens its window, not the count', () => {
    const settled = settleTracker(QUEUE_SETTLE);
    // 100 ms windows except one of 150 ms that holds 1.5× the requests: the same rate. A tick
    // 5 ms early still closes its window; one 50 ms after the last does not.
    expect(settled(0.1, 1000)).toBe(false);
    expect(settled(0.25, 2500)).toBe(false);
    expect(settled(0.3, 3000)).toBe(false);
    expect(settled(0.345, 3450)).toBe(true);
  });
});

describe('settledSeconds (the estimate)', () => {
  it('expects the minimum where every window fills twice over, else the bound', () => {
    expect(settledSeconds(QUEUE_SETTLE, 0.5, 8000)).toBe(0.3);
    expect(settledSeconds(QUEUE_SETTLE, 0.5, 150)).toBe(0.5);
    // seeker's repetitions run at least 1 s (their floors doubled at 0.3 s), on the helper too.
    expect(settledSeconds(SEEKER_SETTLE, 1.5, 8000)).toBe(1);
    expect(RAW_SETTLE.seeker).toBe(SEEKER_SETTLE);
    expect(settledSeconds(READ_SETTLE, 3, 1e9 / (2 * 1024 * 1024))).toBe(1.5);
    // hdparm -t's windows close on a read's return: 8 reads a window judge it, 16 expect a stop.
    // The HDD-like loop's 75 MiB/s holds 18 reads a window; a 40 MB/s disk's 9.5 are too few.
    expect(settledSeconds(READ_SETTLE, 3, 300e6 / (2 * 1024 * 1024))).toBe(1.5);
    expect(settledSeconds(READ_SETTLE, 3, (75 * 1024 * 1024) / (2 * 1024 * 1024))).toBe(1.5);
    expect(settledSeconds(READ_SETTLE, 3, 40e6 / (2 * 1024 * 1024))).toBe(3);
    // A bound under the minimum is the phase's time.
    expect(settledSeconds(READ_SETTLE, 0.5, 1e6)).toBe(0.5);
  });
});

describe('earlyNote (the run says what the rule did)', () => {
  it('counts the phases that ended before their bound, with their range', () => {
    expect(earlyNote([0.31, 0.5, 0.42, 0.51], 0.5)).toBe(
      '2 of 4 ended early (0.31–0.42 s of 0.5 s)',
    );
    expect(earlyNote([1.5, 3.0, 3.01], 3)).toBe('1 of 3 ended early (1.50 s of 3 s)');
    // A throttled disk's phases all ran to the bound: nothing to say.
    expect(earlyNote([0.5, 0.52, 0.501], 0.5)).toBeNull();
  });
});

describe("passesSettled (bonnie++'s repeated passes in quick)", () => {
  const pass = (rate: number, seconds = 0.05) => ({ count: rate * seconds, seconds });

  it('ends once three passes agree, from 0.2 s', () => {
    const steady = [pass(100), pass(103), pass(98), pass(101)];
    expect(passesSettled(PASS_SETTLE, steady.slice(0, 3))).toBe(false); // 0.15 s
    expect(passesSettled(PASS_SETTLE, steady)).toBe(true); // 0.2 s
  });

  it('runs on while passes swing or a first pass from a cache lifts the whole', () => {
    expect(passesSettled(PASS_SETTLE, [pass(130), pass(100), pass(100), pass(100)])).toBe(true);
    expect(passesSettled(PASS_SETTLE, [pass(100), pass(100), pass(130), pass(100)])).toBe(false);
    // A first pass at 4× (its file still cached) keeps the whole phase's rate 25 % high.
    expect(passesSettled(PASS_SETTLE, [pass(400), pass(100), pass(100), pass(100)])).toBe(false);
  });

  it("leaves a hard disk's single pass to its bound", () => {
    expect(passesSettled(PASS_SETTLE, [pass(120, 0.5)])).toBe(false);
  });
});
