// Two runs side by side, metric by metric, with "no measurable difference" inside the noise.
import type { Comparison } from '../../shared/reference/compare';
import { testLabel } from '../../shared/labels';
import { compareRows } from './compare-rows';
import { splitUntimed, untimedLine } from '../../shared/format';

const LABEL_WORDS: Record<string, string> = {
  before: 'Old drive',
  after: 'New drive',
  custom: 'Imported run',
  reference: 'Reference drive',
};

/** "seeker seeks_per_second" entries, as the tests they belong to, in words. */
const onlyText = (xs: string[]) =>
  [...new Set(xs.map((x) => testLabel(x.split(' ')[0]!).label))].join(', ');

/** Colour by the verdict's outcome: B against A, judged by the one rule (verdict/compare.ts). */
const TONE = {
  faster: 'dw-better',
  slower: 'dw-worse',
  'no-difference': 'muted',
  varied: 'muted',
  unknown: 'muted',
};

export function CompareTable({ c }: { c: Comparison }) {
  // Figures neither run timed: out of the table, named once below it (shared/format).
  const rows = splitUntimed(compareRows(c), (r) => [r.pair.a, r.pair.b]);
  return (
    <section className="dw-compare" aria-label="Comparison">
      <p>
        <strong>A</strong> {c.a.name ?? LABEL_WORDS[c.a.label] ?? 'Run A'}{' '}
        <span className="muted">({c.a.label})</span>
        <br />
        <strong>B</strong> {c.b.name ?? LABEL_WORDS[c.b.label] ?? 'Run B'}{' '}
        <span className="muted">({c.b.label})</span>
        <br />
        <span className="muted" data-testid="compare-identity">
          {c.identity.facts}
        </span>
      </p>
      <p data-testid="compare-headline">
        Verdict, A before and B after: <strong>{c.headline}</strong>
      </p>
      {c.pairs.length === 0 ? (
        <p className="muted">These two runs have no figures in common.</p>
      ) : (
        <table className="dw-table">
          <thead>
            <tr>
              <th scope="col">Figure</th>
              <th scope="col">A</th>
              <th scope="col">B</th>
              <th scope="col">Difference</th>
            </tr>
          </thead>
          <tbody>
            {rows.shown.map((r, i) => (
              <tr key={i} data-key={r.key}>
                <td>
                  {r.label} <span className="dw-tag">{r.tag}</span>
                </td>
                <td className="num">{r.a}</td>
                <td className="num">{r.b}</td>
                <td className={r.excluded ? 'muted' : TONE[r.outcome]} data-outcome={r.word}>
                  {r.words}
                  {r.note && <div className="muted">{r.note}</div>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {rows.untimed.length > 0 && (
        <p className="muted" data-testid="compare-untimed">
          {untimedLine(rows.untimed.map((r) => r.label))}
        </p>
      )}
      {(c.onlyA.length > 0 || c.onlyB.length > 0) && (
        <p className="muted">
          {c.onlyA.length > 0 && `Only in A: ${onlyText(c.onlyA)}. `}
          {c.onlyB.length > 0 && `Only in B: ${onlyText(c.onlyB)}.`}
        </p>
      )}
    </section>
  );
}
