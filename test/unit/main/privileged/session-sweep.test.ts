import { spawnSync } from 'node:child_process';
import {
  chmodSync,
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
  chmodSync(d, 0o700);
  writeFileSync(join(d, 'token'), 'x\n');
  if (owner !== null) writeFileSync(join(d, 'owner.pid'), owner);
  return d;
}

describe('stale admin session folders', () => {
  it('removes folders whose owner is gone, keeps live ones, names strangers', () => {
    const b = base();
    const dead = session(b, 'dead01', '4000001\n');
    const live = session(b, 'live01', `${process.pid}\n`);
    const junk = session(b, 'junk01', 'not a pid');
    const old = session(b, 'old001', null); // no owner record: not provably ours, left alone
    utimesSync(old, new Date(Date.now() - 2 * 3600_000), new Date(Date.now() - 2 * 3600_000));
    const loose = session(b, 'loose1', '4000002\n');
    chmodSync(loose, 0o755);
    const longName = session(b, 'toolong-name', '4000003\n');
    const other = join(b, 'something-else');
    mkdirSync(other);
    symlinkSync(other, join(b, 'drivewise-admin-link01'));
    const r = sweepStaleSessions(b, (pid) => pid === process.pid);
    expect(r.removed.sort()).toEqual([dead, junk].sort());
    expect([live, old, loose, longName, other].every((p) => existsSync(p))).toBe(true);
    expect(existsSync(join(b, 'drivewise-admin-link01'))).toBe(true);
    const notes = r.skipped.join('\n');
    expect(r.skipped).toHaveLength(4);
    expect(notes).toMatch(/old001 alone: no owner record/);
    expect(notes).toMatch(/loose1 alone: mode 0755/);
    expect(notes).toMatch(/toolong-name alone: not named like/);
    expect(notes).toMatch(/link01 alone: a symlink/);
  });

  it('a new session records its owner and sweeps what a killed app left', async () => {
    const b = base();
    // The pid of a process that has certainly ended.
    const gone = spawnSync('true').pid!;
    const dead = session(b, 'kill01', `${gone}\n`);
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
