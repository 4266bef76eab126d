// What a program name starts: the real binary behind a symlink, a shell wrapper, a snap or a
// flatpak. Ubuntu's /usr/bin/firefox is a shell script that runs the snap; reading or timing the
// script says nothing about the browser. Each wrapper is named as what it is, with the file its
// start reads from (the .snap image, the flatpak's files), so the app is timed only where those
// live on the drive under test. `root` lets a test lay out a fake system in a temporary folder.
import { closeSync, lstatSync, openSync, readlinkSync, readSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, posix } from 'node:path';

export type AppKind = 'elf' | 'script' | 'snap' | 'flatpak';

export interface ResolvedApp {
  /** The name asked for ('firefox', or a path). */
  name: string;
  kind: AppKind;
  /** The program and arguments that start it (a snap through /snap/bin, a flatpak through flatpak run). */
  launch: string[];
  /** The real ELF binary, where it could be found (null: a snap or flatpak whose binary is not). */
  exe: string | null;
  /** The file (or folder) the start reads the app from: its drive is the one that matters. */
  storage: string;
  /** What it is, in one sentence, when it is not a plain binary. */
  note?: string;
}

/** A name that resolves to nothing runnable, and why. */
export interface Unresolved {
  name: string;
  why: string;
}

export interface ResolveOptions {
  /** Where the system's / is (a test's fake tree); '/' by default. */
  root?: string;
  pathEnv?: string;
  home?: string;
}

/** Where some programs keep their real binary when /usr/bin has a wrapper script. */
const KNOWN_BINARIES: Record<string, string[]> = {
  firefox: ['/usr/lib/firefox/firefox', '/usr/lib64/firefox/firefox'],
  'firefox-esr': ['/usr/lib/firefox-esr/firefox-esr'],
  libreoffice: ['/usr/lib/libreoffice/program/soffice.bin', '/opt/libreoffice/program/soffice.bin'],
  soffice: ['/usr/lib/libreoffice/program/soffice.bin'],
  chromium: ['/usr/lib/chromium/chromium', '/usr/lib64/chromium-browser/chromium-browser'],
  'chromium-browser': ['/usr/lib/chromium-browser/chromium-browser'],
  'google-chrome': ['/opt/google/chrome/chrome'],
  'google-chrome-stable': ['/opt/google/chrome/chrome'],
};

const MAX_SCRIPT = 64 * 1024;
const MAX_LINKS = 16;

class Fs {
  constructor(private readonly root: string) {}
  /** The path on this machine of a path inside the (fake) system. */
  at = (p: string): string => (this.root === '/' ? p : join(this.root, p));
  /** The file a path names, its symlinks followed inside the (fake) system. */
  file = (p: string): string => this.at(this.chain(p).at(-1)!);
  head(p: string, n: number): Buffer | null {
    let fd: number | null = null;
    try {
      if (!statSync(this.file(p)).isFile()) return null;
      fd = openSync(this.file(p), 'r');
      const b = Buffer.alloc(n);
      return b.subarray(0, readSync(fd, b, 0, n, 0));
    } catch {
      return null;
    } finally {
      if (fd !== null) closeSync(fd);
    }
  }
  isElf = (p: string): boolean => this.head(p, 4)?.toString('latin1') === '\x7fELF';
  executable(p: string): boolean {
    try {
      const s = statSync(this.file(p));
      return s.isFile() && (s.mode & 0o111) !== 0;
    } catch {
      return false;
    }
  }
  exists(p: string): boolean {
    try {
      statSync(this.file(p));
      return true;
    } catch {
      return false;
    }
  }
  link(p: string): string | null {
    try {
      return lstatSync(this.at(p)).isSymbolicLink() ? readlinkSync(this.at(p)) : null;
    } catch {
      return null;
    }
  }
  /** Every path a chain of symlinks visits from p, p first and the file last. */
  chain(p: string): string[] {
    const out = [p];
    for (let i = 0; i < MAX_LINKS; i++) {
      const t = this.link(out.at(-1)!);
      if (t === null) break;
      out.push(posix.normalize(isAbsolute(t) ? t : join(dirname(out.at(-1)!), t)));
    }
    return out;
  }
}

function locate(fs: Fs, name: string, pathEnv: string): string | null {
  if (name.includes('/')) return fs.executable(name) ? posix.normalize(name) : null;
  for (const dir of pathEnv.split(':').filter((d) => d.startsWith('/')))
    if (fs.executable(join(dir, name))) return join(dir, name);
  return null;
}

const SNAP_IN_TEXT = /(?:\/snap\/bin\/|\bsnap\s+run\s+)([a-z0-9][a-z0-9-]*)/;
const FLATPAK_RUN = /\bflatpak\s+run\b[^\n]*?\s([A-Za-z][\w-]*(?:\.[\w-]+){2,})(?=\s|$)/m;

