// The range a prediction from this machine carries around its predicted time: the 10th and 90th
// percentile of measured / predicted (the rank rule of fit.ts's quantile) over the 24 rows of two
// earlier rounds of `npm run bench:predict` (three pairs of loop devices each, four felt rows a
// pair), set before the round whose figures the README quotes was measured. A row's own
// structural ends (a capped drive's wait hidden or exposed, a cold cache's CPU, a burst) and the
// spread of its repetitions widen it further. A flush's page cache work at the new drive's dd
// rate (replay.ts writebackSeconds), which the replays behind these figures left out, is now in
// the prediction itself.
export const REPLAY_INTERVAL = { low: 0.82, high: 1.21, cases: 24 };
