// Saving a report: validate the runs and paths first (fast, clear errors), render, then write
// through core/safe-write (temp file, fsync, rename; devices and links refused).
import { join } from 'node:path';
import type { ParsedReportTarget } from '../../shared/contract/report';
import type { Services } from '../core/services';
import { UserError } from '../core/errors';
import { checkWritablePath, writeFileSafe } from '../core/safe-write';
import type { Dispatch } from '../core/handler-types';
import { countPdfPages } from './pdf-pages';
import type { ReportFormat, ReportPrinter } from './printer';
import { renderReport } from './print-service';

export function suggestedName(
  t: ParsedReportTarget,
  format: ReportFormat,
  now = new Date(),
): string {
  const day = now.toISOString().slice(0, 10);
  return `drivewise-report-${t.afterId ? 'before-after' : 'baseline'}-${day}.${format}`;
}

export interface SaveDeps {
  services: Services;
  dispatch: () => Dispatch;
  printer: ReportPrinter;
}

export interface Saved {
  path: string;
  pages: number;
  bytes: number;
}

/** Renders once and writes each requested format; null when the person cancelled the dialog. */
export async function saveReport(
  deps: SaveDeps,
  target: ParsedReportTarget,
  outputs: { pdf?: string | undefined; html?: string | undefined },
  ask: ReportFormat | null = null,
  /** Replace an existing file: --force on the CLI; the app's save dialog has already asked. */
  overwrite = false,
): Promise<Partial<Record<ReportFormat, Saved>> | null> {
  const { services, printer } = deps;
  // Unknown or damaged runs fail here, before a browser is started.
  await services.runs.load(target.beforeId);
  if (target.afterId) {
    if (target.afterId === target.beforeId)
      throw new UserError('before and after are the same run: pick two different runs');
    await services.runs.load(target.afterId);
  }
  const paths: Partial<Record<ReportFormat, string>> = {};
  if (outputs.pdf) paths.pdf = outputs.pdf;
  if (outputs.html) paths.html = outputs.html;
  if (ask && !paths[ask]) {
    const name = suggestedName(target, ask);
    const chosen = printer.askPath
      ? await printer.askPath(ask, name)
      : join(services.env.HOME || services.configDir, name);
    if (chosen === null) return null;
    paths[ask] = chosen;
  }
  const formats = (Object.keys(paths) as ReportFormat[]).filter((f) => paths[f]);
  if (!formats.length) throw new UserError('say where to save the report (--pdf or --html)');
  // Refused before rendering (seconds of Chromium): devices, FIFOs, links, existing files.
  for (const f of formats) paths[f] = await checkWritablePath(paths[f]!, { overwrite });

  const rendered: Partial<Record<ReportFormat, { bytes: Buffer; pages?: number }>> = {};
  if (printer.render) {
    for (const f of formats) rendered[f] = await printer.render(target, f);
  } else {
    const out = await renderReport({
      target,
      dispatch: deps.dispatch(),
      env: services.env,
      want: { pdf: formats.includes('pdf'), html: formats.includes('html') },
    });
    if (out.pdf) rendered.pdf = { bytes: out.pdf, pages: out.pages ?? countPdfPages(out.pdf) };
    if (out.html !== undefined) rendered.html = { bytes: Buffer.from(out.html, 'utf8') };
  }
  const saved: Partial<Record<ReportFormat, Saved>> = {};
  for (const f of formats) {
    const r = rendered[f]!;
    await writeFileSafe(paths[f]!, r.bytes, { overwrite, mode: 0o644 });
    saved[f] = {
      path: paths[f]!,
      pages: f === 'pdf' ? (r.pages ?? countPdfPages(r.bytes)) : 0,
      bytes: r.bytes.length,
    };
  }
  return saved;
}
