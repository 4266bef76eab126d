// How the report page tells its printer (headless Chromium or Electron) that it is done drawing.

export type ReportState = 'loading' | 'ready' | 'error';

export function setReportState(state: ReportState, error?: string, doc: Document = document): void {
  const html = doc.documentElement;
  // An error is final: a late "ready" from the drawing effect must not hide it.
  if (state === 'ready' && html.dataset.reportState === 'error') return;
  html.dataset.reportState = state;
  if (error) html.dataset.reportError = error;
}
