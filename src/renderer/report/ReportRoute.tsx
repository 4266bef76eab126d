// The report page: loads both runs, draws the report, then tells the printer it is ready
// (html[data-report-state] = ready | error) and offers the HTML snapshot.
import { Component, useEffect, useState, type ReactNode } from 'react';
import type { ParsedReportTarget, ReportData } from '../../shared/contract/report';
import { api } from '../api/transport';
import { ReportView } from './ReportView';
import { setReportState } from './report-state';
import { snapshotHtml } from './snapshot';
import './report.css';
import { errorText } from '../../shared/format';

declare global {
  interface Window {
    drivewiseReport?: { snapshotHtml(): string };
  }
}

export function ReportRoute({ target }: { target: ParsedReportTarget }) {
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
      .then(setData)
      .catch((e: unknown) => {
        const msg = errorText(e);
        setError(msg);
        setReportState('error', msg);
      });
  }, [target.beforeId, target.afterId]);

  useEffect(() => {
    if (!data) return;
    // Charts draw synchronously (no animation); two frames later layout and fonts have settled.
    let cancelled = false;
    void document.fonts.ready.then(() =>
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          if (!cancelled) setReportState('ready');
        }),
      ),
    );
    return () => {
      cancelled = true;
    };
  }, [data]);

  if (error)
    return (
      <main className="report report-error" role="alert">
        <h1>Cannot make the report</h1>
        <p>{error}</p>
      </main>
    );
  if (!data) return <main className="report" aria-busy="true" />;
  return (
    <ReportErrorBoundary>
      <ReportView data={data} paper={target.paper} showSerials={target.showSerials} />
    </ReportErrorBoundary>
  );
}

/** Render errors (a run the view cannot draw) must reach the printer as a message, not hang it. */
class ReportErrorBoundary extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null as string | null };
  static getDerivedStateFromError(err: unknown) {
    return { error: err instanceof Error ? err.message.split('\n')[0]! : String(err) };
  }
  override componentDidCatch(err: unknown) {
    setReportState('error', err instanceof Error ? err.message.split('\n')[0] : String(err));
  }
  override render() {
    if (this.state.error)
      return (
        <main className="report report-error" role="alert">
          <h1>Cannot draw the report</h1>
          <p>{this.state.error}</p>
        </main>
      );
    return this.props.children;
  }
}
