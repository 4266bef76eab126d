// The story's first page: the recommendation and its reasons, time saved (and on what basis), and
// the findings that explain it. Reads the verdict only through the adapter (verdict-adapter.ts).
import type { RunDocument } from '../../../shared/schemas/run';
import { timeAndMoney } from '../../view-model/time-money';
import { PredictionSection } from './Context';
import type { StoryVerdict } from '../verdict-adapter';

export function Headline({ story }: { story: StoryVerdict }) {
  return (
    <section className={`rp-verdict rp-level-${story.level}`} aria-labelledby="rp-verdict-h">
      {/* The headline is the recommendation, word for word as on every surface: a level word
          here ("NOT WORTH IT") stood over "No measurable difference" for an A/A pair. */}
      <p className="rp-kicker">Recommendation</p>
      <h2 id="rp-verdict-h" data-testid="report-headline">
        {story.headline}
      </h2>
      {/* The same drive says so in its reasons; other pairs name the facts that identified them. */}
      {story.level !== 'same-drive' && (
        <p className="rp-muted" data-testid="report-identity">
          {story.identity.facts}
        </p>
      )}
      {story.reasons.length > 0 && (
        <ul className="rp-reasons">
          {story.reasons.map((x) => (
            <li key={x}>{x}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

const BASIS_TEXT = {
  measured: (saved: boolean) =>
    saved
      ? 'From the tasks timed on both drives and how often they happen in your usage profile.'
      : 'The tasks timed on both drives did not get measurably faster, so no time saved is claimed.',
  mixed: () =>
    'Partly measured: tasks timed on both drives, plus tasks timed on one drive whose other side the prediction model estimated from the drive figures.',
  estimated: () =>
    'Estimated: no task was timed on both drives, so the prediction model worked it out from the drive figures.',
  none: () =>
    'No task you wait for was timed on both drives, so no time saved is claimed. Run the full plan, or add your own stopwatch timings, to measure it.',
} as const;

export function TimeAndMoney({ story }: { story: StoryVerdict }) {
  const f = timeAndMoney(story, story.money);
  const est = f.estimate ? `, ${f.estimate}` : '';
  return (
    <section className="rp-keep" aria-labelledby="rp-time-h" data-testid="report-time">
      <h2 id="rp-time-h">Time saved</h2>
      <div className="rp-figures">
        <div className="rp-figure">
          <span className="rp-figure-value">{f.perDay ?? '—'}</span>
          <span className="rp-figure-label">saved per day{est}</span>
        </div>
        <div className="rp-figure">
          <span className="rp-figure-value">{f.perYear}</span>
          <span className="rp-figure-label">saved per year{est}</span>
        </div>
        <div className="rp-figure">
          <span className="rp-figure-value">{f.perGB}</span>
          <span className="rp-figure-label">price per GB, old → new</span>
        </div>
        <div className="rp-figure">
          <span className="rp-figure-value">{f.perHourSaved}</span>
          <span className="rp-figure-label">per hour saved (first year)</span>
        </div>
      </div>
      <p className="rp-muted">
        {BASIS_TEXT[story.basis](story.savedPerDaySeconds > 0)} {story.money.note}
      </p>
    </section>
  );
}

/** The findings that explain the verdict; `limit` keeps page one to the strongest few. */
export function Findings({
  story,
  limit,
  title = 'What explains it',
}: {
  story: StoryVerdict;
  limit?: number;
  title?: string;
}) {
  const shown = limit === undefined ? story.findings : story.findings.slice(0, limit);
  if (!shown.length) return null;
  const item = (f: StoryVerdict['findings'][number], i: number) => (
    <li key={`${f.kind}-${i}`} className={`rp-finding rp-sev-${f.severity}`}>
      <strong>{f.title}</strong>
      {f.detail && <span className="rp-finding-detail"> {f.detail}</span>}
    </li>
  );
  // The heading is printed with the first two findings so it never ends a page on its own.
  return (
    <section aria-labelledby="rp-findings-h">
      <div className="rp-keep">
        <h2 id="rp-findings-h">{title}</h2>
        <ol className="rp-findings">{shown.slice(0, 2).map(item)}</ol>
      </div>
      {shown.length > 2 && (
        <ol className="rp-findings" start={3}>
          {shown.slice(2).map((f, i) => item(f, i + 2))}
        </ol>
      )}
    </section>
  );
}

/** The first page of a baseline-only report: no verdict yet, and what a new drive would change. */
export function BaselineOnlyStory({ before }: { before: RunDocument }) {
  return (
    <>
      <section className="rp-verdict rp-level-undecided">
        <p className="rp-kicker">Baseline only</p>
        <h2 data-testid="report-headline">
          No verdict yet: measure the new drive with the same plan to compare
        </h2>
        <p>
          This report holds the figures of the current drive. After the swap, run the same plan on
          the new drive; the before/after report then says whether the upgrade was worth it.
        </p>
      </section>
      {/* Before buying, what a new drive would change is the point of a baseline report. */}
      <PredictionSection before={before} after={null} />
    </>
  );
}
