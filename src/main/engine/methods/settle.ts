// When a time-bounded run may stop before its bound: once its rate has settled. A queue's warm-up
// then costs what the drive needs: a drive with no burst credit to spend settles at once, a
// throttled one once its credit is spent; one whose rate still moves runs to the bound.

/** How a sample bounded at some seconds may stop early. */
export interface SettleRule {
  /** Never before this share of the bound. */
  minShare: number;
  /** At least this many operations: a rate from fewer moves by more than the tolerance per op. */
  minOps: number;
  /** The later half's rate within this share of the whole sample's. */
  tolerance: number;
}

/** Between two marks at least this much time: a fast drive's millions of ops keep few marks. */
const MARK_EVERY_S = 0.005;

export class SettleClock {
  private readonly times: number[] = [0];
  private readonly counts: number[] = [0];
  /** Seconds into the sample when it settled, or null while it has not. */
  settledAt: number | null = null;

  /** `rule` null: never settles (the sample runs to its bound). */
  constructor(
    private readonly bound: number,
    private readonly rule: SettleRule | null,
  ) {}

  /** Whether the sample may stop now, `elapsed` seconds in with `ops` operations done. */
  settled(elapsed: number, ops: number): boolean {
    const r = this.rule;
    if (!r) return false;
    if (elapsed - this.times[this.times.length - 1]! >= MARK_EVERY_S) {
      this.times.push(elapsed);
      this.counts.push(ops);
    }
    if (elapsed < r.minShare * this.bound || ops < r.minOps) return false;
    const i = this.lastMarkBefore(elapsed / 2);
    const late = (ops - this.counts[i]!) / (elapsed - this.times[i]!);
    const whole = ops / elapsed;
    if (!(whole > 0) || Math.abs(late / whole - 1) > r.tolerance) return false;
    this.settledAt = elapsed;
    return true;
  }

  private lastMarkBefore(t: number): number {
    let lo = 0;
    let hi = this.times.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.times[mid]! <= t) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
}

/**
 * A queue's warm-up (not measured): over once its rate moves by under 10 %, the drive's burst
 * credit spent (a throttled drive's first 100 ms run ahead of its rate; a drive without credit is
 * steady from the start). Measured runs go to their bound (qd-profile.ts says why).
 */
export const SETTLE_RULE_WARM_UP: SettleRule = { minShare: 0.25, minOps: 8, tolerance: 0.1 };
