// When a time-bounded phase may end before its bound (issue 39: quick close to its limit). A drive
// that delivers the same rate window after window has shown its figure; waiting out the bound
// then only costs the person time. One rule for the queue phases, hdparm -t and seeker, applied
// where the profile's phases are short (quick, and custom from it): the full profile's long
// phases are there to see a drive change over time (an SSD's write cache filling).
import { NOISE_CLASSES } from '../../../shared/verdict/noise';

export interface SettleRule {
  /** Never before this much measured time. */
  minSeconds: number;
  /** Length of one window the rate is compared over. */
  windowSeconds: number;
  /** How many of the last windows must agree. */
  windows: number;
  /** Largest (max − min) / median of those windows' rates (and the whole phase's distance). */
  spread: number;
  /**
   * The phase reports its totals right after a completion (a loop of synchronous reads), so each
   * window spans whole completions and its rate is exact, not a count ±1 over a span. Its figure
   * is the whole read's rate (hdparm -t's), so the whole read must also sit within half the spread
   * of its windows: on the HDD-like loop the throttle's first slice lent 7-10 MiB, and reads
   * that stopped at 1.6 s read 5 % above the 3 s ones, which widened the floor of three
   * repetitions, some stopped early and some not, from 5 to 9 %.
   */
  atCompletions?: boolean;
}

/**
 * Completions a window needs when it closes on one: no count error remains, only each
 * completion's own timing (a disk's rotation, a throttle's slot: under 10 ms), which at 8 in a
 * 500 ms window moves its rate by a few percent at most, inside the 10 % spread.
 */
const AT_COMPLETIONS = 8;

/**
 * Completions a window needs before its rate counts: a count's ±1 then stays under a quarter of
 * the spread. A throttled disk's 15 requests per 100 ms never settle; its phases run to the bound.
 */
export const minCount = (rule: SettleRule): number =>
  rule.atCompletions ? AT_COMPLETIONS : Math.ceil(4 / rule.spread);

/**
 * The floor a figure measured once gets (sequential, 10 %): a phase whose windows agree that
 * closely is as good as a single run the verdict accepts, and the repetitions still give the
 * spread the floors come from. Measured with bench:quick: at 5 % the fast loop's phases almost
 * never settled (this VM's memory swings 10-20 % from one 100 ms to the next); at 10 % seeker went
 * from 4.7 to 1.3-2.7 s and the queue profile from 18.0 to 15.2 s, the floors of those figures
 * within their run-to-run range.
 */
const FLOOR = NOISE_CLASSES.sequential.single;

/** Queue-depth phases (0.5 s bound in quick) and seeker's 4 KiB reads: three 100 ms windows, from 0.3 s. */
export const QUEUE_SETTLE: SettleRule = {
  minSeconds: 0.3,
  windowSeconds: 0.1,
  windows: 3,
  spread: FLOOR,
};

/**
 * The queue profile's random 4 KiB phases: the same windows, within the floor a random-access
 * figure measured once gets (15 %), which is what those figures need. This VM's memory moves
 * 4 KiB reads 10-20 % from one 100 ms window to the next, so at 10 % they rarely ended early.
 */
export const RANDOM_SETTLE: SettleRule = {
  ...QUEUE_SETTLE,
  spread: NOISE_CLASSES['random-access'].single,
};

/**
 * seeker's reads: the queue rule from 1 s. Its repetitions ending at 0.3 s doubled its floors in
 * quick on the fast loop (medians of three runs: 13.6 → 26.5 %): a third of a second of 4 KiB
 * reads carries this VM's memory swings into each repetition.
 */
export const SEEKER_SETTLE: SettleRule = { ...QUEUE_SETTLE, minSeconds: 1 };

/**
 * hdparm -t's 2 MiB reads (3 s bound): three 500 ms windows, from 1.5 s. Its windows close right
 * after a read returns (hdparm.ts), so a window needs 8 reads, not the 40 a count over a span
 * needs: with 40, a drive under 320 MiB/s never settled, and the HDD-like loop (75 MiB/s: 2 MiB
 * in four 512 KiB requests at 150 IOPS) read 3 s in each of three repetitions.
 */
export const READ_SETTLE: SettleRule = {
  minSeconds: 1.5,
  windowSeconds: 0.5,
  windows: 3,
  spread: FLOOR,
  atCompletions: true,
};

/** The run's "how it ran" words for a rule: "ends once 3 windows of 500 ms agree within 5 % (from 1.5 s)". */
export const settleNote = (rule: SettleRule): string =>
  `ends before its bound once ${rule.windows} windows of ${Math.round(rule.windowSeconds * 1000)} ms agree within ${Math.round(rule.spread * 100)} %${rule.atCompletions ? ` and the whole read within ${Math.round(wholeSpread(rule) * 100)} % of them` : ''} (from ${rule.minSeconds} s)`;

