// What browser mode's own file and folder picker shows (files.list): one folder of the host's
// disks at a time, with the mounted filesystems a person would test on first. The app uses the
// desktop's own dialog instead (files.choose, answered by the shell's chooser). Reading only:
// names and kinds, never contents.
import { readdirSync, readFileSync, realpathSync, statSync, type Dirent } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { UserError } from '../core/errors';
import { MAX_LISTED, type ChooseRequest, type Listing } from '../../shared/contract/files';
import { NOT_A_DRIVE_FS, parseMountinfo, type MountEntry } from './mountinfo';

/** Mounts that are the system's plumbing or packages' images, not a place to keep files. */
const PLUMBING = /^\/(proc|sys|dev|snap|boot|efi|var\/lib\/snapd|run(?!\/media\/))(\/|$)/;

/** The places a picker starts from: / first, then the other mounted drives, then home. */
export function placesFrom(mounts: MountEntry[], home: string | null): Listing['places'] {
  const seen = new Set<string>();
  const drives = mounts
    .filter((m) => !NOT_A_DRIVE_FS.has(m.fsType) && !PLUMBING.test(m.mountpoint))
    .map((m) => m.mountpoint)
    .filter((p) => {
      if (seen.has(p)) return false;
      seen.add(p);
      return true;
    })
    .sort((a, b) => (a === '/' ? -1 : b === '/' ? 1 : a.localeCompare(b)));
  const places: Listing['places'] = drives.map((p) =>
    p === '/'
      ? { label: 'The system drive (/)', path: '/', kind: 'root' }
      : { label: `${basename(p)} (${p})`, path: p, kind: 'mount' },
  );
  if (home && !seen.has(home)) places.push({ label: `Home (${home})`, path: home, kind: 'home' });
  return places;
}

function kindOf(dir: string, e: Dirent): 'folder' | 'file' | null {
  if (e.isDirectory()) return 'folder';
  if (e.isFile()) return 'file';
  if (!e.isSymbolicLink()) return null;
  try {
    const st = statSync(join(dir, e.name));
    return st.isDirectory() ? 'folder' : st.isFile() ? 'file' : null;
  } catch {
    return null;
  }
}

const matches = (name: string, extensions: string[] | undefined): boolean =>
  !extensions?.length || extensions.some((x) => name.toLowerCase().endsWith(`.${x.toLowerCase()}`));

/** One folder's visible sub-folders (and files, when asked), folders first, at most MAX_LISTED. */
export function listFolder(
  req: { dir?: string | undefined; files: boolean; extensions?: string[] | undefined },
  home: string | null,
  mountinfo: () => string = () => readFileSync('/proc/self/mountinfo', 'utf8'),
): Listing {
  const asked = req.dir?.trim() || home || '/';
  let dir: string;
  let entries: Dirent[];
  try {
    dir = realpathSync(asked);
    // A file's folder, so a chooser opens where the field's file is.
    if (statSync(dir).isFile()) dir = dirname(dir);
    if (!statSync(dir).isDirectory()) throw new UserError(`not a folder: ${asked}`);
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (err) {
    if (err instanceof UserError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    throw new UserError(
      code === 'ENOENT'
        ? `no such folder: ${asked}`
        : code === 'EACCES'
          ? `cannot open ${asked}: permission denied`
          : `cannot open ${asked}: ${(err as Error).message}`,
    );
  }
  const listed = entries
    .filter((e) => !e.name.startsWith('.'))
    .map((e) => ({ name: e.name, path: join(dir, e.name), kind: kindOf(dir, e) }))
    .filter(
      (e): e is Listing['entries'][number] =>
        e.kind === 'folder' || (e.kind === 'file' && req.files && matches(e.name, req.extensions)),
    )
    .sort((a, b) =>
      a.kind === b.kind ? a.name.localeCompare(b.name) : a.kind === 'folder' ? -1 : 1,
    );
  let mounts: MountEntry[] = [];
  try {
    mounts = parseMountinfo(mountinfo());
  } catch {
    /* no /proc: home and / only */
  }
  return {
    dir,
    parent: dir === '/' ? null : dirname(dir),
    places: placesFrom(mounts, home),
    entries: listed.slice(0, MAX_LISTED),
    truncated: listed.length > MAX_LISTED,
  };
}

/** The desktop's chooser, when there is one (the Electron shell sets it); null in browser mode. */
export interface PathChooser {
  choose(req: ChooseRequest): Promise<string | null>;
}

declare module '../core/services' {
  interface Services {
    /** The app's native file dialog; absent in the CLI and browser mode. */
    chooser?: PathChooser;
  }
}
