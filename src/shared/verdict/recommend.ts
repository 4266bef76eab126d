// Big wins, small gains and the recommendation with the reasons that decided it.
import { themeWords } from './metrics';
import type { Finding, MetricComparison, Money, RecommendationLevel, TaskSaving } from './schema';

/** A synthetic metric this many times better is a big win (what a person feels on an SSD). */
export const BIG_WIN_SYNTHETIC = 5;
/** A real-world task this many times faster is a big win. */
export const BIG_WIN_TASK = 3;
/** Measurably faster but by less than this is a small gain. */
export const SMALL_GAIN = 1.25;

export function formatSeconds(s: number): string {
  const sign = s < 0 ? '−' : '';
  const a = Math.abs(s);
  if (a < 10) return `${sign}${a.toFixed(1)} s`;
  if (a < 59.5) return `${sign}${Math.round(a)} s`;
  // Round first so 59.6 s past a minute reads "15 min 0 s", not "14 min 60 s".
  const total = Math.round(a);
  const m = Math.floor(total / 60);
  const r = total - m * 60;
  if (m < 60) return `${sign}${m} min ${r} s`;
  return `${sign}${Math.floor(m / 60)} h ${m % 60} min`;
}

/** Themes a person notices at the desktop (not only in copy dialogs). */
const FELT = new Set(['random-access', 'file-ops', 'small-block']);
const cap = (w: string) => `${w[0]!.toUpperCase()}${w.slice(1)}`;
const x = (f: number) => `${f >= 10 ? Math.round(f) : f.toFixed(1)}×`;

export interface Wins {
  bigWins: string[];
  smallGains: string[];
  findings: Finding[];
}

export function winsOf(comparisons: MetricComparison[], tasks: TaskSaving[]): Wins {
  const themes = new Map<string, MetricComparison[]>();
  for (const c of comparisons)
    if (c.outcome === 'faster' && c.theme !== 'memory' && (c.speedup ?? 0) >= BIG_WIN_SYNTHETIC) {
      const w = themeWords(c.theme, c.metric);
      themes.set(w, [...(themes.get(w) ?? []), c]);
    }
  const findings: Finding[] = [];
  for (const [words, cs] of themes) {
    const top = [...cs].sort((a, b) => (b.speedup ?? 0) - (a.speedup ?? 0));
    const best = top[0]!;
    findings.push({
      kind: 'big-win',
      severity: 'good',
      title: FELT.has(best.theme)
        ? `${cap(words)} ${/[^s]s$/.test(words) ? 'are' : 'is'} ${x(best.speedup!)} faster: this is what you feel`
        : `${cap(words)}: ${x(best.speedup!)} faster`,
      detail:
        top
          .slice(0, 4)
          .map((c) => `${c.testTitle}, ${c.label}: ${x(c.speedup!)}`)
          .join('; ') + (top.length > 4 ? `; and ${top.length - 4} more` : ''),
      weight: 40 + Math.log10(best.speedup!) * 10,
      keys: cs.map((c) => c.key),
    });
  }
  const bigTasks = tasks.filter((t) => t.outcome === 'faster' && (t.speedup ?? 0) >= BIG_WIN_TASK);
  for (const t of bigTasks)
    findings.push({
      kind: 'big-win',
      severity: 'good',
      title: `${t.title}: ${formatSeconds(t.beforeSeconds.median!)} → ${formatSeconds(t.afterSeconds.median!)} (${x(t.speedup!)} faster)`,
      detail: `Saves ${formatSeconds(t.savedPerOccurrence!)} every time.`,
      weight: 45 + Math.log10(t.speedup!) * 10,
      keys: [t.key],
    });
  const small = tasks.filter((t) => t.outcome === 'faster' && (t.speedup ?? 0) < SMALL_GAIN);
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
    bigWins: [...[...themes.keys()], ...bigTasks.map((t) => t.title)],
    smallGains: small.map((t) => t.title),
    findings,
  };
}

export interface Recommendation {
  level: RecommendationLevel;
  headline: string;
  reasons: string[];
}

export function recommend(input: {
  comparisons: MetricComparison[];
  tasks: TaskSaving[];
  wins: Wins;
  findings: Finding[];
  savedPerDaySeconds: number;
  money: Money;
}): Recommendation {
  const { comparisons, tasks, wins, findings, savedPerDaySeconds, money } = input;
  const hours = money.hoursSavedPerYear;
  if (!comparisons.length && !tasks.length)
    return {
      level: 'undecided',
      headline: 'No verdict: the two runs have no test in common',
      reasons: ['Run the same plan on the new drive (the after-run reuses the baseline plan).'],
    };
  const reasons: string[] = [];
  const felt = tasks.filter(
    (t) => t.outcome === 'faster' && (t.speedup ?? 0) >= 1.5 && (t.savedPerDay ?? 0) >= 5,
  );
  const fasterMetrics = comparisons.filter((c) => c.outcome === 'faster' && c.theme !== 'memory');
  const fasterTasks = tasks.filter((t) => t.outcome === 'faster' && (t.speedup ?? 0) >= SMALL_GAIN);
  if (savedPerDaySeconds > 0)
    reasons.push(
      `Saves about ${formatSeconds(savedPerDaySeconds)} a day (${hours.toFixed(1)} h a year) with your usage profile.`,
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
      `Each hour saved in the first year costs ${money.currency}${money.pricePerHourSaved.toFixed(2)}.`,
    );
  const caution = findings.filter(
    (f) => f.kind === 'cache-suspected' || f.kind === 'comparability',
  );
  if (caution.length)
    reasons.push(
      `Take with care: ${caution.map((f) => f.title[0]!.toLowerCase() + f.title.slice(1)).join('; ')}.`,
    );

  let level: RecommendationLevel;
  if (hours >= 5 || felt.length > 0 || (!tasks.length && wins.bigWins.length > 0))
    level = 'worth-it';
  else if (!fasterMetrics.length && !fasterTasks.length) level = 'not-worth-it';
  else if (!wins.bigWins.length && !fasterTasks.length) level = 'not-worth-it';
  else level = 'marginal';
  if (level === 'not-worth-it' && !fasterMetrics.length && !fasterTasks.length)
    reasons.unshift('No test is measurably faster on the new drive.');
  else if (level === 'not-worth-it')
    reasons.unshift('Only small differences: none of your tasks gets noticeably faster.');
  const headline =
    level === 'worth-it'
      ? 'Worth it: you will feel the difference'
      : level === 'marginal'
        ? 'Marginal: faster on paper, little change in what you do'
        : 'Not worth it for how you use this machine';
  return { level, headline, reasons };
}
