// Stale admin-session folders: a later start removes the folder of an app that was killed
// (e.g. while the password dialog was open), and only folders a session made.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ownerAlive, processAlive } from '../core/process-alive';
import {
  describeOutcome,
  ourUid,
  PRIVATE_MODE,
  privateDirProblem,
  readOwnerRecord,
  removeTree,
} from '../core/safe-remove';

export const OWNER_FILE = 'owner.pid';
const PREFIX = 'drivewise-admin-';
/** Exactly what mkdtemp makes of PREFIX: six letters or digits. */
export const SESSION_NAME = /^drivewise-admin-[A-Za-z0-9]{6}$/;

export interface SessionSweep {
  /** Folders of dead sessions that were removed (full paths). */
  removed: string[];
  /** `drivewise-admin-*` entries left alone, one line each naming the entry and why. */
  skipped: string[];
}

/** The owner record ("pid start\n") of a folder that passed the checks, or why there is none. */
function readOwner(dir: string, uid: number): { pid: number; start: number | null } | string {
  const text = readOwnerRecord(dir, OWNER_FILE, uid, 64);
  if (text instanceof Error) return text.message;
  const [pid, start] = text.trim().split(/\s+/).map(Number);
  // A record that does not name a process says nothing alive owns the folder.
  return {
    pid: Number.isInteger(pid) ? pid! : 0,
    start: Number.isInteger(start) ? start! : null,
  };
}

/**
 * Removes session folders left by an app that was killed (e.g. while the password dialog was
 * open). Only folders a session made are touched: exact mkdtemp name, a real directory (not a
 * link), our uid, mode 0700 and an owner record, whose process is gone. Any other
 * `drivewise-admin-*` entry is left alone and named in `skipped`.
 */
export function sweepStaleSessions(
  baseDir: string,
  alive: (pid: number) => boolean = processAlive,
): SessionSweep {
  const report: SessionSweep = { removed: [], skipped: [] };
  let names: string[];
  try {
    names = readdirSync(baseDir).filter((n) => n.startsWith(PREFIX));
  } catch {
    return report;
  }
  const uid = ourUid();
  for (const name of names.sort()) {
    const dir = join(baseDir, name);
    const problem = SESSION_NAME.test(name)
      ? privateDirProblem(dir, uid)
      : 'not named like a Drivewise admin session';
    const owner = problem ?? readOwner(dir, uid);
    if (typeof owner === 'string') {
      if (owner !== 'missing') report.skipped.push(`left ${dir} alone: ${owner}`);
      continue;
    }
    if (ownerAlive(owner, alive)) continue;
    const r = removeTree(dir, { require: { uid, mode: PRIVATE_MODE }, last: OWNER_FILE });
    if (r.state === 'removed' || r.state === 'gone') report.removed.push(dir);
    else report.skipped.push(describeOutcome(dir, r));
  }
  return report;
}
