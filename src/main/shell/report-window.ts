// File → Save report… in the desktop app: the report route printed by a hidden window of our own
// renderer (same view as the headless CLI), saved where the person chooses.
import { BrowserWindow, dialog } from 'electron';
import { reportHash, type ParsedReportTarget } from '../../shared/contract/report';
import { setReportPrinter, type ReportFormat, type ReportPrinter } from '../report/printer';
import { lockDownNavigation, secureWebPreferences } from './window';

export interface ReportWindowOptions {
  parent: () => BrowserWindow | null;
  rendererIndex: string;
  preloadPath: string;
  appUrlPrefix: string;
  timeoutMs?: number;
}

const MM_PER_INCH = 25.4;
/** The report's @page margins (report.css), in inches: printToPDF takes inches whatever its .d.ts says. */
export const PDF_MARGINS = {
  top: 14 / MM_PER_INCH,
  bottom: 16 / MM_PER_INCH,
  left: 13 / MM_PER_INCH,
  right: 13 / MM_PER_INCH,
};

const FILTERS: Record<ReportFormat, Electron.FileFilter[]> = {
  pdf: [{ name: 'PDF document', extensions: ['pdf'] }],
  html: [{ name: 'Web page (single file)', extensions: ['html'] }],
};

/** Resolves once the report view has drawn itself; rejects with its error or after timeoutMs. */
export async function waitForReport(
  contents: Electron.WebContents,
  timeoutMs: number,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (contents.isDestroyed()) throw new Error('the report window closed');
    const state = (await contents.executeJavaScript(
      'document.documentElement.dataset.reportState || ""',
    )) as string;
    if (state === 'ready') return;
    if (state === 'error') {
      const msg = (await contents.executeJavaScript(
        'document.documentElement.dataset.reportError || ""',
      )) as string;
      throw new Error(`cannot make the report: ${msg}`);
    }
    if (Date.now() > until)
      throw new Error(`the report view did not finish drawing within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** printToPDF's options for the report: the view's own @page size and margins. */
export function pdfOptions(paper: 'a4' | 'letter'): Electron.PrintToPDFOptions {
  return {
    printBackground: true,
    preferCSSPageSize: true,
    pageSize: paper === 'letter' ? 'Letter' : 'A4',
    margins: PDF_MARGINS,
  };
}

export function electronReportPrinter(o: ReportWindowOptions): ReportPrinter {
  return {
    askPath: async (format, suggestedName) => {
      const parent = o.parent();
      const opts: Electron.SaveDialogOptions = {
        title: format === 'pdf' ? 'Save report as PDF' : 'Save report as HTML',
        defaultPath: suggestedName,
        filters: FILTERS[format],
        properties: ['createDirectory', 'showOverwriteConfirmation'],
      };
      const r = parent
        ? await dialog.showSaveDialog(parent, opts)
        : await dialog.showSaveDialog(opts);
      return r.canceled || !r.filePath ? null : r.filePath;
    },
    render: async (target: ParsedReportTarget, format: ReportFormat) => {
      const win = new BrowserWindow({
        show: false,
        width: 820,
        height: 1160,
        webPreferences: secureWebPreferences(o.preloadPath),
      });
      lockDownNavigation(win.webContents, o.appUrlPrefix);
      try {
        // Light paper whatever the desktop theme is (the view also forces it).
        win.webContents.setBackgroundThrottling(false);
        await win.loadFile(o.rendererIndex, { hash: reportHash(target).slice(1) });
        await waitForReport(win.webContents, o.timeoutMs ?? 60_000);
        if (format === 'html') {
          const html = (await win.webContents.executeJavaScript(
            'window.drivewiseReport.snapshotHtml()',
          )) as string;
          return { bytes: Buffer.from(html, 'utf8') };
        }
        return { bytes: await win.webContents.printToPDF(pdfOptions(target.paper)) };
      } finally {
        if (!win.isDestroyed()) win.destroy();
      }
    },
  };
}

/** Called once by the Electron entry: from now on report.savePdf/saveHtml print in-app. */
export function installReportPrinter(o: ReportWindowOptions): void {
  setReportPrinter(electronReportPrinter(o));
}
