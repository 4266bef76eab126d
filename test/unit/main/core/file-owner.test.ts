// The ownership walk's rule for "another account can write" (issue 37, class 1) on made-up chains:
// ACL entries, any group write (root's group included) and links of other accounts.
import type { Stats } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fileWorkAccount } from '../../../../src/main/core/file-owner';
import { othersCanWrite } from '../../../../src/main/core/others-write';

type Entry = { uid: number; gid: number; mode: number; link?: boolean };
const DIR = 0o040000;
const root = (mode = 0o755): Entry => ({ uid: 0, gid: 0, mode: DIR | mode });

function chain(t: Record<string, Entry>) {
  return (p: string): Stats => {
    const e = t[p];
    if (!e) throw Object.assign(new Error(`ENOENT ${p}`), { code: 'ENOENT' });
    return { ...e, isSymbolicLink: () => e.link === true } as unknown as Stats;
  };
}

const account = (dir: string, t: Record<string, Entry>, acl: string[] = []) =>
  fileWorkAccount(dir, {
    uid: 0,
    lstat: chain(t),
    acl: (p) => acl.includes(p),
    passwd: '/dev/null',
  });

describe('fileWorkAccount: who else can write', () => {
  const base = { '/': root(), '/srv': root() };

  it('a root folder nobody else can write is root’s; a sticky one is too', () => {
    expect(account('/srv/a', { ...base, '/srv/a': root() })).toBeNull();
    expect(account('/srv/t', { ...base, '/srv/t': root(0o1777) })).toBeNull();
  });

  it('an ACL entry with write makes a root:root 0755 folder shared: refused in one line', () => {
    const t = { ...base, '/srv/a': root() };
    expect(() => account('/srv/a', t, ['/srv/a'])).toThrow(
      /^refusing to work as root in \/srv\/a: \/srv\/a is writable through an ACL entry \(see getfacl \/srv\/a\) and not sticky/,
    );
    // The same ACL on a sticky folder gives nobody another's entries.
    expect(account('/srv/a', { ...base, '/srv/a': root(0o1755) }, ['/srv/a'])).toBeNull();
  });

  it('group write counts whatever the group, root’s included', () => {
    expect(() => account('/srv/g', { ...base, '/srv/g': root(0o775) })).toThrow(
      /\/srv\/g is writable by the group with gid 0 and not sticky/,
    );
  });

  it('a link of another account in a sticky folder is refused; the owner’s own link is theirs', () => {
    const t: Record<string, Entry> = {
      ...base,
      '/tmp': root(0o1777),
      '/tmp/l': { uid: 1001, gid: 1001, mode: 0o120777, link: true },
    };
    // Where the link leads (the walk reads realpath): a folder of root's.
    expect(() => account('/tmp/l', t)).toThrow(/\/tmp\/l is a link of uid 1001, who can re-aim it/);
    const own = {
      ...t,
      '/home': root(),
      '/home/al': { uid: 1001, gid: 1001, mode: DIR | 0o755 },
      '/home/al/l': { uid: 1001, gid: 1001, mode: 0o120777, link: true },
    };
    expect(account('/home/al/l', own)?.uid).toBe(1001);
  });

  it('a name not there in a sticky folder others write is refused (the swapped link in its gap)', () => {
    const t: Record<string, Entry> = { ...base, '/tmp': root(0o1777), '/srv/new': root() };
    // CI, 2026-12-05: the walk hit the instant the other account's link was gone; root then made
    // its work folder where the re-made link led.
    expect(() => account('/tmp/l', t)).toThrow(
      /refusing to work as root in \/tmp\/l: \/tmp\/l is not there, in \/tmp, which is writable by every account/,
    );
    // Not there under a folder of root's alone: root makes it, nobody can get in between.
    expect(account('/srv/new/x', t)).toBeNull();
    expect(account('/srv/gone', t)).toBeNull();
  });
});

describe('othersCanWrite', () => {
  it('names the first reason: every account, the group, an ACL', () => {
    const none = () => false;
    expect(othersCanWrite('/x', { mode: 0o40757, gid: 0 }, none)).toBe('writable by every account');
    expect(othersCanWrite('/x', { mode: 0o40775, gid: 7 }, none)).toBe(
      'writable by the group with gid 7',
    );
    expect(othersCanWrite('/x', { mode: 0o40755, gid: 0 }, () => true)).toMatch(/ACL/);
    expect(othersCanWrite('/x', { mode: 0o40755, gid: 0 }, none)).toBeNull();
  });
});
