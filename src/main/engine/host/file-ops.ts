// The work-folder steps of a run that are file work (make the folder and sweep stale ones, probe
// the drive, remove the folder): run in this process, or, when root runs in a folder another
// account controls, in a file worker with that account's rights (entries/file-worker.ts).
import type { DriveRates } from '../../../shared/bench/estimates';
import { askAs, bundlePath, ChildError } from '../../core/as-owner';
import { UserError } from '../../core/errors';
import type { FileAccount } from '../../core/file-owner';
import { probeTarget } from '../worker/probe';
import {
  checkTargetDir,
  prepareWorkDir,
  removeWorkDir,
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
      (await viaWorker(account, {
        op: 'prepare',
        targetDir,
        runId,
        bytesNeeded,
        opts,
      })) as Prepared,
    probe: async (dir) => (await viaWorker(account, { op: 'probe', dir })) as DriveRates,
    remove: async (workDir) => String(await viaWorker(account, { op: 'remove', workDir })),
  };
}
