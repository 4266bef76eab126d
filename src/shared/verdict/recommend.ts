// Big wins, small gains and the recommendation with the reasons that decided it. Everything here
// reads the theme headlines and task savings, never single figures, so a finding, a reason and
// the headline cannot disagree.
import { ratioWords } from './themes';
import type {
  Finding,
  Money,
  RecommendationLevel,
  TaskSaving,
  ThemeHeadline,
  Verdict,
} from './schema';
import { formatSeconds } from '../format/duration';
import { fmtMoney } from '../format/money';
import { fmtRatio } from '../format/number';

/** A theme this many times better (its median) is a big win (what a person feels on an SSD). */
export const BIG_WIN_SYNTHETIC = 5;
/** A real-world task this many times faster is a big win. */
export const BIG_WIN_TASK = 3;
/**
 * A real-world task saving this many seconds each time is a big win too, when it is at least
 * FELT_SPEEDUP faster: a boot going 76 s → 30 s (2.6×) is felt every morning.
 */
export const BIG_WIN_SAVED_SECONDS = 30;
/** Measurably faster but by less than this is a small gain. */
export const SMALL_GAIN = 1.25;
/** A felt task: timed on both drives, this many times faster. */
export const FELT_SPEEDUP = 1.5;
/** Worth it on time alone: this many seconds a day (measured + estimated). */
export const WORTH_IT_PER_DAY = 30;

// The verdict's modules take it from here; the one definition is in the formatting module.

/** Themes a person notices at the desktop (not only in copy dialogs). */
const FELT = new Set(['random-access', 'file-ops', 'small-block']);
const cap = (w: string) => `${w[0]!.toUpperCase()}${w.slice(1)}`;
const shown = (f: number) => (f >= 10 ? Math.round(f) : Math.round(f * 10) / 10);
/** The one ratio wording on every surface. */
const x = fmtRatio;

export interface Wins {
  bigWins: string[];
  smallGains: string[];
  findings: Finding[];
}

export function winsOf(headlines: ThemeHeadline[], tasks: TaskSaving[]): Wins {
  const findings: Finding[] = [];
  // Thresholds apply to the ratio as printed, so "3.0× faster" is never left out of the big wins.
  const big = headlines.filter(
    (h) => h.outcome === 'faster' && shown(h.median) >= BIG_WIN_SYNTHETIC,
  );
  for (const h of big)
    findings.push({
      kind: 'big-win',
      severity: 'good',
      title: FELT.has(h.theme)
        ? `${cap(h.words)} ${/[^s]s$/.test(h.words) ? 'are' : 'is'} ${x(h.median)} faster: this is what you feel`
        : `${cap(h.words)}: ${x(h.median)} faster`,
      detail: `${ratioWords(h)} faster across the methods that measure it.`,
      weight: 40 + Math.log10(h.median) * 10,
      keys: h.keys,
    });
  const measured = tasks.filter((t) => t.basis === 'measured' && t.outcome === 'faster');
  const bigTasks = measured.filter(
    (t) =>
      shown(t.speedup ?? 0) >= BIG_WIN_TASK ||
      ((t.speedup ?? 0) >= FELT_SPEEDUP && (t.savedPerOccurrence ?? 0) >= BIG_WIN_SAVED_SECONDS),
  );
  for (const t of bigTasks)
    findings.push({
      kind: 'big-win',
      severity: 'good',
      title: `${t.title}: ${formatSeconds(t.beforeSeconds.median!)} → ${formatSeconds(t.afterSeconds.median!)} (${x(t.speedup!)} faster)`,
      detail: `Saves ${formatSeconds(t.savedPerOccurrence!)} every time (measured on both drives).`,
      weight: 45 + Math.log10(t.speedup!) * 10,
      keys: [t.key],
    });
  const small = measured.filter((t) => (t.speedup ?? 0) < SMALL_GAIN);
  for (const t of small)
    findings.push({
      kind: 'small-gain',
      severity: 'info',
      title: `${t.title}: only a small gain (${formatSeconds(t.beforeSeconds.median!)} → ${formatSeconds(t.afterSeconds.median!)})`,
      detail: `${Math.round(((t.speedup ?? 1) - 1) * 100)} % faster: the drive was not what held this task back.`,
      weight: 30,
      keys: [t.key],
    });
  return {
    bigWins: [...big.map((h) => h.words), ...bigTasks.map((t) => t.title)],
    smallGains: small.map((t) => t.title),
    findings,
  };
}

export interface Recommendation {
  level: RecommendationLevel;
  headline: string;
  reasons: string[];
}

export const NO_DIFFERENCE_HEADLINE = 'No measurable difference between these runs';

interface RecommendInput {
  /** The busy phases of both runs, by title (shared/verdict/conditions.ts). */
  busyPhases: string[];
  headlines: ThemeHeadline[];
  tasks: TaskSaving[];
  wins: Wins;
  findings: Finding[];
  totals: Verdict['totals'];
  noise: Verdict['noise'];
  comparisons: number;
  money: Money;
}

/** The one reason of a no-difference verdict: how many figures sat inside their noise floor. */
function noiseReason(noise: Verdict['noise']): string {
  return `${noise.noDifference} of ${noise.judged} figures are inside their noise floor${noise.isolated === 1 ? '; the one outside it is isolated (the other methods of its kind did not move), so it is run-to-run noise, not a finding' : noise.isolated ? `; the ${noise.isolated} outside it are isolated (the other methods of their kind did not move), so they are run-to-run noise, not findings` : ''}.`;
}

