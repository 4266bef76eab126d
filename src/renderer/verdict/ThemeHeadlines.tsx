// The verdict's theme headlines: one row per kind of work, the median of its methods with their
// range (never the most extreme figure), as the verdict object states them.
import { ratioWords, type Verdict } from '../../shared/verdict';
import { fmtRatio } from '../../shared/format';

/** One row per kind of work: the median speed-up of its methods, with their range. */
export function ThemeHeadlines({ verdict }: { verdict: Verdict }) {
  if (!verdict.headlines.length) return null;
  return (
    <section aria-labelledby="vd-themes-title">
      <h3 id="vd-themes-title">By kind of work</h3>
      <p className="muted">
        The median of the methods that measure it, with their range: never the most extreme one.
      </p>
      <ul className="vd-themes" data-testid="verdict-themes">
        {verdict.headlines.map((h) => (
          <li key={h.words} className={`vd-theme vd-out-${h.outcome}`}>
            <span className="vd-theme-words">{h.words}</span>
            <strong>
              {h.outcome === 'no-difference' ? 'no measurable difference' : ratioWords(h)}
            </strong>
            <span className="muted">
              {h.outcome === 'faster'
                ? 'faster'
                : h.outcome === 'slower'
                  ? 'slower'
                  : h.outcome === 'varied'
                    ? 'varied between runs of one drive'
                    : `median ${fmtRatio(h.median)} inside the noise`}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
