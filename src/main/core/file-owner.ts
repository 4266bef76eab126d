// Whose rights file work in a folder needs. Root must never do path-based file work where another
// account can change the path: an account that owns a folder on the way (or can write to one
// that is not sticky) can rename root's fresh `.drivewise-<run>` folder and put a symlink or its
// own folder in its place between two of root's calls. So, as root:
// - every folder on the way is root's, or sticky (others cannot rename what they do not own):
//   root works there itself;
// - exactly one other account owns folders on the way and nobody else can write them: the work
//   is done as that account (uid, primary gid, no supplementary groups), so a swapped path gains
//   it nothing it could not do already;
// - anything else (a folder that other accounts can write and that is not sticky, folders of two
//   accounts, a link another account owns and so can re-aim): no single account owns it, and it is
//   refused in one line. "Can write" is others-write.ts's rule: mode bits, any group write, ACLs.
import { lstatSync, readFileSync, realpathSync, type Stats } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, resolve } from 'node:path';
import { UserError } from './errors';
import { nativeAio } from './native-aio';
import { othersCanWrite, type AclCheck } from './others-write';

export interface FileAccount {
  uid: number;
  gid: number;
  name: string;
  home: string;
}

const S_ISVTX = 0o1000;

/** The folder itself and every folder above it, innermost first. */
function chain(abs: string): string[] {
  const out: string[] = [];
  for (let p = abs; ; p = dirname(p)) {
    out.push(p);
    if (p === dirname(p)) return out;
  }
}

/** The passwd entry of `uid` (name, primary gid, home), or null. */
export function passwdEntry(uid: number, file = '/etc/passwd'): Omit<FileAccount, 'uid'> | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  for (const line of text.split('\n')) {
    const f = line.split(':');
    if (f.length >= 7 && Number(f[2]) === uid && f[2] !== '')
      return { name: f[0]!, gid: Number(f[3]), home: f[5]! };
  }
  return null;
}

type Lstat = (p: string) => Stats;

interface ChainFacts {
  owners: Map<number, { gid: number; path: string }>;
  /** Why no single account controls the chain, or null. */
  shared: string | null;
}

/**
 * A link whose owner is not root and not the account that owns the folders (the person): in a
 * sticky folder its owner may delete and re-make it, aimed elsewhere, after every check.
 */
function foreignLink(links: Map<number, string>, owners: ChainFacts['owners']): string | null {
  for (const [uid, p] of links)
    if (!owners.has(uid)) return `${p} is a link of uid ${uid}, who can re-aim it after any check`;
  return null;
}

function statOrNull(lstat: Lstat, p: string): Stats | null {
  try {
    return lstat(p);
  } catch {
    return null;
  }
}

function inspectChain(paths: string[], lstat: Lstat, acl?: AclCheck): ChainFacts {
  const owners: ChainFacts['owners'] = new Map();
  const links = new Map<number, string>();
  for (const p of paths) {
    let st: Stats;
    try {
      st = lstat(p);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      // Not there yet: whoever makes it owns it. In a sticky folder others can write, that may be
      // another account, between this check and the work: a link it re-aims there caught the
      // check in the instant it was gone, and root then made its work folder where it led.
      const parent = statOrNull(lstat, dirname(p));
      const why = parent && parent.mode & S_ISVTX ? othersCanWrite(dirname(p), parent, acl) : null;
      if (why)
        return {
          owners,
          shared: `${p} is not there, in ${dirname(p)}, which is ${why} (another account can make it a link)`,
        };
      continue;
    }
    // A link's target chain is inspected too (realpath); the link itself counts by its owner.
    if (st.isSymbolicLink()) {
      if (st.uid !== 0 && !links.has(st.uid)) links.set(st.uid, p);
      continue;
    }
    if (st.uid !== 0 && !owners.has(st.uid)) owners.set(st.uid, { gid: st.gid, path: p });
    if (st.mode & S_ISVTX) continue; // others cannot rename or replace what they do not own
    const why = othersCanWrite(p, st, acl);
    if (why) return { owners, shared: `${p} is ${why} and not sticky` };
  }
  const link = foreignLink(links, owners);
  if (link) return { owners, shared: link };
  if (owners.size > 1) {
    const [a, b] = [...owners.entries()];
    return {
      owners,
      shared: `${a![1].path} belongs to uid ${a![0]} and ${b![1].path} to uid ${b![0]}`,
    };
  }
  return { owners, shared: null };
}