/** Reasons in the order a reader weighs them: time saved, felt tasks, wins, caveats, money, care. */
function reasonsOf(input: RecommendInput, felt: TaskSaving[]): string[] {
  const { wins, findings, totals, money } = input;
  const perDay = totals.savedPerDaySeconds;
  const reasons: string[] = [];
  if (perDay > 0)
    reasons.push(
      `Saves about ${formatSeconds(perDay)} a day (${totals.savedPerYearHours.toFixed(1)} h a year) with your usage profile${totals.basis === 'estimated' ? ', estimated from the drive figures' : totals.basis === 'mixed' ? `, ${formatSeconds(totals.measuredPerDaySeconds)} of it measured` : ', measured'}.`,
    );
  for (const t of felt)
    reasons.push(
      `${t.title} happens ${t.occurrencesPerDay}× a day and is ${x(t.speedup!)} faster.`,
    );
  if (wins.bigWins.length)
    reasons.push(
      `Big wins: ${wins.bigWins.slice(0, 5).join(', ')}${wins.bigWins.length > 5 ? ` and ${wins.bigWins.length - 5} more` : ''}.`,
    );
  if (wins.smallGains.length) reasons.push(`Small gains only: ${wins.smallGains.join(', ')}.`);
  for (const f of findings.filter((f) => f.kind === 'cpu-bound')) reasons.push(f.title + '.');
  if (money.pricePerHourSaved !== null)
    reasons.push(
      `Each hour saved in the first year costs ${fmtMoney(money.pricePerHourSaved, money.currency)}.`,
    );
  const caution = findings.filter(
    (f) =>
      f.kind === 'cache-suspected' ||
      f.kind === 'disturbed' ||
      (f.kind === 'comparability' && f.severity !== 'info'),
  );
  if (caution.length)
    reasons.push(
      `Take with care: ${caution.map((f) => f.title[0]!.toLowerCase() + f.title.slice(1)).join('; ')}.`,
    );
  return reasons;
}

function headlineOf(level: RecommendationLevel, totals: Verdict['totals']): string {
  const perDay = totals.savedPerDaySeconds;
  return level === 'worth-it'
    ? `Worth it: saves about ${formatSeconds(perDay)} a day${totals.basis === 'estimated' ? ' (estimated)' : ''}`
    : level === 'marginal'
      ? totals.basis === 'none'
        ? 'Faster on paper: no task you wait for was timed'
        : `Marginal: faster, but it saves only ${formatSeconds(Math.max(0, perDay))} a day`
      : 'Not worth it for how you use this machine';
}

export function recommend(input: RecommendInput): Recommendation {
  const { headlines, tasks, totals, noise } = input;
  if (!input.comparisons && !tasks.some((t) => t.basis === 'measured'))
    return {
      level: 'undecided',
      headline: 'No verdict: the two runs have no test in common',
      reasons: ['Run the same plan on the new drive (the after-run reuses the baseline plan).'],
    };
  const perDay = totals.savedPerDaySeconds;
  if (noise.cannotCompare) {
    const phases = [...new Set(input.busyPhases)];
    return {
      level: 'undecided',
      headline: `These runs cannot be compared: the machine was busy during ${noise.disturbed} of ${noise.judged + noise.disturbed} figures`,
      reasons: [
        `Busy during: ${phases.join(', ')}. Those figures are not compared and count for no time saved.`,
        'Run both again on a quiet machine (no update, indexing, backup or sync running), or repeat only the busy phases.',
      ],
    };
  }
  if (noise.noMeasurableDifference) {
    const reasons = noise.judged ? [noiseReason(noise)] : [];
    if (tasks.some((t) => t.basis === 'measured'))
      reasons.push('No task you wait for changed measurably, so no time is saved.');
    return { level: 'not-worth-it', headline: NO_DIFFERENCE_HEADLINE, reasons };
  }
  const felt = tasks.filter(
    (t) =>
      t.basis === 'measured' &&
      t.outcome === 'faster' &&
      (t.speedup ?? 0) >= FELT_SPEEDUP &&
      (t.savedPerDay ?? 0) > 0,
  );
  const fasterThemes = headlines.filter((h) => h.outcome === 'faster');
  const fasterTasks = tasks.filter((t) => t.outcome === 'faster');
  const reasons = reasonsOf(input, felt);

  // "Worth it" needs time: a measured or estimated saving, or a felt task sped up.
  let level: RecommendationLevel;
  if (perDay >= WORTH_IT_PER_DAY || (felt.length > 0 && perDay >= 1)) level = 'worth-it';
  else if (fasterThemes.length || fasterTasks.length) level = 'marginal';
  else level = 'not-worth-it';
  if (level === 'not-worth-it')
    reasons.unshift(
      headlines.some((h) => h.outcome === 'slower')
        ? 'The new drive is measurably slower in part and faster nowhere.'
        : 'No test is measurably faster on the new drive.',
    );
  if (level === 'marginal' && totals.basis === 'none')
    reasons.unshift(
      'No task you wait for (boot, search, app start, …) was timed, so the time it saves is not known.',
    );
  return { level, headline: headlineOf(level, totals), reasons };
}
