// The code root lends to another account (the file worker and the engine, run as the owner of the
// folder being measured: see file-owner.ts) must be readable by that account. A source checkout
// under root's home (0700 on Debian and Ubuntu) is not: the child died before its first line
// ("Cannot find module"), and every run in such a folder failed with no reason given. Then root
// lends a copy instead: the bundle and the native addon beside it, copied into a fresh folder root
// makes and owns (0755, files 0644), so the account can read the code but not change what it runs.
// The lent bundles carry their packages inside them (scripts/build-node.mjs), so two files suffice.
import { chmodSync, copyFileSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { rootTempFolder, type FileAccount } from './file-owner';

/** The stat fields the reach check reads; a parameter so the rule is tested on made-up modes. */
export type StatOf = (path: string) => { mode: number; uid: number; gid: number };

/** May `account` use `bit` (4 read, 1 search) on an entry with these owner, group and mode? */
function allows(s: { mode: number; uid: number; gid: number }, a: FileAccount, bit: number) {
  if (s.uid === a.uid) return (s.mode & (bit << 6)) !== 0;
  if (s.gid === a.gid) return (s.mode & (bit << 3)) !== 0;
  return (s.mode & bit) !== 0;
}

/**
 * True when `account` can search every folder above `file` and read it. Supplementary groups are
 * left out on purpose: the lent child runs without them (libuv's setgroups(0)).
 */
export function accountCanRead(file: string, account: FileAccount, stat: StatOf = statSync) {
  if (!allows(stat(file), account, 4)) return false;
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    if (!allows(stat(dir), account, 1)) return false;
    if (dir === dirname(dir)) return true;
  }
}

const lent = new Map<string, string>();
let folders: string[] = [];
let exitHooked = false;

/**
 * Removes every lent copy now, as this process's exit does: for a host that ends its work without
 * an exit event (a test runner's worker is killed: the suite left three 1 MB copies in /tmp per run).
 * They are root's, in folders only root may write: nothing to race.
 */
export function releaseLentCopies(): void {
  for (const f of folders) rmSync(f, { recursive: true, force: true });
  folders = [];
  lent.clear();
}

/** Removes the lent copies when this process ends (they are root's and hold only our code). */
function removeOnExit(folder: string): void {
  if (!exitHooked) process.once('exit', releaseLentCopies);
  exitHooked = true;
  folders.push(folder);
}

/** `script` itself when `account` can read it, else a root-owned copy it can read (cached). */
export function lendableScript(script: string, account: FileAccount): string {
  if (accountCanRead(script, account)) return script;
  const known = lent.get(script);
  if (known && existsSync(known)) return known;
  // Root makes it: in a temp folder of another account (TMPDIR as sudo -E keeps it) she could
  // swap the copy between root's calls, so only one no other account controls (file-owner.ts).
  const folder = mkdtempSync(join(rootTempFolder(), 'drivewise-lent-'));
  removeOnExit(folder);
  const copy = join(folder, basename(script));
  copyFileSync(script, copy);
  chmodSync(copy, 0o644);
  // The native addon is looked up beside the bundle.
  const addon = join(dirname(script), 'drivewise_aio.node');
  if (existsSync(addon)) {
    copyFileSync(addon, join(folder, 'drivewise_aio.node'));
    chmodSync(join(folder, 'drivewise_aio.node'), 0o644);
  }
  chmodSync(folder, 0o755);
  if (!accountCanRead(copy, account))
    throw new Error(
      `${account.name} cannot read ${script} nor a copy of it in ${folder}: move the checkout where ${account.name} can read it`,
    );
  lent.set(script, copy);
  return copy;
}
