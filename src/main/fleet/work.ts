// One run file of a fleet folder: read, validated against the run schema and, for a before-run,
// assessed (with its after-run, when the after folder has one for the same host): the whole
// per-file work of `drivewise fleet`.
import { join } from 'node:path';
import type { PredictionTarget } from '../../shared/prediction';
import type { RunDocument } from '../../shared/schemas/run';
import { UserError } from '../core/errors';
import { parseRunText } from '../store/run-store';
import { readRegularFile, readRegularFileSync, UnsafeFileError } from '../store/safe-read';
import { fleetFailure, type HostVerdict } from '../../shared/contract/fleet';
import { assessHost } from './assess';
import { claimedElsewhere, fetchedAs, ownName } from './fetched';

export interface FleetJob {
  dir: string;
  /** 'after': only index the folder (host and date of each run); 'before': assess each run. */
  mode: 'before' | 'after';
  target: PredictionTarget;
  pricePerGB: number;
  afterDir?: string | undefined;
  /** Host → the after-run file to compare with (the newest of that host). */
  afterIndex?: Record<string, string> | undefined;
  /** Only these files of `dir` (runs of the app's history), instead of every file in it. */
  files?: string[];
  /** Name each host by what its run says (the person's own history), not by its file name. */
  ownNames?: boolean;
  /** Read with synchronous calls: set only in the fleet's worker threads (fleet-worker.ts). */
  syncReads?: boolean;
}

/** The safe reader, synchronous in a worker thread (no thread-pool hop per call). */
const readOf = (job: Pick<FleetJob, 'syncReads'>) => async (path: string) =>
  job.syncReads ? readRegularFileSync(path) : readRegularFile(path);

export type FileResult =
  | {
      kind: 'run';
      file: string;
      host: string;
      createdAt: string;
      /** When the controller fetched it (from the file name), else the run's own date: the order. */
      at: string;
      verdict?: HostVerdict;
    }
  | { kind: 'skip'; file: string; why: string }
  | { kind: 'failed'; file: string; host: string; at: string; why: string };

const FAILURE_SUFFIX = '.failed.json';

/** A failure record of the playbook (HOST.failed.json): the host and why it was not measured. */
async function readFailure(job: FleetJob, file: string): Promise<FileResult> {
  let json: unknown;
  try {
    json = JSON.parse((await readOf(job)(join(job.dir, file))).toString('utf8'));
  } catch (err) {
    const why = err instanceof UnsafeFileError ? err.why : 'is damaged (not valid JSON)';
    return { kind: 'skip', file, why };
  }
  const r = fleetFailure.safeParse(json);
  if (!r.success) return { kind: 'skip', file, why: 'is not a failure record of the playbook' };
  const { host } = fetchedAs(file);
  const claim = claimedElsewhere(r.data.host, host);
  if (claim) return { kind: 'skip', file, why: claim };
  return { kind: 'failed', file, host, at: r.data.at, why: r.data.reason };
}

export async function readRunAt(
  dir: string,
  file: string,
  job: Pick<FleetJob, 'syncReads'> = {},
): Promise<RunDocument | string> {
  try {
    const r = parseRunText((await readOf(job)(join(dir, file))).toString('utf8'));
    return r.ok ? r.doc : r.why;
  } catch (err) {
    return err instanceof UnsafeFileError ? err.why : 'cannot be read';
  }
}

const wrongSide = (doc: RunDocument, job: FleetJob): string | null =>
  job.mode === 'before' && doc.label === 'after'
    ? 'is an after-run (give its folder with --after)'
    : job.mode === 'after' && doc.label === 'before'
      ? 'is a before-run (give its folder as DIR)'
      : null;

export async function processFile(job: FleetJob, file: string): Promise<FileResult> {
  if (!file.endsWith('.json')) return { kind: 'skip', file, why: 'is not a run file (not .json)' };
  if (file.endsWith(FAILURE_SUFFIX)) return readFailure(job, file);
  const doc = await readRunAt(job.dir, file, job);
  if (typeof doc === 'string') return { kind: 'skip', file, why: doc };
  const wrong = wrongSide(doc, job);
  if (wrong) return { kind: 'skip', file, why: wrong };
  // The host is the name the controller fetched the file under; a file claiming another is
  // listed, never used (a hostile host's file replaced another host's run when its word counted).
  const { host, fetchedAt } = job.ownNames ? ownName(doc, file) : fetchedAs(file);
  const claim = job.ownNames ? null : claimedElsewhere(doc.host?.inventoryName, host);
  if (claim) return { kind: 'skip', file, why: claim };
  const at = fetchedAt ?? doc.createdAt;
  const base = { kind: 'run' as const, file, host, createdAt: doc.createdAt, at };
  if (job.mode === 'after') return base;
  const afterFile = job.afterIndex?.[host];
  const afterDoc = afterFile && job.afterDir ? await readRunAt(job.afterDir, afterFile, job) : null;
  const after =
    afterDoc && typeof afterDoc !== 'string' ? { doc: afterDoc, file: afterFile! } : undefined;
  return { ...base, verdict: assessHost(doc, host, file, job, after) };
}

/** A folder that cannot be listed is the one fatal error: one line saying why. */
export function dirError(dir: string, err: unknown): UserError {
  const code = (err as NodeJS.ErrnoException).code;
  return new UserError(
    code === 'ENOENT'
      ? `${dir} does not exist`
      : code === 'ENOTDIR'
        ? `${dir} is not a folder`
        : `${dir} cannot be read (${code ?? String(err)})`,
  );
}
