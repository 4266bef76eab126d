// Whether a process still runs: the stale-folder sweeps (work folders, admin sessions) keep the
// folders of live owners.
import { readFileSync } from 'node:fs';

/** Signal 0 checks without signalling; EPERM means it runs under another user. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * When the process started, in clock ticks since boot (/proc/PID/stat field 22), or null when
 * unknown. With the pid it names one process for good: a pid reused after a kill -9 has
 * another start time, so a crashed run's folder is not kept forever by a stranger's process.
 */
export function processStartTime(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const start = Number(fields[19]);
    return Number.isSafeInteger(start) && start >= 0 ? start : null;
  } catch {
    return null;
  }
}

/** An owner record's process still runs: same pid and, when recorded, the same start time. */
export function ownerAlive(
  owner: { pid: number; start?: number | null },
  alive: (pid: number) => boolean = processAlive,
): boolean {
  if (!(Number.isInteger(owner.pid) && owner.pid > 0) || !alive(owner.pid)) return false;
  if (owner.start === undefined || owner.start === null) return true;
  const now = processStartTime(owner.pid);
  return now === null || now === owner.start;
}

/** Whether any process of the group led by `pgid` is still alive (kill(2) with signal 0). */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Waits until every process of the group is gone, up to `ms`; true when it is. */
export async function groupGone(pgid: number, ms: number): Promise<boolean> {
  for (let waited = 0; groupAlive(pgid); waited += 50) {
    if (waited >= ms) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}
