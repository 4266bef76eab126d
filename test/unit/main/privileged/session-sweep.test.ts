import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HelperSession, sweepStaleSessions } from '../../../../src/main/privileged/session';

const bases: string[] = [];
afterEach(() => bases.splice(0).forEach((b) => rmSync(b, { recursive: true, force: true })));

function base(): string {
  const b = mkdtempSync(join(tmpdir(), 'dw-sweep-'));
  bases.push(b);
  return b;
}

function session(b: string, name: string, owner: string | null): string {
  const d = join(b, `drivewise-admin-${name}`);
  mkdirSync(d);
  writeFileSync(join(d, 'token'), 'x\n');
  if (owner !== null) writeFileSync(join(d, 'owner.pid'), owner);
  return d;
}

describe('stale admin session folders', () => {
  it('removes folders whose owner is gone and keeps live ones and strangers', () => {
    const b = base();
    const dead = session(b, 'dead', '4000001\n');
    const live = session(b, 'live', `${process.pid}\n`);
    const junk = session(b, 'junk', 'not a pid');
    const fresh = session(b, 'fresh', null); // older version, just made: maybe still in use
    const old = session(b, 'old', null);
    utimesSync(old, new Date(Date.now() - 2 * 3600_000), new Date(Date.now() - 2 * 3600_000));
    const other = join(b, 'something-else');
    mkdirSync(other);
    symlinkSync(other, join(b, 'drivewise-admin-link'));
    const removed = sweepStaleSessions(b, (pid) => pid === process.pid);
    expect(removed.sort()).toEqual([dead, junk, old].sort());
    expect(existsSync(live) && existsSync(fresh) && existsSync(other)).toBe(true);
    expect(existsSync(join(b, 'drivewise-admin-link'))).toBe(true);
  });

  it('a new session records its owner and sweeps what a killed app left', async () => {
    const b = base();
    // The pid of a process that has certainly ended.
    const gone = spawnSync('true').pid!;
    const dead = session(b, 'killed', `${gone}\n`);
    const s = await HelperSession.open(b);
    try {
      expect(existsSync(dead)).toBe(false);
      expect(existsSync(join(s.paths.dir, 'owner.pid'))).toBe(true);
    } finally {
      s.close();
    }
    expect(existsSync(s.paths.dir)).toBe(false);
  });
});
