// Store operations shared by the IPC handlers and the CLI: import/export of run files and
// import of classic tool output into history.
import { randomBytes } from 'node:crypto';
import { importJson, type Detection } from '../../shared/import/detect';
import { detectOffThread } from '../core/detect-off-thread';
import { importedRun } from '../../shared/import/to-run';
import { TOOLS, type ImportedResult } from '../../shared/import/types';
import type { RunDocument } from '../../shared/schemas/run';
import { UserError } from '../core/errors';
import { writeFileSafe } from '../core/safe-write';
import type { Services } from '../core/services';
import { newRunId, parseRunText, readRunFile } from './run-store';

export const NOTHING_RECOGNISED = `no known tool output recognised (looked for ${TOOLS.join(', ')})`;

/** Takes a run document into history; an unrelated run with the same id keeps its file. */
export async function adoptRun(s: Services, doc: RunDocument): Promise<RunDocument> {
  if (doc.label === 'reference')
    throw new UserError('reference runs are built in; nothing to import');
  if (await s.runs.exists(doc.id)) {
    const existing = await s.runs.load(doc.id).catch(() => null);
    if (existing && JSON.stringify(existing) === JSON.stringify(doc)) return existing;
    const id = `${doc.id.slice(0, 60)}-imported-${randomBytes(3).toString('hex')}`;
    doc = { ...doc, id };
  }
  await s.runs.save(doc);
  return doc;
}

export async function importRunFile(s: Services, path: string): Promise<RunDocument> {
  return adoptRun(s, await readRunFile(path));
}

/** Writes a run file anywhere; devices, FIFOs, sockets and links are refused, --force or not. */
export async function exportRunFile(
  s: Services,
  id: string,
  path: string,
  overwrite = false,
): Promise<string> {
  const doc = await s.runs.load(id);
  return writeFileSafe(path, JSON.stringify(doc, null, 2) + '\n', { overwrite });
}

export interface TextImport {
  tool: string;
  tools: string[];
  results: ImportedResult[];
  run: RunDocument;
}

function looksLikeRunFile(text: string): boolean {
  return /^\s*\{/.test(text) && /"schema"\s*:\s*"drivewise\.run"/.test(text);
}

/** Pasted text or a loaded file: a Drivewise run file or classic tool output. */
export async function importText(
  s: Services,
  text: string,
  opts: { name?: string; save?: boolean } = {},
): Promise<TextImport> {
  const save = opts.save ?? true;
  if (looksLikeRunFile(text)) {
    const r = parseRunText(text);
    if (!r.ok) throw new UserError(`the text ${r.why}`);
    const run = save ? await adoptRun(s, r.doc) : r.doc;
    return { tool: 'drivewise', tools: ['drivewise'], results: [], run };
  }
  const d: Detection = await detectOffThread(text);
  if (!d.tool) throw new UserError(NOTHING_RECOGNISED);
  const now = new Date();
  const run = importedRun(d, {
    id: newRunId(now),
    createdAt: now.toISOString(),
    appVersion: s.version,
    ...(opts.name ? { name: opts.name } : {}),
  });
  if (save) await s.runs.save(run);
  const j = importJson(d);
  return { tool: d.tool, tools: d.tools, results: j.results, run };
}
