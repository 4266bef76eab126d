// The whole before/after story on paper (or the baseline alone): one view, printed as it is shown.
import { useMemo, type ReactNode } from 'react';
import type { PaperSize, ReportData } from '../../shared/contract/report';
import type { RunDocument } from '../../shared/schemas/run';
import { computeVerdict, runName, type MetricComparison, type Verdict } from '../../shared/verdict';
import { compareRuns } from '../../shared/verdict/compare';
import { chunk, partOf } from './chart-utils';
import { GroupChart, SpeedupChart, speedupRange, TasksChart } from './charts';
import { fmtBytes, fmtDate } from './format';
import { chartGroups, testTables } from './report-model';
import { PredictionSection, ReferenceSection } from './sections/Context';
import { Hardware, Methodology } from './sections/Details';
import { Findings, Headline, TimeAndMoney } from './sections/Summary';
import { TasksTable, TestTableBlock } from './sections/Tables';
import { SetupCheck } from './sections/SetupCheck';

/** @page size must be a literal rule: Chromium and Electron both take paper size and margins from it. */
export function pageRule(paper: PaperSize): string {
  return `@page { size: ${paper === 'letter' ? 'letter' : 'A4'} portrait; }`;
}

/** Rows per chart so that each chart fits on a page (tall canvases cannot break). */
const SPEED_ROWS_PER_CHART = 26;
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
  const speedRows = useMemo(
    () => (verdict?.comparisons ?? []).filter((c) => c.speedup !== null && c.theme !== 'memory'),
    [verdict],
  );
  const range = useMemo(() => speedupRange(speedRows), [speedRows]);
  const speedParts = useMemo(() => chunk(speedRows, SPEED_ROWS_PER_CHART), [speedRows]);
  const single = !after;
  const synthetic = tables.filter((t) => t.kind === 'synthetic');
  const taskTables = tables.filter((t) => t.kind === 'task');
  const written = before.bytesWritten + (after?.bytesWritten ?? 0);

  return (
    <article className={`report report-${paper}`} data-testid="report">
      <style>{pageRule(paper)}</style>
      <header className="rp-header">
        <p className="rp-brand">Drivewise report</p>
        <h1>
          {single ? (
            <>Baseline: {runName(before)}</>
          ) : (
            <>
              {runName(before)} → {runName(after)}
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

      {verdict ? (
        <>
          <Headline verdict={verdict} />
          <TimeAndMoney verdict={verdict} />
          <Findings verdict={verdict} />
        </>
      ) : (
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
      )}
      {/* Before buying, what a new drive would change is the point of a baseline report. */}
      {!after && <PredictionSection before={before} after={null} />}

      <section aria-labelledby="rp-charts-h">
        <KeepWithFirst heading={<h2 id="rp-charts-h">Charts</h2>}>
          {[
            ...speedParts.map((rows, i) => (
              <figure className="rp-figure-block" key={`speed-${i}`}>
                <SpeedupChart rows={rows} range={range} part={partOf(i, speedParts.length)} />
              </figure>
            )),
            ...(verdict && verdict.tasks.length > 0
              ? [
                  <figure className="rp-figure-block" key="tasks">
                    <TasksChart tasks={verdict.tasks} />
                  </figure>,
                ]
              : []),
            ...groupParts.map((g) => (
              <figure className="rp-figure-block" key={g.id}>
                <GroupChart group={g} single={single} />
              </figure>
            )),
          ]}
        </KeepWithFirst>
      </section>

      {(verdict?.tasks.length ?? 0) > 0 && (
        <section aria-labelledby="rp-tasks-h">
          <h2 id="rp-tasks-h">Real-world tasks</h2>
          <div className="rp-keep">
            <TasksTable tasks={verdict!.tasks} />
          </div>
        </section>
      )}

      {/* Set-up check (issue 18): first page of the appendix. */}
      <SetupCheck run={after ?? before} />
      <section aria-labelledby="rp-tests-h">
        <KeepWithFirst
          heading={
            <>
              <h2 id="rp-tests-h">Every test, figure by figure</h2>
              <p className="rp-muted">
                Medians with min–max over the repetitions; ↓ marks figures where lower is better.
                Ratio = how many times better the {single ? 'figure' : 'after-run'} is.
              </p>
            </>
          }
        >
          {[...synthetic, ...taskTables].map((t) => (
            <TestTableBlock key={t.testId} t={t} single={single} />
          ))}
        </KeepWithFirst>
      </section>

      {after && <PredictionSection before={before} after={after} />}
      <ReferenceSection runs={after ? [before, after] : [before]} />
      <Hardware before={before} after={after} showSerials={showSerials} />
      <Methodology />
    </article>
  );
}
