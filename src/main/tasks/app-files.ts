// The files an application's start reads, as far as they can be named: its binary, the libraries
// ldd lists, the files beside the binary in its own folder (Chromium's .pak and .dat files), a
// snap's image or a flatpak's files. Without admin rights these are what is made cold (fadvise),
// and with or without, what the check that a start is cold looks at (mincore).
import { existsSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ResolvedApp } from './app-resolve';
import { execText } from './exec-text';

/** `ldd` lines: "libc.so.6 => /lib/.../libc.so.6 (0x…)", "/lib64/ld-linux-x86-64.so.2 (0x…)". */
export function parseLdd(out: string): { libs: string[]; missing: string[] } {
  const libs: string[] = [];
  const missing: string[] = [];
  for (const line of out.split('\n')) {
    const arrow = /^\s*(\S+)\s+=>\s+(\S+)\s+\(0x[0-9a-f]+\)/.exec(line);
    if (arrow) {
      libs.push(arrow[2]!);
      continue;
    }
    const notFound = /^\s*(\S+)\s+=>\s+not found/.exec(line);
    if (notFound) {
      missing.push(notFound[1]!);
      continue;
    }
    const direct = /^\s*(\/\S+)\s+\(0x[0-9a-f]+\)/.exec(line);
    if (direct) libs.push(direct[1]!);
  }
  return { libs: [...new Set(libs)], missing };
}

/** Folders many programs share: the files beside a binary there are not its own. */
const SHARED_DIRS = /^\/(usr\/)?(local\/)?s?bin$/;
const MAX_FILES = 2000;

/** Regular files under `dir`, breadth first, at most MAX_FILES. */
function filesUnder(dir: string): string[] {
  const out: string[] = [];
  const queue = [dir];
  while (queue.length && out.length < MAX_FILES) {
    const d = queue.shift()!;
    let names: string[];
    try {
      names = readdirSync(d);
    } catch {
      continue;
    }
    for (const n of names) {
      const p = join(d, n);
      try {
        const s = statSync(p);
        if (s.isDirectory()) queue.push(p);
        else if (s.isFile() && out.length < MAX_FILES) out.push(p);
      } catch {
        /* gone or unreadable */
      }
    }
  }
  return out;
}

export interface AppFiles {
  files: string[];
  bytes: number;
  /** Libraries ldd could not find. */
  missing: string[];
}

/** The files a start of `app` reads, resolved (a library is often a symlink), each once. */
export async function appFiles(app: ResolvedApp, signal: AbortSignal): Promise<AppFiles> {
  let files: string[];
  let missing: string[] = [];
  if (app.kind === 'snap') files = [app.storage];
  else if (app.kind === 'flatpak') files = filesUnder(app.storage);
  else {
    const exe = app.exe!;
    const ldd = parseLdd((await execText('ldd', [exe], signal)).stdout);
    missing = ldd.missing;
    const own = SHARED_DIRS.test(dirname(exe)) ? [] : filesUnder(dirname(exe));
    files = [exe, ...ldd.libs, ...own];
  }
  const real = [
    ...new Set(
      files.flatMap((f) => {
        try {
          return existsSync(f) ? [realpathSync(f)] : [];
        } catch {
          return [];
        }
      }),
    ),
  ];
  const bytes = real.reduce((a, f) => a + statSync(f).size, 0);
  return { files: real, bytes, missing };
}
