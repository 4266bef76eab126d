// bench:quick's printout: per device, each test's seconds and each figure's noise floor before
// (the baseline captured on main) and after (this run), with the ratios, and the aims.
import { RANK_ALPHA, rankVerdict } from './rank-test';
import type { QuickSummary } from './summary';

/** Quick's aims (issue 39): seconds per device; the suite asserts only 1.5× these. */
export const QUICK_AIMS: Record<string, number> = { 'HDD-like': 75, fast: 35 };
/** The pre-run estimate's aim: within ±15 % of the actual total. */
export const ESTIMATE_AIM = 0.15;

const pad = (s: string, n: number): string => s.padEnd(n);
const num = (x: number | undefined, d = 1): string => (x === undefined ? '-' : x.toFixed(d));
const ratio = (a: number | undefined, b: number | undefined): string =>
  a === undefined || b === undefined || a === 0 ? '-' : `${(b / a).toFixed(2)}×`;

function testRows(before: QuickSummary | undefined, after: QuickSummary): string[] {
  const ids = [...new Set([...Object.keys(before?.tests ?? {}), ...Object.keys(after.tests)])];
  return ids.map(
    (id) =>
      `  ${pad(id, 18)} ${num(before?.tests[id]).padStart(7)} ${num(after.tests[id]).padStart(7)}  ${ratio(before?.tests[id], after.tests[id])}`,
  );
}

/** "12 narrower, 31 the same, 9 wider" over the figures both sides have. */
export function floorCounts(before: QuickSummary | undefined, after: QuickSummary): string {
  const n = { narrower: 0, same: 0, wider: 0 };
  for (const [k, a] of Object.entries(after.floors)) {
    const b = before?.floors[k];
    if (b === undefined) continue;
    n[a > b + 1e-9 ? 'wider' : a < b - 1e-9 ? 'narrower' : 'same']++;
  }
  return `${n.narrower} narrower, ${n.same} the same, ${n.wider} wider`;
}

type Ranks = Map<string, ReturnType<typeof rankVerdict>>;

/** The rank test's word on each figure where both sides kept each run's floors (once a report). */
function rankFigures(before: QuickSummary | undefined, after: QuickSummary): Ranks {
  const out: Ranks = new Map();
  for (const [k, a] of Object.entries(after.floorRuns ?? {})) {
    const b = before?.floorRuns?.[k];
    if (b) out.set(k, rankVerdict(b, a));
  }
  return out;
}

/**
 * "over the runs, beyond chance (p < 0.05): 1 wider, 9 narrower, 46 neither (about 3 of 56 by
 * chance alone)", where both sides kept each run's floors; else null.
 */
export function rankCounts(
  before: QuickSummary | undefined,
  after: QuickSummary,
  ranks: Ranks = rankFigures(before, after),
): string | null {
  const n = { wider: 0, narrower: 0, neither: 0 };
  for (const v of ranks.values()) n[v ?? 'neither']++;
  const all = ranks.size;
  if (!all) return null;
  return `over the runs, beyond chance (rank test, p < ${RANK_ALPHA}): ${n.wider} wider, ${n.narrower} narrower, ${n.neither} neither (about ${Math.round(RANK_ALPHA * all)} of ${all} by chance alone)`;
}

function floorRows(before: QuickSummary | undefined, after: QuickSummary, ranks: Ranks): string[] {
  const keys = [...new Set([...Object.keys(before?.floors ?? {}), ...Object.keys(after.floors)])];
  const pct = (x: number | undefined) => (x === undefined ? '-' : `${(x * 100).toFixed(1)} %`);
  return keys.map((k) => {
    const b = before?.floors[k];
    const a = after.floors[k];
    const wider = b !== undefined && a !== undefined && a > b + 1e-9 ? '  WIDER' : '';
    const v = ranks.get(k);
    const rank = v ? `  (runs: ${v})` : '';
    return `  ${pad(k, 58)} ${pct(b).padStart(8)} ${pct(a).padStart(8)}  ${ratio(b, a)}${wider}${rank}`;
  });
}

/** Issue 41's bound on the Plan step's estimate (probed when the folder is chosen). */
const PLAN_AIM = 0.25;

/** The Plan step's estimate against the run's actual time, where it was measured. */
function planLine(after: QuickSummary): string[] {
  if (!after.planEstimate) return [];
  const err = (after.planEstimate - after.total) / after.total;
  const ok = Math.abs(err) <= PLAN_AIM;
  return [
    `  Plan step estimate ${after.planEstimate} s, error ${(err * 100).toFixed(0)} % (aim ±${PLAN_AIM * 100} %: ${ok ? 'met' : 'UNMET'})`,
  ];
}

/** One device's block of the printout, and whether it met its aims. */
export function deviceReport(
  name: string,
  before: QuickSummary | undefined,
  after: QuickSummary,
): { text: string; met: boolean } {
  const aim = QUICK_AIMS[name];
  const err = (after.estimate - after.total) / after.total;
  const timeOk = aim === undefined || after.total <= aim;
  const estOk = Math.abs(err) <= ESTIMATE_AIM;
  const runs = (s: QuickSummary | undefined) => (s && (s.runs ?? 1) > 1 ? `, ${s.runs} runs` : '');
  const ranks = rankFigures(before, after);
  const lines = [
    `== ${name} (load ${after.load}${runs(after)}${before ? `; baseline load ${before.load}${runs(before)}` : ''})`,
    `  total ${num(before?.total)} s → ${num(after.total)} s (${ratio(before?.total, after.total)})` +
      `${aim === undefined ? '' : `, aim ≤ ${aim} s: ${timeOk ? 'met' : 'UNMET'}`}`,
    `  estimate ${after.estimate} s, error ${(err * 100).toFixed(0)} % (aim ±${ESTIMATE_AIM * 100} %: ${estOk ? 'met' : 'UNMET'})`,
    ...planLine(after),
    `  ${pad('test', 18)} ${'before'.padStart(7)} ${'after'.padStart(7)}  ratio`,
    ...testRows(before, after),
    `  noise floors: ${floorCounts(before, after)}${(after.runs ?? 1) > 1 ? ` (medians of ${after.runs} runs)` : ''}`,
    ...[rankCounts(before, after, ranks)].filter((x) => x !== null).map((x) => `  ${x}`),
    `  ${pad('figure (noise floor)', 58)} ${'before'.padStart(8)} ${'after'.padStart(8)}  ratio`,
    ...floorRows(before, after, ranks),
  ];
  return { text: lines.join('\n'), met: timeOk && estOk };
}
