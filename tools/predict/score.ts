// Each pair's predictions against what the after device measured: with the target set to the
// after device's own synthetic figures (the acceptance's bounds), and with the sata-ssd preset
// (printed, no bound). Only rows predicted from this machine's own measurement are scored.
import { predict, type TaskPrediction } from '../../src/shared/prediction';
import { basisLine } from '../../src/shared/prediction/basis';
import { formatSeconds } from '../../src/shared/format/duration';
import type { RunDocument } from '../../src/shared/schemas/run';

export interface PairRuns {
  pair: number;
  before: RunDocument;
  after: RunDocument;
}

export interface RowScore {
  title: string;
  before: number;
  warm: number | null;
  predicted: number;
  low: number;
  high: number;
  measured: number;
  /** (predicted − measured) / measured. */
  error: number;
  inside: boolean;
  width: number;
  line: string;
}

export interface PairScore {
  pair: number;
  before: string;
  after: string;
  rows: RowScore[];
  preset: RowScore[];
  /** Rows left to the published basis, with the reason. */
  other: string[];
}

function scored(ts: TaskPrediction[]): RowScore[] {
  return ts
    .filter((t) => t.basis === 'this-machine' && t.measuredSeconds !== null)
    .map((t) => ({
      title: t.title,
      before: t.beforeSeconds.median!,
      warm: t.warmSeconds,
      predicted: t.predictedSeconds,
      low: t.predictedLowSeconds,
      high: t.predictedHighSeconds,
      measured: t.measuredSeconds!,
      error: (t.predictedSeconds - t.measuredSeconds!) / t.measuredSeconds!,
      inside: t.measuredInside === true,
      width: t.predictedHighSeconds / t.predictedLowSeconds,
      line: basisLine(t),
    }));
}

export function scorePair(p: PairRuns): PairScore {
  const own = predict(p.before, { preset: 'sata-ssd' }, p.after, { targetRun: p.after });
  const preset = predict(p.before, { preset: 'sata-ssd' }, p.after);
  return {
    pair: p.pair,
    before: p.before.name ?? p.before.id,
    after: p.after.name ?? p.after.id,
    rows: scored(own.tasks),
    preset: scored(preset.tasks),
    other: own.tasks
      .filter((t) => t.basis !== 'this-machine')
      .map((t) => `${t.title}: ${t.basisNote}`),
  };
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length === 0 ? NaN : s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const pct = (x: number) => `${x >= 0 ? '+' : ''}${Math.round(x * 100)} %`;
const s = (x: number | null) => (x === null ? '—' : formatSeconds(x));

function table(rows: RowScore[]): string[] {
  const head = `  ${'task'.padEnd(58)} ${'before'.padStart(8)} ${'warm'.padStart(7)} ${'predicted (10–90 %)'.padStart(24)} ${'after'.padStart(8)} ${'error'.padStart(6)}  in range`;
  return [
    head,
    ...rows.map(
      (r) =>
        `  ${r.title.slice(0, 58).padEnd(58)} ${s(r.before).padStart(8)} ${s(r.warm).padStart(7)} ${`${s(r.predicted)} (${s(r.low)}–${s(r.high)})`.padStart(24)} ${s(r.measured).padStart(8)} ${pct(r.error).padStart(6)}  ${r.inside ? 'yes' : 'NO'}`,
    ),
  ];
}

/** The tables and the summary against the acceptance's bounds. */
export function formatScores(scores: PairScore[]): string {
  const out: string[] = [];
  for (const p of scores) {
    out.push(`Pair ${p.pair}: ${p.before} → ${p.after}`);
    out.push('  target = the after device’s own synthetic figures:');
    out.push(...table(p.rows));
    out.push(
      `  target = the sata-ssd preset (no bound): median |error| ${Math.round(median(p.preset.map((r) => Math.abs(r.error))) * 100)} %`,
    );
    out.push(...table(p.preset));
    if (p.other.length) out.push(`  not from this machine: ${p.other.join('; ')}`);
    out.push('');
  }
  const all = scores.flatMap((p) => p.rows);
  const err = median(all.map((r) => Math.abs(r.error)));
  const inside = all.filter((r) => r.inside).length;
  const width = median(all.map((r) => r.width));
  const verdict = (ok: boolean) => (ok ? 'met' : 'UNMET');
  out.push(
    `over ${all.length} rows of ${scores.length} pair(s):`,
    `  median |predicted − measured| / measured ${(err * 100).toFixed(1)} % (≤ 15 %): ${verdict(err <= 0.15)}`,
    `  measured after-time inside its 10–90 % range: ${inside} of ${all.length}: ${verdict(inside === all.length)}`,
    `  median range width ×${width.toFixed(2)} (≤ ×1.6): ${verdict(width <= 1.6)}`,
    `  with the sata-ssd preset: median |error| ${(median(scores.flatMap((p) => p.preset).map((r) => Math.abs(r.error))) * 100).toFixed(1)} % (no bound)`,
  );
  return `${out.join('\n')}\n`;
}
