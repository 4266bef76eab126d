// Saving a report: validate the runs first (fast, clear errors), render, then write atomically.
import { randomBytes } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { ParsedReportTarget } from '../../shared/contract/report';
import type { Services } from '../core/services';
import { UserError } from '../core/errors';
import type { Dispatch } from '../router';
import { countPdfPages } from './pdf-pages';
import type { ReportFormat, ReportPrinter } from './printer';
import { renderReport } from './render';

export function suggestedName(
  t: ParsedReportTarget,
  format: ReportFormat,
  now = new Date(),
): string {
  const day = now.toISOString().slice(0, 10);
  return `drivewise-report-${t.afterId ? 'before-after' : 'baseline'}-${day}.${format}`;
}

export function checkOutputPath(path: string): string {
  const abs = resolve(path);
  const dir = dirname(abs);
  if (!existsSync(dir)) throw new UserError(`cannot save to ${abs}: folder ${dir} does not exist`);
  if (existsSync(abs) && statSync(abs).isDirectory())
    throw new UserError(`cannot save to ${abs}: it is a folder`);
  return abs;
}

/** Temp file then rename: a failed or cancelled save never leaves half a report behind. */
export async function writeAtomic(path: string, bytes: Uint8Array): Promise<void> {
  const tmp = `${path}.${randomBytes(4).toString('hex')}.part`;
  try {
    await writeFile(tmp, bytes, { flag: 'wx' });
    await rename(tmp, path);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
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
  for (const f of formats) paths[f] = checkOutputPath(paths[f]!);

  const rendered: Partial<Record<ReportFormat, { bytes: Buffer; pages?: number }>> = {};
  if (printer.render) {
    for (const f of formats) rendered[f] = await printer.render(target, f);
  } else {
    const out = await renderReport({
      target,
      dispatch: deps.dispatch(),
      bus: services.bus,
      env: services.env,
      want: { pdf: formats.includes('pdf'), html: formats.includes('html') },
    });
    if (out.pdf) rendered.pdf = { bytes: out.pdf, pages: out.pages ?? countPdfPages(out.pdf) };
    if (out.html !== undefined) rendered.html = { bytes: Buffer.from(out.html, 'utf8') };
  }
  const saved: Partial<Record<ReportFormat, Saved>> = {};
  for (const f of formats) {
    const r = rendered[f]!;
    try {
      await writeAtomic(paths[f]!, r.bytes);
    } catch (err) {
      throw new UserError(`cannot save ${paths[f]}: ${(err as Error).message.split('\n')[0]}`);
    }
    saved[f] = {
      path: paths[f]!,
      pages: f === 'pdf' ? (r.pages ?? countPdfPages(r.bytes)) : 0,
      bytes: r.bytes.length,
    };
  }
  return saved;
}
