// What the report prints, worked out once per pair of runs: the verdict and its story, the key
// figures, the per-test tables and the chart groups cut to fit a page.
import { useMemo } from 'react';
import type { RunDocument } from '../../shared/schemas/run';
import { computeVerdict, type Verdict } from '../../shared/verdict';
import { compareRuns } from '../../shared/verdict/compare';
import { chartGroups, notDrawnLine, splitGroup } from '../view-model/chart-groups';
import { testTables } from './report-model';
import { keyFigures } from './story-model';
import { adaptVerdict } from './verdict-adapter';

/** Bars per chart so that each chart fits on a page (tall canvases cannot break). */
const GROUP_BARS_PER_CHART = 14;

export function useReportModel(before: RunDocument, after: RunDocument | null) {
  const verdict: Verdict | null = useMemo(
    () => (after ? computeVerdict(before, after) : null),
    [before, after],
  );
  const story = useMemo(() => (verdict ? adaptVerdict(verdict) : null), [verdict]);
  const key = useMemo(() => (story ? keyFigures(story.comparisons) : []), [story]);
  const tables = useMemo(() => testTables(before, after, verdict), [before, after, verdict]);
  // A single run has no "after": it is compared with itself to reuse the same charts and tables.
  const comparisons = useMemo(
    () => (verdict ? verdict.comparisons : compareRuns(before, before)),
    [verdict, before],
  );
  const groupParts = useMemo(
    () => chartGroups(comparisons).flatMap((g) => splitGroup(g, GROUP_BARS_PER_CHART)),
    [comparisons],
  );
  const notDrawn = useMemo(() => notDrawnLine(comparisons), [comparisons]);
  return { verdict, story, key, tables, groupParts, notDrawn };
}
