// The desktop app used to keep its history in Electron's userData (~/.config/Drivewise) while the
// CLI and browser mode used ~/.config/drivewise. The app now uses the shared folder; at each start
// whatever Drivewise wrote into the old one (an older version may still run) is moved across.
// Nothing is lost: files are moved with link() (which never replaces and never follows a link)
// then unlinked, a run whose id already exists with other content goes to quarantine beside it,
// and a folder that is a link, or that another account owns or can write, is left alone.
// Chromium's own profile (Cache, Local Storage, Preferences…) stays where Electron keeps it.
import { constants, type Stats } from 'node:fs';
import { link, lstat, mkdir, open, readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { isStoredRunId } from '../../shared/schemas/run-id';
import { writeFileSafe } from '../core/safe-write';
import { execArg, loginPaths } from '../tasks/login';
import { readRegularFile } from '../store/safe-read';

export interface MergeReport {
  /** Files now in the shared folder (relative names, e.g. runs/abc.json). */
  moved: string[];
  /** One line per thing left behind or set aside, saying why. */
  notes: string[];
}

const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;
const uid = (): number => process.getuid?.() ?? -1;

async function lstatOrNull(p: string): Promise<Stats | null> {
  return lstat(p).catch(() => null);
}

/** Why Drivewise must not take files out of `dir` (one line), or null when it is ours alone. */
export function folderRefusal(dir: string, st: Stats, me = uid()): string | null {
  if (st.isSymbolicLink()) return `${dir} is a symbolic link (Drivewise does not follow links)`;
  if (!st.isDirectory()) return `${dir} is not a folder`;
  if (st.uid !== me) return `${dir} belongs to another account (uid ${st.uid})`;
  if ((st.mode & 0o022) !== 0) return `${dir} can be written by other accounts`;
  return null;
}

/** A private folder of ours at `dir` (made 0700 when missing), or why there cannot be one. */
async function ownFolder(dir: string): Promise<string | null> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const st = await lstat(dir);
  return folderRefusal(dir, st);
}

async function sameBytes(a: string, b: string): Promise<boolean> {
  try {
    return (await readRegularFile(a)).equals(await readRegularFile(b));
  } catch {
    return false;
  }
}

/** Moves one regular file without replacing anything; 'exists' when the target name is taken. */
async function moveFile(from: string, to: string): Promise<'moved' | 'exists'> {
  try {
    await link(from, to);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return 'exists';
    if (code !== 'EXDEV') throw err;
    // Another filesystem: a copy through the safe writer, which refuses an existing target.
    try {
      await writeFileSafe(to, await readRegularFile(from), { overwrite: false });
    } catch (e) {
      if ((await lstatOrNull(to)) !== null) return 'exists';
      throw e;
    }
  }
  await unlink(from);
  return 'moved';
}

/** The first free `<name>.from-app[.N]` in `dir`. */
async function freeName(dir: string, name: string): Promise<string> {
  for (let i = 0; ; i++) {
    const n = `${name}.from-app${i ? `.${i}` : ''}`;
    if ((await lstatOrNull(join(dir, n))) === null) return n;
  }
}

interface FolderMove {
  from: string;
  to: string;
  rel: string;
  /** Which entry names belong to Drivewise. */
  accept: (name: string) => boolean;
  /** Where a file whose name is taken by different content goes instead (none: stays). */
  conflicts?: string;
}

async function moveFolder(m: FolderMove, report: MergeReport): Promise<void> {
  const st = await lstatOrNull(m.from);
  if (!st) return;
  const why = folderRefusal(m.from, st);
  if (why) {
    report.notes.push(`${why}: its files were left there`);
    return;
  }
  const mine = uid();
  const names = (await readdir(m.from)).filter(m.accept);
  if (!names.length) return;
  const refused = await ownFolder(m.to);
  if (refused) {
    report.notes.push(`${refused}: nothing was moved into it`);
    return;
  }
  for (const name of names) {
    const from = join(m.from, name);
    const fst = await lstatOrNull(from);
    if (!fst || !fst.isFile() || fst.uid !== mine) {
      if (fst) report.notes.push(`${from} is not a regular file of yours: left there`);
      continue;
    }
    if ((await moveFile(from, join(m.to, name))) === 'moved') {
      report.moved.push(`${m.rel}/${name}`);
    } else if (await sameBytes(from, join(m.to, name))) {
      await unlink(from);
    } else if (m.conflicts && !(await ownFolder(m.conflicts))) {
      const n = await freeName(m.conflicts, name);
      await moveFile(from, join(m.conflicts, n));
      report.notes.push(
        `${m.rel}/${name}: a different run with this id is already stored; kept as runs/quarantine/${n}`,
      );
    } else {
      report.notes.push(`${from}: ${m.rel}/${name} already exists with other content; left there`);
    }
  }
}

