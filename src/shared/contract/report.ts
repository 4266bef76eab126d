// The report: the whole before/after story as one printable view, saved as PDF or HTML.
import { z } from 'zod';
import { runDocument } from '../schemas/run';
import { runId } from '../schemas/run-id';
import { request } from './define';
import { LIMITS, text } from './limits';

export const paperSize = z.enum(['a4', 'letter']);
export type PaperSize = z.infer<typeof paperSize>;

/** Which runs the report tells about and how it is printed. */
export const reportTarget = z
  .object({
    beforeId: runId,
    /** Omitted: a single-run report (the baseline alone, with a prediction). */
    afterId: runId.optional(),
    paper: paperSize.default('a4'),
    /** Serial numbers identify a person's hardware: printed only when asked for. */
    showSerials: z.boolean().default(false),
  })
  .strict();
export type ReportTarget = z.input<typeof reportTarget>;

export const reportSave = reportTarget
  .extend({
    /** Where to write. Omitted in the desktop app: main asks with a save dialog. */
    path: text(LIMITS.path).min(1).optional(),
  })
  .strict();

export const reportData = z.object({
  before: runDocument,
  after: runDocument.nullable(),
  appVersion: z.string(),
  generatedAt: z.string(),
  /** Main's money locale (LC_MONETARY), so a PDF prints prices as the CLI and the app do. */
  locale: z.string().max(64).optional(),
});
export type ReportData = z.infer<typeof reportData>;

export const reportRequests = {
  /** What the report view needs to draw itself (the runs, validated). */
  'report.data': request(
    z.object({ beforeId: runId, afterId: runId.optional() }).strict(),
    reportData,
  ),
  /** path null: the person cancelled the save dialog. */
  'report.savePdf': request(
    reportSave,
    z.object({ path: z.string().nullable(), pages: z.number().int().nonnegative() }),
  ),
  'report.saveHtml': request(
    reportSave,
    z.object({ path: z.string().nullable(), bytes: z.number().int().nonnegative() }),
  ),
} as const;

/** The report's address inside the renderer: one hash route for headless Chromium and Electron. */
export function reportHash(t: ReportTarget): string {
  const q = new URLSearchParams({ before: t.beforeId });
  if (t.afterId) q.set('after', t.afterId);
  q.set('paper', t.paper ?? 'a4');
  if (t.showSerials) q.set('serials', '1');
  return `#/report?${q.toString()}`;
}

export type ParsedReportTarget = z.output<typeof reportTarget>;

/** null: not the report route. Throws (one line) when it is, but with bad parameters. */
export function parseReportHash(hash: string): ParsedReportTarget | null {
  const m = /^#\/report(?:\?(.*))?$/.exec(hash);
  if (!m) return null;
  const q = new URLSearchParams(m[1] ?? '');
  const parsed = reportTarget.safeParse({
    beforeId: q.get('before') ?? '',
    ...(q.get('after') ? { afterId: q.get('after') } : {}),
    paper: q.get('paper') ?? 'a4',
    showSerials: q.get('serials') === '1',
  });
  if (!parsed.success) throw new Error('the report address names no valid run');
  return parsed.data;
}
