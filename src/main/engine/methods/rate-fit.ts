// A time-bounded phase's rate as the least-squares slope of its completions over time (issue 39's
// noise floors). Completions divided by seconds swings by whatever arrives at the window's edges:
// a blkio throttle releases its requests every 100 ms, so 0.6 s of SEQ 1M Q8 read 75.0 or
// 87.5 MB/s (six releases or seven), and seeker's repetitions on the HDD-like loop read 165, 153
// and 130 seeks/s (a burst of 43 reads on stored credit at the start of one, the first read held
// 0.23 s in another). A burst or a held first request moves the line, not its slope; on a drive
// that completes its requests evenly the slope is the count over the time, but a noisier one (the
// fit weighs the middle of a phase most): seeker's floors on the unthrottled loop, where the VM's
// memory moves the rate within a repetition, were 1.2× wider with it (the same repetitions, both
// ways). So a phase that settled early (settle.ts: its windows agreed) keeps the count over time,
// and the fit is for phases that ran to their bound. native/aio.cc fits the same line for the
// queue phases.

/** Online fit of completions (`count` so far) against seconds, in Welford's stable form. */
export class RateFit {
  private n = 0;
  private meanT = 0;
  private meanC = 0;
  private coTC = 0;
  private varT = 0;

  /** One completion (or a checkpoint): `count` done by `seconds` into the phase. */
  add(seconds: number, count: number): void {
    this.n++;
    const dt = seconds - this.meanT;
    this.meanT += dt / this.n;
    this.meanC += (count - this.meanC) / this.n;
    this.coTC += dt * (count - this.meanC);
    this.varT += dt * (seconds - this.meanT);
  }

  /** Completions per second; null below three points or with every point at one time. */
  rate(): number | null {
    if (this.n < 3 || !(this.varT > 0)) return null;
    const r = this.coTC / this.varT;
    return r > 0 ? r : null;
  }
}

/** The run's "how it ran" words for figures that come from the fit. */
export const RATE_FIT_NOTE =
  "a phase that ran to its bound rated by the least-squares slope of its completions over time (a throttle's 100 ms releases, a burst on stored credit or a held first request move a count over a short window, not the slope)";
