// The report page: loads both runs, draws the report, then tells the printer it is ready
// (html[data-report-state] = ready | error) and offers the HTML snapshot. The data comes from
// useReportData; the "ready" signal stays here because it follows this component's drawing.
import { Component, useEffect, type ReactNode } from 'react';
import type { ParsedReportTarget } from '../../shared/contract/report';
import { ReportView } from './ReportView';
import { setReportState } from './report-state';
import { useReportData } from './use-report-data';
import './report.css';

export function ReportRoute({ target }: { target: ParsedReportTarget }) {
  const { data, error } = useReportData(target);

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
