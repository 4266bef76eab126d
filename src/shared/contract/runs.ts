// History of runs, their files, imports of classic tool output and the built-in reference runs.
import { z } from 'zod';
import { runDocument, type RunDocument } from '../schemas/run';
import { comparison } from '../reference/compare';
import { runId } from '../schemas/run-id';
import { request } from './define';
import { LIMITS, text } from './limits';

export const runSummary = z.object({
  id: z.string(),
  label: z.enum(['before', 'after', 'custom', 'reference']),
  name: z.string().optional(),
  createdAt: z.string(),
  drive: z.string().nullable(),
  targetDir: z.string().nullable(),
  tests: z.number().int().nonnegative(),
  source: z.enum(['measured', 'reference', 'imported']),
});
export type RunSummary = z.infer<typeof runSummary>;

/** The history's one line about a run (runs.list, the CLI's `runs`, the baseline picker). */
export const summarize = (d: RunDocument): RunSummary => ({
  id: d.id,
  label: d.label,
  ...(d.name ? { name: d.name } : {}),
  createdAt: d.createdAt,
  drive: d.drive ? [d.drive.vendor, d.drive.model, d.drive.path].filter(Boolean).join(' ') : null,
  targetDir: d.targetDir,
  tests: d.tests.length,
  source: d.source.kind,
});

/** One figure as the classic tool printed it (`drivewise import FILE --json` shape). */
export const importedResult = z.object({
  tool: z.string(),
  metric: z.string(),
  value: z.number().nullable(),
  unit: z.string(),
  record_kb: z.number().optional(),
  file_kb: z.number().optional(),
  device: z.string().optional(),
  direct: z.literal(true).optional(),
  job: z.string().optional(),
  /** The row as the tool names it, e.g. CrystalDiskMark's "SEQ1M Q8T1". */
  label: z.string().optional(),
  note: z.string().optional(),
});

const filePath = text(LIMITS.path).min(1);

export const runsRequests = {
  'runs.list': request(
    z.object({}).strict(),
    z.object({ runs: z.array(runSummary), problems: z.array(z.string()) }),
  ),
  'runs.get': request(z.object({ id: runId }).strict(), runDocument),
  'runs.delete': request(z.object({ id: runId }).strict(), z.object({ deleted: z.boolean() })),
  'runs.exportFile': request(
    z.object({ id: runId, path: filePath, overwrite: z.boolean().default(false) }).strict(),
    z.object({ path: z.string() }),
  ),
  /** A Drivewise run file, taken into history. */
  'runs.importFile': request(z.object({ path: filePath }).strict(), runDocument),
  /**
   * Pasted or loaded text: classic tool output (saved as a 'custom' run, source 'imported') or a
   * Drivewise run file's JSON (tool 'drivewise'). Nothing recognised is an error.
   */
  'runs.importText': request(
    z
      .object({
        text: text(LIMITS.importText),
        name: text(LIMITS.name).optional(),
        save: z.boolean().default(true),
      })
      .strict(),
    z.object({
      tool: z.string(),
      tools: z.array(z.string()),
      results: z.array(importedResult),
      run: runDocument,
    }),
  ),
  'runs.csv': request(
    z.object({ ids: z.array(runId).min(1).max(200) }).strict(),
    z.object({ csv: z.string() }),
  ),
  'runs.compare': request(z.object({ a: runId, b: runId }).strict(), comparison),
  'references.list': request(z.object({}).strict(), z.array(runDocument)),
} as const;
