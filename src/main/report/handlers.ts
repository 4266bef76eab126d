import { reportSave } from '../../shared/contract/report';
import type { Services } from '../core/services';
import { envLocale } from '../../shared/format/money';
import type { Dispatch, Handlers } from '../core/handler-types';
import { reportPrinter } from './printer';
import { saveReport, type SaveDeps } from './save';

type ReportChannels = 'report.data' | 'report.savePdf' | 'report.saveHtml';

/** `dispatch` is the whole router, for the headless page (passed in: the router imports this). */
export function reportHandlers(
  s: Services,
  dispatch: () => Dispatch,
): Pick<Handlers, ReportChannels> {
  const deps = (): SaveDeps => ({
    services: s,
    dispatch,
    printer: reportPrinter(),
  });
  return {
    'report.data': async ({ beforeId, afterId }) => ({
      before: await s.runs.load(beforeId),
      after: afterId ? await s.runs.load(afterId) : null,
      appVersion: s.version,
      generatedAt: new Date().toISOString(),
      locale: envLocale(s.env),
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
