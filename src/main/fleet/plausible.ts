// Figures past the physically plausible never reach a ranking. The run schema only bounds what a
// file may represent (a terabyte a second, 10^15 s); a host's own file can sit at those bounds,
// and a run at the 1e12 IOPS bound ranked with -2.1e19 hours a year. These are the bounds of real
// drives and of a day: a host past them is listed with the reason, without figures.
import type { Prediction } from '../../shared/prediction';

/** The fastest drives and arrays a workstation holds read well under 100 GB/s. */
const MAX_SEQ_MBPS = 100_000;
/** Slower than a floppy disk is a broken drive or a damaged figure. */
const MIN_SEQ_MBPS = 0.01;
/** No drive answers a 4 KiB read at queue depth 1 in under a microsecond, or takes 10 s. */
const ACCESS_MS: [number, number] = [0.001, 10_000];
/** A task a person waits for that takes more than a day is not one run of it. */
const MAX_TASK_SECONDS = 86_400;
/** A day has 24 hours: the timed tasks cannot take more of it, before the swap or after. */
const MAX_HOURS_A_DAY = 24;

interface YearFigures {
  /** Hours saved a year, the hours the tasks take a year now, and the days of use. */
  hours: number;
  before: number;
  days: number;
}

const fmt = (x: number) =>
  Math.abs(x) >= 1e6 || Math.abs(x) < 1e-3
    ? x.toExponential(2)
    : String(Math.round(x * 1000) / 1000);

function driveProblem(p: Prediction): string | null {
  const { seqReadMBps: seq, randomAccessMs: ms } = p.current;
  if (seq !== null && !(seq >= MIN_SEQ_MBPS && seq <= MAX_SEQ_MBPS))
    return `its drive reads ${fmt(seq)} MB/s sequentially (real drives: ${MIN_SEQ_MBPS} to ${MAX_SEQ_MBPS})`;
  if (ms !== null && !(ms >= ACCESS_MS[0] && ms <= ACCESS_MS[1]))
    return `its drive answers a random read in ${fmt(ms)} ms (real drives: ${ACCESS_MS[0]} to ${ACCESS_MS[1]})`;
  return null;
}

/** Why this host's figures cannot be ranked, or null. */
export function implausibleWhy(p: Prediction, year: YearFigures | null): string | null {
  const drive = driveProblem(p);
  if (drive) return drive;
  for (const t of p.tasks) {
    const s = t.beforeSeconds.median;
    if (s !== null && !(s > 0 && s <= MAX_TASK_SECONDS))
      return `${t.title} took ${fmt(s)} s once (more than a day, or nothing)`;
  }
  if (!year) return null;
  const perDay = (h: number) => h / year.days;
  const after = year.before - year.hours;
  if (perDay(year.before) > MAX_HOURS_A_DAY || perDay(after) > MAX_HOURS_A_DAY || after < 0)
    return `its tasks would take ${fmt(perDay(year.before))} h a day now and ${fmt(perDay(after))} h with the new drive (a day has 24)`;
  return null;
}

/** Why an after-run's times cannot be compared, or null. */
export function implausibleAfter(p: Prediction): string | null {
  const bad = p.tasks.find(
    (t) =>
      t.measuredSeconds !== null &&
      !(t.measuredSeconds >= 0 && t.measuredSeconds <= MAX_TASK_SECONDS),
  );
  return bad
    ? `its after-run timed ${bad.title} at ${fmt(bad.measuredSeconds!)} s (more than a day)`
    : null;
}
