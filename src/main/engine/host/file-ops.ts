// The work-folder steps of a run that are file work (make the folder and sweep stale ones, probe
// the drive, remove the folder): run in this process, or, when root runs in a folder another
// account controls, in a file worker with that account's rights (entries/file-worker.ts).
import { join } from 'node:path';
import type { DriveRates } from '../../../shared/bench/estimates';
import { askAs, bundlePath, ChildError } from '../../core/as-owner';
import { UserError } from '../../core/errors';
import type { FileAccount } from '../../core/file-owner';
import { probeTarget } from '../worker/probe';
import {
  checkTargetDir,
  prepareWorkDir,
  removeWorkDir,
  WORK_PREFIX,
  type CheckedDir,
  type WorkDirOptions,
} from '../worker/work-dir';

export type FileOp =
  | {
      op: 'prepare';
      targetDir: string;
      runId: string;
      bytesNeeded: number;
      opts: WorkDirOptions;
    }
  | { op: 'probe'; dir: string }
  | { op: 'remove'; workDir: string };

type Prepared = ReturnType<typeof prepareWorkDir>;

/** Does one step here (the file worker calls this for its one request). */
export async function runFileOp(m: FileOp): Promise<unknown> {
  // The folder arrives as text from another process: this process's edge checks it again.
  if (m.op === 'prepare')
    return prepareWorkDir(checkTargetDir(m.targetDir), m.runId, m.bytesNeeded, m.opts);
  if (m.op === 'probe') return probeTarget(m.dir);
  return removeWorkDir(m.workDir);
}

/** The three steps, done here (account null) or as `account` in a file worker. */
export interface FileSteps {
  prepare(
    targetDir: CheckedDir,
    runId: string,
    bytesNeeded: number,
    opts?: WorkDirOptions,
  ): Promise<Prepared>;
  probe(dir: string, o: { signal: AbortSignal }): Promise<DriveRates>;
  remove(workDir: string): Promise<string>;
}

/** Text from a lent worker kept for the run's notes: bounded in count and length. */
const lines = (v: unknown): string[] =>
  (Array.isArray(v) ? v : [])
    .filter((x): x is string => typeof x === 'string')
    .slice(0, 50)
    .map((x) => x.slice(0, 500));

const rate = (v: unknown, max: number): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= max ? v : undefined;

/**
 * The lent worker's answer to `prepare` is data from a process its account controls (issue 37,
 * class 3): the work folder must be the one this run named, never a path it claims.
 */
function checkedPrepared(v: unknown, targetDir: string, runId: string): Prepared {
  const a = (v ?? {}) as Partial<Record<keyof Prepared, unknown>>;
  const expected = join(targetDir, `${WORK_PREFIX}${runId}`);
  if (a.workDir !== expected)
    throw new Error(`the file worker named another work folder than ${expected}: not used`);
  return {
    workDir: expected,
    swept: lines(a.swept),
    skipped: lines(a.skipped),
    freeBytes: rate(a.freeBytes, 2 ** 60) ?? null,
  };
}

/** The probe's rates, each a plausible number, or the probe is treated as failed. */
function checkedRates(v: unknown): DriveRates {
  const a = (v ?? {}) as Record<string, unknown>;
  const seqBps = rate(a['seqBps'], 1e12);
  const iops = rate(a['iops'], 1e9);
  const cpu = rate(a['cpu'], 1e3);
  if (seqBps === undefined || iops === undefined || cpu === undefined)
    throw new Error('the file worker answered the probe with no usable rates');
  const out: DriveRates = { seqBps, iops, cpu };
  const entries = rate(a['entries'], 1e12);
  const seconds = rate(a['seconds'], 3600);
  if (entries !== undefined) out.entries = entries;
  if (seconds !== undefined) out.seconds = seconds;
  if (typeof a['direct'] === 'boolean') out.direct = a['direct'];
  return out;
}

async function viaWorker(account: FileAccount, m: FileOp): Promise<unknown> {
  try {
    return await askAs(account, bundlePath('file-worker'), m);
  } catch (err) {
    if (err instanceof ChildError && err.user) throw new UserError(err.message);
    throw err;
  }
}

export function fileSteps(account: FileAccount | null): FileSteps {
  if (!account)
    return {
      prepare: async (t, id, n, opts = {}) => prepareWorkDir(t, id, n, opts),
      probe: (dir, o) => probeTarget(dir, o),
      remove: async (w) => removeWorkDir(w),
    };
  return {
    prepare: async (targetDir, runId, bytesNeeded, opts = {}) =>
      checkedPrepared(
        await viaWorker(account, { op: 'prepare', targetDir, runId, bytesNeeded, opts }),
        targetDir,
        runId,
      ),
    probe: async (dir) => checkedRates(await viaWorker(account, { op: 'probe', dir })),
    remove: async (workDir) =>
      String(await viaWorker(account, { op: 'remove', workDir })).slice(0, 500),
  };
}
