// Whether a process still runs: the stale-folder sweeps (work folders, admin sessions) keep the
// folders of live owners.

/** Signal 0 checks without signalling; EPERM means it runs under another user. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
