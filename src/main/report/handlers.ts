import { reportSave } from '../../shared/contract/report';
import type { Services } from '../core/services';
import { createDispatch, createHandlers, type Handlers } from '../router';
import { reportPrinter } from './printer';
import { saveReport, type SaveDeps } from './save';

type ReportChannels = 'report.data' | 'report.savePdf' | 'report.saveHtml';

export function reportHandlers(s: Services): Pick<Handlers, ReportChannels> {
  // The headless renderer needs the whole router (the page calls report.data and app.info);
  // built lazily because this map is itself part of the router.
  const deps = (): SaveDeps => ({
    services: s,
    dispatch: () => createDispatch(createHandlers(s)),
    printer: reportPrinter(),
  });
  return {
    'report.data': async ({ beforeId, afterId }) => ({
      before: await s.runs.load(beforeId),
      after: afterId ? await s.runs.load(afterId) : null,
      appVersion: s.version,
      generatedAt: new Date().toISOString(),
    }),
    'report.savePdf': async (req) => {
      const { path, ...target } = reportSave.parse(req);
      const saved = await saveReport(deps(), target, { pdf: path }, 'pdf', true);
      return saved?.pdf
        ? { path: saved.pdf.path, pages: saved.pdf.pages }
        : { path: null, pages: 0 };
    },
    'report.saveHtml': async (req) => {
      const { path, ...target } = reportSave.parse(req);
      const saved = await saveReport(deps(), target, { html: path }, 'html', true);
      return saved?.html
        ? { path: saved.html.path, bytes: saved.html.bytes }
        : { path: null, bytes: 0 };
    },
  };
}
