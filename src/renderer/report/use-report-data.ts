// The report page's data: both runs' report data from main. Loading also marks the page as a
// report (class, title, the snapshot hook for the printer) and tells the printer it is loading or
// why it failed (html[data-report-state]); ReportRoute says "ready" once the report has drawn.
import { useEffect, useState } from 'react';
import type { ParsedReportTarget, ReportData } from '../../shared/contract/report';
import { errorText, setMoneyLocale } from '../../shared/format';
import { api } from '../api/transport';
import { setReportState } from './report-state';
import { snapshotHtml } from './snapshot';

declare global {
  interface Window {
    drivewiseReport?: { snapshotHtml(): string };
  }
}

export function useReportData(target: ParsedReportTarget) {
  const [data, setData] = useState<ReportData | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    document.documentElement.classList.add('report-mode');
    document.title = target.afterId ? 'Drivewise report' : 'Drivewise baseline report';
    window.drivewiseReport = { snapshotHtml: () => snapshotHtml(document) };
    setReportState('loading');
    api()
      .reportData({
        beforeId: target.beforeId,
        ...(target.afterId ? { afterId: target.afterId } : {}),
      })
      .then((d) => {
        setMoneyLocale(d.locale ?? navigator.language);
        setData(d);
      })
      .catch((e: unknown) => {
        const msg = errorText(e);
        setError(msg);
        setReportState('error', msg);
      });
  }, [target.beforeId, target.afterId]);

  return { data, error };
}
