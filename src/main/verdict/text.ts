// The verdict and the prediction as CLI text: printed from the one Verdict / Prediction object,
// with the sentences the object carries, so the CLI says what the screen and the PDF say.
// A heading is printed only above at least one row.
import { basisLine, insideText, type Prediction } from '../../shared/prediction';
import {
  fmtFigure,
  fmtRatio,
  fmtSavedEachTime,
  formatSeconds,
  outcomeWord,
  outcomeWords,
  splitUntimed,
  untimedLine,
} from '../../shared/format';
import { figureLabel, labelText } from '../../shared/labels';
import { ratioWords, type Verdict } from '../../shared/verdict';

const x = fmtRatio;

/** A figure by shared/format's one unit rule (throughputs in MB/s), as the screen and PDF print it. */
export const figure = (v: number | null, unit: string): string => fmtFigure(v, unit);

function section(title: string, rows: string[]): string[] {
  return rows.length ? ['', title, ...rows] : [];
}

export function formatVerdict(v: Verdict): string {
  // One drive measured twice saves nothing and gains nothing: no time-saved line, no "saved" column.
  const repeat = v.recommendation.level === 'same-drive';
  const lines = [
    v.recommendation.headline,
    `${v.beforeName} → ${v.afterName}`,
    ...(repeat ? [] : [v.identity.facts]),
    ...v.recommendation.reasons.map((r) => `  - ${r}`),
    '',
    ...(repeat ? [] : [`Time saved: ${v.text.timeSaved}`]),
    ...(v.text.tasks ? [`Tasks: ${v.text.tasks}`] : []),
    `Noise: ${v.text.noise}`,
    ...section(
      'By kind of work (median speed-up of its methods, with their range):',
      v.headlines.map(
        (h) =>
          `  ${h.words.padEnd(22)} ${`${ratioWords(h)}`.padEnd(42)} ${h.outcome === 'unknown' ? '' : outcomeWord(h.outcome)}`,
      ),
    ),
    ...section(
      'Findings:',
      v.findings.map((f) => `  [${f.severity}] ${f.title}\n      ${f.detail}`),
    ),
    ...section(
      repeat
        ? 'Tasks (first run → second run, outcome):'
        : 'Tasks (before → after, outcome, saved each time):',
      v.tasks.map((t) => {
        // The same words as the screen's and the PDF's task tables (shared/format outcomeWords).
        const each = fmtSavedEachTime(t);
        const saved = each === '—' ? '' : `, ${each} saved each time`;
        const b = t.beforeSeconds.median === null ? '—' : formatSeconds(t.beforeSeconds.median);
        const a = t.afterSeconds.median === null ? '—' : formatSeconds(t.afterSeconds.median);
        const est = t.basis === 'estimated' ? ` [estimated: ${t.note}]` : '';
        return `  ${t.title}: ${b} → ${a}, ${outcomeWords(t.outcome, t.speedup, t.excluded)}${saved}${est}`;
      }),
    ),
    ...measurementLines(v),
  ];
  return lines.join('\n') + '\n';
}

/** Every figure by its one name (shared/labels); figures no run timed, named once below. */
function measurementLines(v: Verdict): string[] {
  const { shown, untimed } = splitUntimed(v.comparisons, (c) => [c.before, c.after]);
  const rows = section(
    'Measurements (median before → after, speed-up):',
    shown.map((c) => {
      const verdict =
        outcomeWords(c.outcome, c.speedup, c.excluded) +
        (c.outcome === 'no-difference' ? ` (floor ${Math.round(c.floor * 100)} %)` : '');
      return `  ${labelText(figureLabel(c.testId, c))}: ${figure(c.before.median, c.unit)} → ${figure(c.after.median, c.unit)}, ${verdict}`;
    }),
  );
  const line = untimedLine(untimed.map((c) => figureLabel(c.testId, c).label));
  return line ? [...rows, `  ${line}`] : rows;
}

export function formatPrediction(p: Prediction): string {
  const synth = p.synthetic.filter((s) => s.before !== null || s.measured !== null);
  const lines = [
    `${p.target.name}: ${Math.round(p.target.effectiveSeqReadMBps)} MB/s sequential reads (${x(p.speedups.sequential)}), random access ${p.target.randomAccessMs.toFixed(3)} ms (${x(p.speedups.random)})`,
    ...section(
      p.afterId
        ? 'Tasks (now → predicted, likely range 10–90 %, its basis; measured after):'
        : 'Tasks (now → predicted, likely range 10–90 %, its basis):',
      p.tasks.map(
        (t) =>
          `  ${t.title}: ${basisLine(t)}${t.measuredSeconds !== null ? `; ${formatSeconds(t.measuredSeconds)} measured, ${insideText(t)}` : ''}${t.ioShareAssumed ? ` (${t.kind}: ${Math.round(t.ioWaitShare * 100)} % disk share assumed)` : ''}`,
      ),
    ),
    ...section(
      p.afterId
        ? 'Drive figures (now → predicted, measured after):'
        : 'Drive figures (now → predicted):',
      synth.map(
        (s) =>
          `  ${s.what}: ${fmtFigure(s.before, s.unit)} → ${fmtFigure(s.predicted, s.unit)} predicted${s.measured !== null ? `, ${fmtFigure(s.measured, s.unit)} measured` : ''}`,
      ),
    ),
    '',
    'Assumptions:',
    ...p.assumptions.map((a) => `  - ${a}`),
  ];
  return lines.join('\n') + '\n';
}