/** How far the whole phase's rate may sit from its windows' median (atCompletions says why). */
const wholeSpread = (rule: SettleRule): number =>
  rule.atCompletions ? rule.spread / 2 : rule.spread;

/**
 * What the rule did, for the run's notes: "3 of 24 ended early (0.31–0.42 s of 0.5 s)", or null
 * when every phase ran to its bound (a throttled disk's never settle).
 */
export function earlyNote(seconds: readonly number[], bound: number): string | null {
  const early = seconds.filter((s) => s < 0.95 * bound);
  if (!early.length) return null;
  const range = [Math.min(...early), Math.max(...early)].map((s) => s.toFixed(2));
  const span = range[0] === range[1] ? range[0] : range.join('–');
  return `${early.length} of ${seconds.length} ended early (${span} s of ${bound} s)`;
}

/** The rule each raw read the root helper runs may use (cached reads time memory: never early). */
export const RAW_SETTLE = { 'buffered-read': READ_SETTLE, seeker: SEEKER_SETTLE } as const;

/**
 * Feeds a phase's running totals (measured seconds, completions so far); answers true once the
 * phase may stop. Windows close at the first point about `windowSeconds` after the last one,
 * so their rates use the real times, not the nominal length. The whole phase's rate must sit in
 * the same spread of the windows' median too: a burst at the start (a throttle's credit, a
 * drive's cache) keeps the phase running to its bound, as before.
 */
export function settleTracker(rule: SettleRule): (seconds: number, count: number) => boolean {
  const need = minCount(rule);
  const edges: { t: number; n: number }[] = [{ t: 0, n: 0 }];
  return (seconds, count) => {
    const last = edges[edges.length - 1]!;
    // A tick a little early (the timer's jitter) still closes its window: otherwise every other
    // window of a 100 ms timer would be 200 ms long.
    if (seconds - last.t < 0.9 * rule.windowSeconds) return false;
    edges.push({ t: seconds, n: count });
    if (edges.length > rule.windows + 1) edges.shift();
    if (seconds < rule.minSeconds || edges.length < rule.windows + 1) return false;
    const rates: number[] = [];
    for (let i = 1; i < edges.length; i++) {
      const dn = edges[i]!.n - edges[i - 1]!.n;
      if (dn < need) return false;
      rates.push(dn / (edges[i]!.t - edges[i - 1]!.t));
    }
    return agree(rates, count / seconds, rule.spread, wholeSpread(rule));
  };
}

/**
 * The settle test both rules share: the last windows' (or passes') rates within `spread` of
 * their median, and the whole phase's rate too.
 */
function agree(
  rates: readonly number[],
  whole: number,
  spread: number,
  wholeSpread = spread,
): boolean {
  const sorted = [...rates].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  if (!(median > 0) || (sorted[sorted.length - 1]! - sorted[0]!) / median > spread) return false;
  return Math.abs(whole - median) / median <= wholeSpread;
}

/**
 * Seconds a phase is expected to run: its minimum when `ratePerSecond` fills every window with
 * enough completions, else its bound. The estimate's side of the rule.
 */
export function settledSeconds(rule: SettleRule, bound: number, ratePerSecond: number): number {
  if (bound <= rule.minSeconds) return bound;
  return ratePerSecond * rule.windowSeconds >= 2 * minCount(rule) ? rule.minSeconds : bound;
}

/**
 * bonnie++'s data phases in quick: whole passes over a 16 MiB file (64 KiB per character),
 * repeated until 0.5 s, since bonnie++ prints +++++ for a phase shorter than that. On a drive
 * whose passes take tens of milliseconds, three in a row that agree have shown the phase's rate:
 * it may end from 0.2 s. A hard disk's passes run into the phase's bound, so it keeps its time.
 */
export const PASS_SETTLE = { minSeconds: 0.2, passes: 3, spread: FLOOR } as const;

/**
 * Whether a phase of `passes` (each its count and seconds) may end: its time past the minimum,
 * the last three passes' rates within the spread of their median, and the whole phase's rate too
 * (a first pass from a cache keeps it going, as settleTracker's whole-phase test does).
 */
export function passesSettled(
  rule: { minSeconds: number; passes: number; spread: number },
  passes: readonly { count: number; seconds: number }[],
): boolean {
  const seconds = passes.reduce((a, p) => a + p.seconds, 0);
  if (seconds < rule.minSeconds || passes.length < rule.passes) return false;
  const rates = passes.slice(-rule.passes).map((p) => (p.seconds > 0 ? p.count / p.seconds : 0));
  const count = passes.reduce((a, p) => a + p.count, 0);
  return agree(rates, count / seconds, rule.spread);
}
