// The one rule for "another account can write this entry" (issue 37, class 1): a write bit for
// every account, any group write (root's group included: its members need not be root), or a
// POSIX ACL entry or mask with write (a root:root 0755 folder with user:<other>:rwx shows as
// drwxrwxr-x+, and its mode alone reads as root's). The ownership walk (file-owner.ts) and the
// check of code root runs (trusted-code.ts) ask it; the native link check (native/files.cc) is
// the same rule in C.
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync } from 'node:fs';

export type AclCheck = (path: string) => boolean;

/**
 * The native addon's ACL reader (native/acl.cc), registered by native-aio.ts once the addon is
 * loaded (this module cannot import the loader: the loader checks its own path with this rule).
 */
let addonAcl: AclCheck | null = null;
export const useAddonAcl = (fn: AclCheck): void => void (addonAcl = fn);

/** coreutils' ls marks any extended ACL with '+'; used only where the addon is not built. */
function lsShowsAcl(path: string): boolean {
  const ls = ['/usr/bin/ls', '/bin/ls'].find((p) => existsSync(p)) ?? '/bin/ls';
  const line = execFileSync(ls, ['-ld', '--', path], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return line[10] === '+';
}

/**
 * Does an ACL on `path` (not followed if it is a link) give write to anyone but its owner? With
 * the addon the ACL is read and judged; without it any ACL at all counts (ls's '+'), and so does
 * one that cannot be read: unknown is never taken for safe.
 */
export function aclGivesWrite(path: string): boolean {
  try {
    return addonAcl ? addonAcl(path) : lsShowsAcl(path);
  } catch {
    // Nothing there has no ACL; anything else that cannot be read counts as writable.
    return lstatSync(path, { throwIfNoEntry: false }) !== undefined;
  }
}

/** Why accounts other than the owner can write `path` (its lstat `st`), or null when none can. */
export function othersCanWrite(
  path: string,
  st: { mode: number; gid: number },
  acl: AclCheck = aclGivesWrite,
): string | null {
  if (st.mode & 0o002) return 'writable by every account';
  if (st.mode & 0o020) return `writable by the group with gid ${st.gid}`;
  if (acl(path)) return `writable through an ACL entry (see getfacl ${path})`;
  return null;
}
