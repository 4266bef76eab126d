// The only place the engine writes: a fresh `.drivewise-<run>` folder in the chosen directory,
// after a free-space check; removed on success, error, cancel and crash; stale ones swept.
import {
  accessSync,
  chmodSync,
  constants,
  lstatSync,
  mkdirSync,
  readdirSync,
  rmdirSync,
  statfsSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import {
  folderFit,
  missingFolder,
  notAFolder,
  requiredFreeBytes,
  type FolderFacts,
} from '../../../shared/bench/plan';
import { UserError } from '../../core/errors';
import { ownerAlive, processAlive, processStartTime } from '../../core/process-alive';
import {
  describeOutcome,
  ourUid,
  PRIVATE_MODE,
  privateDirProblem,
  readOwnerRecord,
  removeTree,
} from '../../core/safe-remove';

export const WORK_PREFIX = '.drivewise-';
const OWNER_FILE = 'owner.json';

export function freeBytes(dir: string): number | null {
  try {
    const s = statfsSync(dir);
    return s.bavail * s.bsize;
  } catch {
    return null;
  }
}

/** Whether this process can write in `dir` (EROFS, EACCES: no) and how much is free there. */
export function folderFacts(dir: string): FolderFacts {
  let writable = true;
  let readOnly = false;
  try {
    accessSync(dir, constants.W_OK);
  } catch (err) {
    writable = false;
    readOnly = (err as NodeJS.ErrnoException).code === 'EROFS';
  }
  return { path: dir, writable, readOnly, freeBytes: freeBytes(dir) };
}

declare const checked: unique symbol;
/**
 * A folder checkTargetDir accepted (absolute, a directory, not a device). Only it makes one, so
 * the work folder is never made in a path nobody checked, and a path checked at the edge is not
 * checked again on the way.
 */
export type CheckedDir = string & { readonly [checked]: true };

/** Validates the chosen directory; never accepts a block device. */
export function checkTargetDir(dir: string): CheckedDir {
  const abs = resolve(dir);
  let st;
  try {
    st = statSync(abs);
  } catch {
    throw new UserError(missingFolder(abs));
  }
  if (st.isBlockDevice() || st.isCharacterDevice())
    throw new UserError(
      `${abs} is a device: choose a folder on the drive instead (Drivewise never writes to devices)`,
    );
  if (!st.isDirectory()) throw new UserError(notAFolder(abs));
  return abs as CheckedDir;
}

/**
 * The run id part of a work folder's name, exactly as newRunId() makes it
 * (2026-11-30T07-19-50-805Z-f20f8f). Nothing else named `.drivewise-…` is ever touched.
 */
export const RUN_ID_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-[0-9a-f]{6}$/;

export const isWorkFolderName = (name: string): boolean =>
  name.startsWith(WORK_PREFIX) && RUN_ID_PATTERN.test(name.slice(WORK_PREFIX.length));

export interface SweepReport {
  /** Work folders of dead runs that were removed. */
  removed: string[];
  /** `.drivewise-*` entries left alone: one line each, naming the entry and why. */
  skipped: string[];
}

interface Owner {
  pid: number;
  start?: number | null;
}

/** The owner record of a folder that passed the checks: a small regular file of ours. */
function readOwner(dir: string, uid: number): Owner | string {
  const text = readOwnerRecord(dir, OWNER_FILE, uid, 4096);
  if (text instanceof Error) return text.message;
  try {
    const o = JSON.parse(text) as Partial<Owner>;
    if (!(Number.isInteger(o.pid) && (o.pid as number) > 0)) return 'no valid owner record';
    return { pid: o.pid as number, start: typeof o.start === 'number' ? o.start : null };
  } catch {
    return 'no valid owner record';
  }
}

/** Why an entry is not a Drivewise work folder, or its owner record when it is one. */
function inspect(dir: string, name: string, uid: number): Owner | string {
  if (!isWorkFolderName(name)) return 'not named like a Drivewise work folder';
  const path = join(dir, name);
  const problem = privateDirProblem(path, uid);
  if (problem) return problem === 'not a folder' ? 'not a folder Drivewise made' : problem;
  return readOwner(path, uid);
}

/** How long a run may take between making its folder and writing the owner record into it. */
const OWNER_GRACE_MS = 60_000;

/**
 * A run killed between mkdir and writing its owner record leaves an empty folder of ours. When
 * it is still empty after the grace period, rmdir removes it: rmdir removes nothing but an empty
 * directory and never follows a link, so there is nothing in it to lose.
 */
function removeEmptyOrphan(path: string, now: number): boolean {
  try {
    const st = lstatSync(path);
    if (now - st.mtimeMs < OWNER_GRACE_MS || readdirSync(path).length) return false;
    rmdirSync(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Removes work folders left by crashed runs (owner process gone). Only folders Drivewise made
 * are touched: exact name, a real directory (not a symlink), our uid, mode 0700 and an owner
 * record inside (or, past a grace period, nothing at all: see removeEmptyOrphan). Every other
 * `.drivewise-*` entry is left alone and named in `skipped`.
 */
export function sweepStale(
  dir: string,
  alive: (pid: number) => boolean = processAlive,
  now = Date.now(),
): SweepReport {
  const report: SweepReport = { removed: [], skipped: [] };
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return report;
  }
  const uid = ourUid();
  for (const name of names.filter((n) => n.startsWith(WORK_PREFIX)).sort()) {
    const owner = inspect(dir, name, uid);
    if (owner === 'no owner record' && removeEmptyOrphan(join(dir, name), now)) {
      report.removed.push(name);
      continue;
    }
    if (typeof owner === 'string') {
      report.skipped.push(`left ${join(dir, name)} alone: ${owner}`);
      continue;
    }
    if (ownerAlive(owner, alive)) continue;
    const r = removeTree(join(dir, name), {
      require: { uid, mode: PRIVATE_MODE },
      last: OWNER_FILE,
    });
    if (r.state === 'removed' || r.state === 'gone') report.removed.push(name);
    else report.skipped.push(describeOutcome(join(dir, name), r));
  }
  return report;
}

/** A read-only or forbidden folder says so, before a full disk's free-space figure could. */
function checkWritable(dir: string): void {
  try {
    accessSync(dir, constants.W_OK);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EROFS')
      throw new UserError(
        `${dir} is on a read-only filesystem: choose a writable folder on the drive`,
      );
    throw new UserError(`no permission to write in ${dir}: choose a folder you can write to`);
  }
}

export interface WorkDirOptions {
  /** Margin on top of size + 10%; 1 GiB by default. */
  marginBytes?: number;
  /** Tests only: skip the free-space refusal to provoke a real ENOSPC. */
  skipSpaceCheck?: boolean;
}

export function prepareWorkDir(
  dir: CheckedDir,
  runId: string,
  bytesNeeded: number,
  opts: WorkDirOptions = {},
): { workDir: string; swept: string[]; skipped: string[]; freeBytes: number | null } {
  if (!RUN_ID_PATTERN.test(runId)) throw new Error(`not a run id: ${runId}`);
  checkWritable(dir);
  const { removed: swept, skipped } = sweepStale(dir);
  const free = freeBytes(dir);
  // The run checked this folder by the same rule; checked again as the folder is now, in its words.
  if (!opts.skipSpaceCheck) {
    const need = { tests: [], bytesRequired: requiredFreeBytes(bytesNeeded, opts.marginBytes) };
    const fit = folderFit({ path: dir, writable: true, freeBytes: free }, need, false);
    if (!fit.ok) throw new UserError(fit.message);
  }
  const workDir = join(dir, `${WORK_PREFIX}${runId}`);
  let made = false;
  try {
    mkdirSync(workDir, { mode: PRIVATE_MODE });
    made = true;
    // A umask may have taken bits away; the sweep only ever removes folders that are exactly 0700.
    chmodSync(workDir, PRIVATE_MODE);
    const owner = { pid: process.pid, start: processStartTime(process.pid) };
    writeFileSync(join(workDir, OWNER_FILE), JSON.stringify(owner), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if (made) removeWorkDir(workDir);
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EROFS')
      throw new UserError(
        `${dir} is on a read-only filesystem: choose a writable folder on the drive`,
      );
    if (code === 'EACCES' || code === 'EPERM')
      throw new UserError(`no permission to write in ${dir}: choose a folder you can write to`);
    if (code === 'ENOSPC') throw new UserError(`no space left in ${dir}`);
    throw new UserError(`cannot create the work folder in ${dir}: ${(err as Error).message}`);
  }
  return { workDir, swept, skipped, freeBytes: free };
}

/**
 * Removes this run's work folder (success, failure, cancel, or the engine cleaning up after a
 * dead parent). Returns '' when it is gone, else one line saying what was left and why.
 */
export function removeWorkDir(workDir: string): string {
  let r = removeTree(workDir, { require: { uid: ourUid(), mode: PRIVATE_MODE }, last: OWNER_FILE });
  // An engine that is still stopping may create a file between passes: try a few more times.
  for (let i = 0; i < 4 && r.state === 'partial'; i++)
    r = removeTree(workDir, { require: { uid: ourUid(), mode: PRIVATE_MODE }, last: OWNER_FILE });
  return describeOutcome(workDir, r);
}