function snapApp(fs: Fs, name: string, snap: string, via: string): ResolvedApp | Unresolved {
  const rev = fs.link(`/snap/${snap}/current`);
  if (rev === null) return { name, why: `${via} starts the snap ${snap}, which is not installed` };
  const image = `/var/lib/snapd/snaps/${snap}_${basename(rev)}.snap`;
  const base = `/snap/${snap}/current`;
  const exe =
    [`${base}/usr/lib/${snap}/${snap}`, `${base}/usr/bin/${snap}`, `${base}/bin/${snap}`].find(
      (p) => fs.isElf(p),
    ) ?? null;
  return {
    name,
    kind: 'snap',
    launch: [`/snap/bin/${snap}`],
    exe,
    storage: image,
    note: `${name} is the snap ${snap}${via !== `/snap/bin/${snap}` ? ` (${via} is a wrapper that starts it)` : ''}: started through snap run, it reads its files from ${image}`,
  };
}

function flatpakApp(fs: Fs, name: string, id: string, via: string, home: string) {
  const installs = [`${home}/.local/share/flatpak/app/${id}`, `/var/lib/flatpak/app/${id}`];
  const dir = installs.find((d) => fs.exists(`${d}/current/active/files`));
  if (!dir) return { name, why: `${via} starts the flatpak ${id}, which is not installed` };
  const files = `${dir}/current/active/files`;
  const meta = fs.head(`${dir}/current/active/metadata`, MAX_SCRIPT)?.toString('utf8') ?? '';
  const command = /^command=(\S+)/m.exec(meta)?.[1];
  const exe =
    [command && `${files}/bin/${command}`, command && `${files}/lib/${command}/${command}`]
      .filter((p): p is string => !!p)
      .find((p) => fs.isElf(p)) ?? null;
  return {
    name,
    kind: 'flatpak' as const,
    launch: ['flatpak', 'run', id],
    exe,
    storage: files,
    note: `${name} is the flatpak ${id} (${via} is a wrapper that starts it): started through flatpak run, it reads its files from ${files}`,
  };
}

/** An absolute path in a wrapper script that names an ELF binary (not the shell it runs in). */
function execTarget(fs: Fs, name: string, text: string): string | null {
  for (const known of KNOWN_BINARIES[basename(name)] ?? []) if (fs.isElf(known)) return known;
  for (const m of text.matchAll(/(?:^|[\s"'=])(\/[\w./+-]+)/g)) {
    const p = m[1]!;
    if (/^\/(usr\/)?bin\/(ba|da|z|)sh$/.test(p) || /^\/(dev|proc|sys|etc|tmp)\//.test(p)) continue;
    if (fs.isElf(p)) return p;
  }
  return null;
}

function scriptApp(fs: Fs, name: string, path: string, home: string): ResolvedApp | Unresolved {
  const text = fs.head(path, MAX_SCRIPT)?.toString('utf8') ?? '';
  const snap = SNAP_IN_TEXT.exec(text)?.[1];
  if (snap) return snapApp(fs, name, snap, path);
  const id = FLATPAK_RUN.exec(text)?.[1];
  if (id) return flatpakApp(fs, name, id, path, home);
  const exe = execTarget(fs, path, text);
  if (!exe)
    return {
      name,
      why: `${path} is a shell script and the program it starts could not be found in it: name the program itself`,
    };
  return {
    name,
    kind: 'script',
    launch: [exe],
    exe,
    storage: exe,
    note: `${path} is a shell script that starts ${exe}: that binary is what is timed`,
  };
}

/** What `name` (a program on PATH, or a path) starts, or why it cannot be timed. */
export function resolveApp(name: string, opts: ResolveOptions = {}): ResolvedApp | Unresolved {
  const fs = new Fs(opts.root ?? '/');
  const home = opts.home ?? process.env['HOME'] ?? '/root';
  const found = locate(fs, name, opts.pathEnv ?? process.env['PATH'] ?? '');
  if (!found) return { name, why: `${name} is not installed` };
  const chain = fs.chain(found);
  const file = chain.at(-1)!;
  const viaSnapBin = chain.find((p) => p.startsWith('/snap/bin/'));
  if (viaSnapBin || /\/snap$/.test(file))
    return snapApp(fs, name, basename(viaSnapBin ?? found), found);
  if (fs.isElf(file)) {
    if (basename(file) === 'flatpak')
      return { name, why: `${found} is flatpak itself, not an app: name the app` };
    return { name, kind: 'elf', launch: [file], exe: file, storage: file };
  }
  if (fs.head(file, 2)?.toString('latin1') === '#!') return scriptApp(fs, name, file, home);
  return { name, why: `${found} is neither a program nor a script` };
}

export const isResolved = (r: ResolvedApp | Unresolved): r is ResolvedApp => 'kind' in r;
