// The second-account harness (issue 25): an unprivileged account made for one test file and
// removed afterwards, an attacker process running as it, and a race loop that repeats a control
// (an unprotected version of the operation) until it has hit the window at least 20 times, capped
// at 60 s, so a zero for the protected version means something.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, lstatSync, readdirSync, rmSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';

export interface Account {
  name: string;
  uid: number;
  gid: number;
}

/**
 * A uniquely named account for this test file (root only): made in beforeAll, removed in
 * afterAll. Read its fields inside tests.
 */
export function secondAccount(enabled: boolean): Account {
  const a: Account = { name: '', uid: -1, gid: -1 };
  beforeAll(() => {
    if (!enabled) return;
    a.name = `s31sec${process.pid % 10000}r${Math.floor(Math.random() * 1e5)}`;
    execFileSync('useradd', ['-M', '-s', '/usr/sbin/nologin', '-c', 'drivewise issue 25', a.name]);
    a.uid = Number(execFileSync('id', ['-u', a.name], { encoding: 'utf8' }).trim());
    a.gid = Number(execFileSync('id', ['-g', a.name], { encoding: 'utf8' }).trim());
  });
  afterAll(async () => {
    if (!a.name) return;
    // The test file's attacker was sent SIGKILL in its own afterAll, and may not be gone yet:
    // userdel refuses an account that still has a process, so wait for it (up to 10 s).
    for (let i = 0; ; i++) {
      try {
        execFileSync('userdel', [a.name], { stdio: 'pipe' });
        break;
      } catch (err) {
        if (i >= 100 || !/currently used by process/.test(String((err as Error).message)))
          throw err;
        await sleep(100);
      }
    }
    const spool = `/var/mail/${a.name}`;
    if (existsSync(spool) && lstatSync(spool).uid === a.uid) rmSync(spool);
  });
  return a;
}

/** A python3 attacker running as `a` until `stop` exists (or 150 s). */
export function attackAs(a: Account, code: string, args: string[]): ChildProcess {
  return spawn('python3', ['-c', code, ...args], {
    uid: a.uid,
    gid: a.gid,
    cwd: '/',
    stdio: 'ignore',
  });
}

export interface RaceCount {
  runs: number;
  hits: number;
  ms: number;
}

/**
 * Runs `attempt` (true: the window was hit) until `minHits` hits or `capMs`; for controls.
 * The protected side uses the same loop with minHits Infinity and its own cap.
 */
export async function raceUntil(
  attempt: (i: number) => Promise<boolean>,
  o: { minHits?: number; capMs?: number; maxRuns?: number } = {},
): Promise<RaceCount> {
  const t0 = Date.now();
  let runs = 0;
  let hits = 0;
  while (
    hits < (o.minHits ?? 20) &&
    Date.now() - t0 < (o.capMs ?? 60_000) &&
    runs < (o.maxRuns ?? Infinity)
  ) {
    if (await attempt(runs)) hits++;
    runs++;
  }
  return { runs, hits, ms: Date.now() - t0 };
}

/** Entries under `root` (not following links) that match `pred`. */
export function findEntries(root: string, pred: (st: Stats, path: string) => boolean): string[] {
  const out: string[] = [];
  const walk = (p: string): void => {
    let st: Stats;
    try {
      st = lstatSync(p);
    } catch {
      return;
    }
    if (pred(st, p)) out.push(p);
    if (st.isDirectory()) for (const n of readdirSync(p)) walk(join(p, n));
  };
  walk(root);
  return out;
}

/** Setuid or setgid regular files under `root`. */
export const setidFiles = (root: string): string[] =>
  findEntries(root, (st) => st.isFile() && (st.mode & 0o6000) !== 0);

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
