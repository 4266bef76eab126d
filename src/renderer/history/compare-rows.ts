// History → Compare's rows as text: label, both values by shared/format's one unit rule, and the
// one comparison rule's word (verdict/compare.ts judgeFigure, through reference/compare).
import type { Comparison } from '../../shared/reference/compare';
import { figureLabel } from '../../shared/labels';
import { metricKey } from '../../shared/verdict/metrics';
import { fmtFigure, outcomeWord, outcomeWords } from '../../shared/format';

export interface CompareRow {
  key: string;
  label: string;
  tag: string | null;
  a: string;
  b: string;
  /** The outcome word alone ("faster", "not compared (memory speed)"). */
  word: string;
  /** The word with its ratio ("3.1× faster"). */
  words: string;
  outcome: Comparison['pairs'][number]['outcome'];
  excluded: boolean;
  note: string | null;
  /** The pair it was made from (its medians decide whether the row has any figure). */
  pair: Comparison['pairs'][number];
}

export function compareRows(c: Comparison): CompareRow[] {
  return c.pairs.map((p) => {
    const label = figureLabel(p.testId, p);
    return {
      key: metricKey(p.testId, p),
      label: label.label,
      tag: label.tag,
      a: fmtFigure(p.a.median, p.unit),
      b: fmtFigure(p.b.median, p.unit),
      word: outcomeWord(p.outcome, p.excluded),
      words: outcomeWords(p.outcome, p.factor, p.excluded),
      outcome: p.outcome,
      excluded: !!p.excluded,
      note: p.note ?? null,
      pair: p,
    };
  });
}
