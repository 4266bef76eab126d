import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { accountCanRead, lendableScript, type StatOf } from '../../../../src/main/core/lend-copy';

const alice = { uid: 1000, gid: 1000, name: 'alice', home: '/home/alice' };
const nobody = { uid: 65534, gid: 65534, name: 'nobody', home: '/nonexistent' };

/** A stat over a made-up tree: path → [mode, uid, gid]. */
function tree(entries: Record<string, [number, number, number]>): StatOf {
  return (p) => {
    const e = entries[p];
    if (!e) throw new Error(`no ${p}`);
    return { mode: e[0], uid: e[1], gid: e[2] };
  };
}

describe('accountCanRead: search on every folder above, read on the file', () => {
  const base = { '/': [0o755, 0, 0], '/opt': [0o755, 0, 0] } as Record<
    string,
    [number, number, number]
  >;
  it('an installed bundle is readable', () => {
    const s = tree({ ...base, '/opt/app': [0o755, 0, 0], '/opt/app/w.js': [0o644, 0, 0] });
    expect(accountCanRead('/opt/app/w.js', alice, s)).toBe(true);
  });
  it("a checkout under root's 0700 home is not", () => {
    const s = tree({ ...base, '/root': [0o700, 0, 0], '/root/w.js': [0o644, 0, 0] });
    expect(accountCanRead('/root/w.js', alice, s)).toBe(false);
  });
  it('group and owner bits count for the account they name, not others', () => {
    const g = tree({ ...base, '/opt/g': [0o750, 0, 1000], '/opt/g/w.js': [0o640, 0, 1000] });
    expect(accountCanRead('/opt/g/w.js', alice, g)).toBe(true);
    expect(accountCanRead('/opt/g/w.js', nobody, g)).toBe(false);
    const own = tree({ ...base, '/opt/o': [0o700, 1000, 1000], '/opt/o/w.js': [0o600, 1000, 1] });
    expect(accountCanRead('/opt/o/w.js', alice, own)).toBe(true);
    // The owner's own bits decide for the owner, even when others' bits would allow.
    const closed = tree({ ...base, '/opt/c': [0o055, 1000, 1000], '/opt/c/w.js': [0o644, 0, 0] });
    expect(accountCanRead('/opt/c/w.js', alice, closed)).toBe(false);
  });
});

const root = process.getuid?.() === 0;
const made: string[] = [];
afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe.runIf(root)('lendableScript on real folders (root)', () => {
  it('a script in a 0700 folder is lent as a root-owned copy the account can run, not change', () => {
    const closed = mkdtempSync(join(tmpdir(), 'dw-lend-closed-'));
    made.push(closed);
    mkdirSync(join(closed, 'main'));
    chmodSync(closed, 0o700);
    const script = join(closed, 'main', 'w.js');
    writeFileSync(script, 'console.log("ran as", process.getuid())\n');
    writeFileSync(join(closed, 'main', 'drivewise_aio.node'), 'not really an addon');
    const copy = lendableScript(script, nobody);
    expect(copy).not.toBe(script);
    expect(lendableScript(script, nobody)).toBe(copy);
    const folder = statSync(dirname(copy));
    expect([folder.uid, folder.mode & 0o7777]).toEqual([0, 0o755]);
    expect(statSync(join(dirname(copy), 'drivewise_aio.node')).mode & 0o777).toBe(0o644);
    const out = execFileSync(
      'setpriv',
      ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, copy],
      { encoding: 'utf8', cwd: '/' },
    );
    expect(out.trim()).toBe('ran as 65534');
    // Where the account can read the script, it runs the script itself.
    chmodSync(closed, 0o755);
    const open = join(mkdtempSync(join(tmpdir(), 'dw-lend-open-')), 'w.js');
    made.push(dirname(open));
    chmodSync(dirname(open), 0o755);
    writeFileSync(open, '');
    expect(lendableScript(open, nobody)).toBe(open);
  });
});