const isRunFile = (n: string): boolean =>
  n.endsWith('.json') && isStoredRunId(n.slice(0, -'.json'.length));
const isQuarantined = (n: string): boolean => SAFE_NAME.test(n) && !n.endsWith('.tmp');

/** Appends the old folder's pending login records to the shared records file (O_NOFOLLOW). */
async function mergeRecords(from: string, to: string, report: MergeReport): Promise<void> {
  const st = await lstatOrNull(from);
  if (!st?.isFile() || st.uid !== uid()) return;
  const text = (await readRegularFile(from)).toString('utf8');
  if (text.trim()) {
    const flags =
      constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW;
    const fh = await open(to, flags, 0o600);
    try {
      await fh.writeFile(text.endsWith('\n') ? text : `${text}\n`);
      await fh.sync();
    } finally {
      await fh.close();
    }
    report.moved.push('login-probes.jsonl');
  }
  await unlink(from);
}

/**
 * The login-timing autostart entry armed by an older app points at the old folder's records
 * file and probe copy: point it at the shared folder, so there is one records file.
 */
async function repointAutostart(
  env: NodeJS.ProcessEnv,
  oldDir: string,
  newDir: string,
  report: MergeReport,
): Promise<void> {
  const o = loginPaths(env, oldDir);
  const n = loginPaths(env, newDir);
  let text: string;
  try {
    text = (await readRegularFile(o.entry, 64 * 1024)).toString('utf8');
  } catch {
    return;
  }
  const swaps: [string, string][] = [
    [execArg(o.records), execArg(n.records)],
    [execArg(o.script), execArg(n.script)],
  ];
  if (!swaps.some(([a]) => text.includes(a))) return;
  const next = swaps.reduce((t, [a, b]) => t.split(a).join(b), text);
  await writeFileSafe(o.entry, next, { overwrite: true });
  report.moved.push(`autostart entry now records into ${n.records}`);
}

/** Moves the old app folder's history into `newDir` (see the top of this file). */
export async function mergeAppFolder(
  oldDir: string,
  newDir: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<MergeReport> {
  const report: MergeReport = { moved: [], notes: [] };
  if (oldDir === newDir) return report;
  const st = await lstatOrNull(oldDir);
  if (!st) return report;
  const why = folderRefusal(oldDir, st);
  if (why) return { moved: [], notes: [`${why}: its history was not read`] };
  // One folder under two names (a case-insensitive filesystem): nothing to move, and moving a
  // file "onto itself" would unlink it.
  const target = await lstatOrNull(newDir);
  if (target && target.dev === st.dev && target.ino === st.ino) return report;
  const runs = { from: join(oldDir, 'runs'), to: join(newDir, 'runs') };
  const quarantine = join(runs.to, 'quarantine');
  await moveFolder({ ...runs, rel: 'runs', accept: isRunFile, conflicts: quarantine }, report);
  await moveFolder(
    {
      from: join(runs.from, 'quarantine'),
      to: quarantine,
      rel: 'runs/quarantine',
      accept: isQuarantined,
    },
    report,
  );
  const refused = await ownFolder(newDir);
  if (refused) return { ...report, notes: [...report.notes, refused] };
  const o = loginPaths(env, oldDir);
  const n = loginPaths(env, newDir);
  await mergeRecords(o.records, n.records, report);
  await moveFolder(
    {
      from: oldDir,
      to: newDir,
      rel: '.',
      accept: (name) => name === 'login-target.json' || name === 'login-probe.js',
    },
    report,
  );
  await repointAutostart(env, oldDir, newDir, report);
  return report;
}