/**
 * The account whose rights file work in `dir` must use: null when this process may do it itself
 * (not root, or every folder on the way is root's or sticky). Throws a one-line UserError when
 * the process is root and no single account controls the folder.
 */
export function fileWorkAccount(
  dir: string,
  opts: { uid?: number; lstat?: Lstat; passwd?: string; acl?: AclCheck } = {},
): FileAccount | null {
  if ((opts.uid ?? process.getuid?.() ?? -1) !== 0) return null;
  const abs = resolve(dir);
  const lstat = opts.lstat ?? lstatSync;
  nativeAio(); // its ACL reader, where built (else ACLs are read through ls)
  let real = abs;
  try {
    real = realpathSync(abs);
  } catch {
    /* checked as given; a missing folder fails later with its own message */
  }
  // The path as given and where it leads: a link in a folder of another account can be re-aimed.
  const paths = [...new Set([...chain(abs), ...chain(real)])];
  let facts: ChainFacts;
  try {
    facts = inspectChain(paths, lstat, opts.acl);
  } catch (err) {
    throw new UserError(`cannot check who controls ${abs}: ${(err as Error).message}`);
  }
  if (facts.shared)
    throw new UserError(
      `refusing to work as root in ${abs}: ${facts.shared}, so another account could swap the work folder mid-run and no single account owns it; choose a folder of your own`,
    );
  const [owner] = [...facts.owners.entries()];
  if (!owner) return null;
  const [uid, { gid: folderGid }] = owner;
  const pw = passwdEntry(uid, opts.passwd);
  return pw ? { uid, ...pw } : { uid, gid: folderGid, name: `uid ${uid}`, home: '/' };
}

/**
 * For code that does file work itself (the engine's tasks, extraction): throws when this process
 * is root in a folder another account controls. The engine runs as that account there, so this
 * only fires if something starts file work as root where it must not.
 */
export function assertRootMayWorkIn(dir: string): void {
  const account = fileWorkAccount(dir);
  if (account)
    throw new UserError(
      `refusing to work as root in ${resolve(dir)}: it belongs to ${account.name}; the work must run as that account`,
    );
}

/**
 * Config and runtime folders (XDG_CONFIG_HOME, XDG_RUNTIME_DIR, TMPDIR as `sudo -E` leaves them):
 * root uses one only when every folder on the way is root's or sticky, as no other account can then
 * plant a link or swap a file in it. Returns `dir`; otherwise one line naming the folder and why.
 */
export function rootMayUseFolder(
  dir: string,
  what: string,
  uid = process.getuid?.() ?? -1,
): string {
  if (uid !== 0) return dir;
  let account: FileAccount | null;
  try {
    account = fileWorkAccount(dir, { uid });
  } catch (err) {
    throw new UserError(
      `refusing to use ${what} ${resolve(dir)} as root: ${(err as Error).message.replace(/^refusing to work as root in [^:]*: /, '')}`,
    );
  }
  if (account)
    throw new UserError(
      `refusing to use ${what} ${resolve(dir)} as root: it belongs to ${account.name} (uid ${account.uid}), who could swap what root reads and writes there; run without sudo -E or point ${what} at a folder root owns`,
    );
  return dir;
}

/** The system temp folder (TMPDIR), where root may use it (rootMayUseFolder). */
export const rootTempFolder = (): string => rootMayUseFolder(tmpdir(), 'the temp folder (TMPDIR)');
