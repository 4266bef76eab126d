// The whole before/after story on paper (or the baseline alone): one view, printed as it is shown.
// Pages 1–2 tell the story (verdict, time saved, felt tasks, key figures with one chart); the
// appendix starts on a new page and holds every table, chart and the method.
import { useMemo, type ReactNode } from 'react';
import type { PaperSize, ReportData } from '../../shared/contract/report';
import type { RunDocument } from '../../shared/schemas/run';
import { computeVerdict, type MetricComparison, type Verdict } from '../../shared/verdict';
import { compareRuns } from '../../shared/verdict/compare';
import { chunk, partOf } from './chart-utils';
import { GroupChart } from './charts';
import { fmtBytes, fmtDate } from '../../shared/format';
import { chartGroups } from '../view-model/chart-groups';
import { displayName, testTables } from './report-model';
import { PredictionSection, ReferenceSection } from './sections/Context';
import { Hardware, Methodology } from './sections/Details';
import { FeltTasks, KeyFigures } from './sections/Story';
import { Findings, Headline, TimeAndMoney } from './sections/Summary';
import { keyFigures } from './story-model';
import { adaptVerdict } from './verdict-adapter';
import { TasksTable, TestTableBlock } from './sections/Tables';
import { SetupCheck } from './sections/SetupCheck';

/** @page size must be a literal rule: Chromium and Electron both take paper size and margins from it. */
export function pageRule(paper: PaperSize): string {
  return `@page { size: ${paper === 'letter' ? 'letter' : 'A4'} portrait; }`;
}

/** Bars per chart so that each chart fits on a page (tall canvases cannot break). */
const GROUP_BARS_PER_CHART = 14;

/** A heading never ends a page: it is kept together with the first block under it. */
function KeepWithFirst({ heading, children }: { heading: ReactNode; children: ReactNode[] }) {
  return (
    <>
      <div className="rp-keep">
        {heading}
        {children[0]}
      </div>
      {children.slice(1)}
    </>
  );
}

/** A single run has no "after": compare it with itself to reuse the same charts and tables. */
function singleComparisons(run: RunDocument): MetricComparison[] {
  return compareRuns(run, run);
}

export function ReportView({
  data,
  paper,
  showSerials,
}: {
  data: ReportData;
  paper: PaperSize;
  showSerials: boolean;
}) {
  const { before, after } = data;
  const verdict: Verdict | null = useMemo(
    () => (after ? computeVerdict(before, after) : null),
    [before, after],
  );
  const story = useMemo(() => (verdict ? adaptVerdict(verdict) : null), [verdict]);
  const key = useMemo(() => (story ? keyFigures(story.comparisons) : []), [story]);
  const tables = useMemo(() => testTables(before, after, verdict), [before, after, verdict]);
  const groups = useMemo(
    () => chartGroups(verdict ? verdict.comparisons : singleComparisons(before)),
    [verdict, before],
  );
  const groupParts = useMemo(
    () =>
      groups.flatMap((g) => {
        const parts = chunk(g.bars, GROUP_BARS_PER_CHART);
        return parts.map((bars, i) => ({
          ...g,
          id: `${g.id}#${i}`,
          bars,
          title: g.title + partOf(i, parts.length),
        }));
      }),
    [groups],
  );
  const single = !after;
  const synthetic = tables.filter((t) => t.kind === 'synthetic');
  const taskTables = tables.filter((t) => t.kind === 'task');
  const written = before.bytesWritten + (after?.bytesWritten ?? 0);
  const STORY_FINDINGS = 4;

  return (
    <article className={`report report-${paper}`} data-testid="report">
      <style>{pageRule(paper)}</style>
      <header className="rp-header">
        <p className="rp-brand">Drivewise report</p>
        <h1>
          {single ? (
            <>Baseline: {displayName(before)}</>
          ) : (
            <>
              {displayName(before)} → {displayName(after)}
            </>
          )}
        </h1>
        <p className="rp-meta">
          {[
            before.createdAt && `${single ? 'Measured' : 'Before'} ${fmtDate(before.createdAt)}`,
            after?.createdAt && `After ${fmtDate(after.createdAt)}`,
            `Report made ${fmtDate(data.generatedAt)} with Drivewise ${data.appVersion}`,
            `The tests wrote ${fmtBytes(written)}`,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      </header>

      {/* The story: at most two pages a person reads. Everything else is in the appendix. */}
      <div className="rp-story" data-testid="report-story">
        {story ? (
          <>
            <Headline story={story} />
            <TimeAndMoney story={story} />
            <FeltTasks tasks={story.feltTasks} />
            <KeyFigures figures={key} />
            <Findings story={story} limit={STORY_FINDINGS} />
          </>
        ) : (
          <>
            <section className="rp-verdict rp-level-undecided">
              <p className="rp-kicker">Baseline only</p>
              <h2 data-testid="report-headline">
                No verdict yet: measure the new drive with the same plan to compare
              </h2>
              <p>
                This report holds the figures of the current drive. After the swap, run the same
                plan on the new drive; the before/after report then says whether the upgrade was
                worth it.
              </p>
            </section>
            {/* Before buying, what a new drive would change is the point of a baseline report. */}
            <PredictionSection before={before} after={null} />
          </>
        )}
      </div>

      <section className="rp-appendix-start" aria-labelledby="rp-appendix-h">
        <h2 id="rp-appendix-h" className="rp-appendix-title">
          Appendix: every figure, and how it was measured
        </h2>
        <p className="rp-muted">
          The details behind the pages above: each test figure by figure, the charts per kind of
          figure, the prediction, the reference drives, the hardware and the method.
        </p>
      </section>

      {/* Set-up check (issue 18): first in the appendix; not counted in the story's pages. */}
      <SetupCheck run={after ?? before} />

      {story && story.findings.length > STORY_FINDINGS && (
        <Findings story={story} title="All findings" />
      )}

      {(verdict?.tasks.length ?? 0) > 0 && (
        <section aria-labelledby="rp-tasks-h">
          <div className="rp-keep">
            <h2 id="rp-tasks-h">Real-world tasks in detail</h2>
            <TasksTable tasks={verdict!.tasks} />
          </div>
        </section>
      )}

      <section aria-labelledby="rp-tests-h">
        <KeepWithFirst
          heading={
            <>
              <h2 id="rp-tests-h">Every test, figure by figure</h2>
              <p className="rp-muted">
                Medians with min–max over the repetitions; ↓ marks figures where lower is better.
                Ratio = how many times better the {single ? 'figure' : 'after-run'} is. The small
                grey tag names the classic tool whose method the figure follows.
              </p>
            </>
          }
        >
          {[...synthetic, ...taskTables].map((t) => (
            <TestTableBlock key={`${t.testId}|${t.title}`} t={t} single={single} />
          ))}
        </KeepWithFirst>
      </section>

      {groupParts.length > 0 && (
        <section aria-labelledby="rp-charts-h">
          <KeepWithFirst heading={<h2 id="rp-charts-h">Charts by kind of figure</h2>}>
            {groupParts.map((g) => (
              <figure className="rp-figure-block" key={g.id}>
                <GroupChart group={g} single={single} />
              </figure>
            ))}
          </KeepWithFirst>
        </section>
      )}

      {after && <PredictionSection before={before} after={after} />}
      <ReferenceSection runs={after ? [before, after] : [before]} />
      <Hardware before={before} after={after} showSerials={showSerials} />
      <Methodology />
    </article>
  );
}
