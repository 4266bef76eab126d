// The only place the engine writes: a fresh `.drivewise-<run>` folder in the chosen directory,
// after a free-space check; removed on success, error, cancel and crash; stale ones swept.
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statfsSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { requiredFreeBytes } from '../../shared/bench/plan';
import { UserError } from '../core/errors';
import { processAlive } from '../core/process-alive';
import { fmtBytes } from './tests/common';

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

/** Validates the chosen directory; never accepts a block device. */
export function checkTargetDir(dir: string): string {
  const abs = resolve(dir);
  let st;
  try {
    st = statSync(abs);
  } catch {
    throw new UserError(`no such directory: ${abs}`);
  }
  if (st.isBlockDevice() || st.isCharacterDevice())
    throw new UserError(
      `${abs} is a device: choose a folder on the drive instead (Drivewise never writes to devices)`,
    );
  if (!st.isDirectory()) throw new UserError(`not a directory: ${abs}`);
  return abs;
}

/** Removes work folders left by crashed runs (owner process gone). Returns their names. */
export function sweepStale(dir: string): string[] {
  const swept: string[] = [];
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return swept;
  }
  for (const name of names.filter((n) => n.startsWith(WORK_PREFIX))) {
    const path = join(dir, name);
    let pid = 0;
    try {
      pid = Number(
        (JSON.parse(readFileSync(join(path, OWNER_FILE), 'utf8')) as { pid?: number }).pid,
      );
    } catch {
      /* no owner file: left from a crash before it was written */
    }
    if (pid > 0 && processAlive(pid)) continue;
    try {
      rmSync(path, { recursive: true, force: true });
      swept.push(name);
    } catch {
      /* not ours to remove (permissions): leave it */
    }
  }
  return swept;
}

export interface WorkDirOptions {
  /** Margin on top of size + 10%; 1 GiB by default. */
  marginBytes?: number;
  /** Tests only: skip the free-space refusal to provoke a real ENOSPC. */
  skipSpaceCheck?: boolean;
}

export function prepareWorkDir(
  targetDir: string,
  runId: string,
  bytesNeeded: number,
  opts: WorkDirOptions = {},
): { workDir: string; swept: string[]; freeBytes: number | null } {
  const dir = checkTargetDir(targetDir);
  const swept = sweepStale(dir);
  const free = freeBytes(dir);
  const required = requiredFreeBytes(bytesNeeded, opts.marginBytes);
  if (!opts.skipSpaceCheck && free !== null && free < required)
    throw new UserError(
      `not enough free space in ${dir}: the tests need ${fmtBytes(required)} (${fmtBytes(bytesNeeded)} + 10% + ${fmtBytes(opts.marginBytes ?? 1024 ** 3)} margin), ${fmtBytes(free)} free — choose smaller sizes or free some space`,
    );
  const workDir = join(dir, `${WORK_PREFIX}${runId}`);
  try {
    mkdirSync(workDir, { mode: 0o700 });
    writeFileSync(join(workDir, OWNER_FILE), JSON.stringify({ pid: process.pid }));
  } catch (err) {
    rmSync(workDir, { recursive: true, force: true });
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
  return { workDir, swept, freeBytes: free };
}

export function removeWorkDir(workDir: string): void {
  for (let i = 0; i < 5; i++) {
    try {
      rmSync(workDir, { recursive: true, force: true, maxRetries: 3 });
      return;
    } catch {
      /* a child may still hold files open for a moment: retry */
    }
  }
}
