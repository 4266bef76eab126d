// Who prints: headless Chromium by default (CLI, browser mode); the desktop shell swaps in its own
// hidden-window printToPDF and save dialog (src/main/shell/report-window.ts).
import type { ParsedReportTarget } from '../../shared/contract/report';

export type ReportFormat = 'pdf' | 'html';

export interface ReportPrinter {
  /** Asks where to save; null when the person cancels. Absent: a default path is used. */
  askPath?(format: ReportFormat, suggestedName: string): Promise<string | null>;
  /** Renders the report; absent: headless Chromium. */
  render?(
    target: ParsedReportTarget,
    format: ReportFormat,
  ): Promise<{ bytes: Buffer; pages?: number }>;
}

let current: ReportPrinter = {};

export function setReportPrinter(p: ReportPrinter): void {
  current = p;
}

export function reportPrinter(): ReportPrinter {
  return current;
}
