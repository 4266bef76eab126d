// The whole before/after story on paper (or the baseline alone): one view, printed as it is shown.
// Pages 1–2 tell the story (verdict, time saved, felt tasks, key figures with one chart); the
// appendix starts on a new page and holds every table, chart and the method.
import type { PaperSize, ReportData } from '../../shared/contract/report';
import { AppendixIntro, ChartsByKind, EveryTest } from './sections/Appendix';
import { PredictionSection, ReferenceSection } from './sections/Context';
import { Hardware, Methodology } from './sections/Details';
import { ReportHeader } from './sections/Header';
import { SetupCheck } from './sections/SetupCheck';
import { FeltTasks, KeyFigures } from './sections/Story';
import { BaselineOnlyStory, Findings, Headline, TimeAndMoney } from './sections/Summary';
import { TasksTable } from './sections/Tables';
import { SurfaceSection } from './sections/Surface';
import { useReportModel } from './use-report-model';
import { uncheckedWhy } from '../view-model/prediction-rows';

/** @page size must be a literal rule: Chromium and Electron both take paper size and margins from it. */
export function pageRule(paper: PaperSize): string {
  return `@page { size: ${paper === 'letter' ? 'letter' : 'A4'} portrait; }`;
}

/** Findings on the story's pages; the rest are in the appendix. */
const STORY_FINDINGS = 4;

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
  const { verdict, story, key, tables, groupParts, notDrawn } = useReportModel(before, after);
  const single = !after;
  // One drive measured twice: no time saved, no prediction of an upgrade (shared/verdict/same-drive.ts).
  const repeat = story?.level === 'same-drive';

  return (
    <article className={`report report-${paper}`} data-testid="report">
      <style>{pageRule(paper)}</style>
      <ReportHeader data={data} />

      {/* The story: at most two pages a person reads. Everything else is in the appendix. */}
      <div className="rp-story" data-testid="report-story">
        {story ? (
          <>
            <Headline story={story} />
            {!repeat && <TimeAndMoney story={story} />}
            <FeltTasks tasks={story.feltTasks} repeat={repeat} />
            <KeyFigures figures={key} />
            <Findings story={story} limit={STORY_FINDINGS} />
          </>
        ) : (
          <BaselineOnlyStory before={before} />
        )}
      </div>

      <AppendixIntro />

      {/* Set-up check (issue 18): first in the appendix; not counted in the story's pages. */}
      <SetupCheck run={after ?? before} />

      {story && story.findings.length > STORY_FINDINGS && (
        <Findings story={story} title="All findings" />
      )}

      {(verdict?.tasks.length ?? 0) > 0 && (
        <section aria-labelledby="rp-tasks-h">
          <div className="rp-keep">
            <h2 id="rp-tasks-h">Real-world tasks in detail</h2>
            <TasksTable tasks={verdict!.tasks} repeat={repeat} />
          </div>
        </section>
      )}

      <EveryTest tables={tables} single={single} />
      <ChartsByKind parts={groupParts} single={single} notDrawn={notDrawn} />
      <SurfaceSection before={before} after={after} />
      {after && verdict && !repeat && (
        <PredictionSection
          before={before}
          after={uncheckedWhy(verdict) ? null : after}
          unchecked={uncheckedWhy(verdict)}
        />
      )}
      <ReferenceSection runs={after ? [before, after] : [before]} />
      <Hardware before={before} after={after} showSerials={showSerials} />
      <Methodology repeat={repeat} />
    </article>
  );
}
