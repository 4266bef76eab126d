// The generated workload as data: a kernel-like source tree, a home folder (configuration and
// cache files, documents, a few photos) and an installed application (libraries, resources, one
// large executable), with each part's size mix. Same seed → the same paths, sizes and bytes on
// every machine, and the digest says so.
import { createHash } from 'node:crypto';
import {
  WORKLOAD_APP_FILES,
  WORKLOAD_FILES,
  WORKLOAD_NAME,
  type WorkloadManifest,
} from '../../../shared/bench/workload';
import { kernelTree, MEAN_FILE_SIZE, prng } from '../kernel-tree';

export interface WorkloadFile {
  path: string;
  size: number;
  part: 'src' | 'home' | 'app';
}

/** Log-normal size around `median` with spread `sigma`, capped. */
function lognormal(rnd: () => number, median: number, sigma: number, cap: number): number {
  const u1 = Math.max(rnd(), 1e-12);
  const z = Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * rnd());
  return Math.min(cap, Math.max(1, Math.round(median * Math.exp(sigma * z))));
}

const APPS = ['mail', 'browser', 'editor', 'office', 'chat', 'music', 'photos', 'shell'];
const hex = (rnd: () => number, n: number) =>
  Array.from({ length: n }, () => Math.floor(rnd() * 16).toString(16)).join('');

/** A home folder: mostly small configuration and cache files, some documents, few photos. */
function homeFile(rnd: () => number, i: number): Omit<WorkloadFile, 'part'> {
  const x = rnd();
  const app = APPS[Math.floor(rnd() * APPS.length)]!;
  if (x < 0.5)
    return {
      path: `home/.config/${app}/${hex(rnd, 1)}/c${i}.conf`,
      size: lognormal(rnd, 700, 1, 64e3),
    };
  if (x < 0.85)
    return {
      path: `home/.cache/${app}/${hex(rnd, 1)}/${hex(rnd, 12)}`,
      size: lognormal(rnd, 5e3, 1.2, 512e3),
    };
  if (x < 0.998) {
    const year = 2015 + Math.floor(rnd() * 10);
    return { path: `home/Documents/${year}/doc${i}.odt`, size: lognormal(rnd, 15e3, 1, 2e6) };
  }
  const month = String(1 + Math.floor(rnd() * 12)).padStart(2, '0');
  return {
    path: `home/Pictures/2024/${month}/IMG_${i}.jpg`,
    size: lognormal(rnd, 2.2e6, 0.35, 6e6),
  };
}

/** An installed application: a large executable, shared libraries, many small resources. */
function appFiles(rnd: () => number): Omit<WorkloadFile, 'part'>[] {
  const out = [{ path: 'app/bin/app', size: 6_000_000 }];
  for (let i = 1; i < WORKLOAD_APP_FILES; i++) {
    const x = rnd();
    if (x < 0.12)
      out.push({ path: `app/lib/lib${hex(rnd, 6)}.so.${i}`, size: lognormal(rnd, 250e3, 1, 6e6) });
    else if (x < 0.7)
      out.push({
        path: `app/share/res/${hex(rnd, 1)}/r${i}.dat`,
        size: lognormal(rnd, 6e3, 1, 400e3),
      });
    else out.push({ path: `app/share/locale/l${i}.mo`, size: lognormal(rnd, 1.5e3, 0.8, 64e3) });
  }
  return out;
}

const shallow = (path: string): string => {
  const parts = path.split('/');
  return parts.length <= 6 ? path : [...parts.slice(0, 5), parts.slice(5).join('-')].join('/');
};

/** Every file of the workload, in the order it is written (shuffled: parts interleave on disk). */
export function workloadTree(seed: number, files = WORKLOAD_FILES): WorkloadFile[] {
  const rnd = prng(seed);
  const app = appFiles(rnd).map((f) => ({ ...f, part: 'app' as const }));
  const srcCount = Math.round((files - app.length) * 0.56);
  // Three levels below the top directory at most: ~15 files a directory, as in the kernel (the
  // kernel-like list spreads a smaller tree over more, sparser directories).
  const src = kernelTree(seed ^ 0x51c, srcCount * MEAN_FILE_SIZE).map((f) => ({
    path: `src/${shallow(f.path)}`,
    size: Math.min(f.size, 256e3),
    part: 'src' as const,
  }));
  const home = Array.from({ length: Math.max(0, files - app.length - src.length) }, (_, i) => ({
    ...homeFile(rnd, i),
    part: 'home' as const,
  }));
  const all: WorkloadFile[] = [...src, ...home, ...app];
  const seen = new Set<string>();
  for (const f of all) {
    while (seen.has(f.path)) f.path = `${f.path}_`;
    seen.add(f.path);
  }
  // Fisher–Yates with the seed's own sequence.
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [all[i], all[j]] = [all[j]!, all[i]!];
  }
  return all;
}

export const dirsOf = (files: readonly WorkloadFile[]): string[] => {
  const dirs = new Set<string>();
  for (const f of files)
    for (let i = f.path.indexOf('/'); i > 0; i = f.path.indexOf('/', i + 1))
      dirs.add(f.path.slice(0, i));
  return [...dirs].sort();
};

/** The manifest: recipe, seed, counts and a digest of every path and size (and the content rule). */
export function manifestOf(seed: number, files: readonly WorkloadFile[]): WorkloadManifest {
  const h = createHash('sha256').update(`${WORKLOAD_NAME}\ncontent: pool(seed) from offset(i)\n`);
  for (const f of files) h.update(`${f.path}\t${f.size}\n`);
  return {
    kind: 'generated',
    name: WORKLOAD_NAME,
    seed,
    files: files.length,
    dirs: dirsOf(files).length,
    bytes: files.reduce((a, f) => a + f.size, 0),
    digest: h.digest('hex'),
  };
}

/** A fixed pool of random bytes; file i is the pool from a seeded offset on (wrapping). */
export function contentPool(seed: number, bytes = 1 << 20): Buffer {
  const rnd = prng(seed ^ 0xc0de);
  const b = Buffer.allocUnsafe(bytes);
  for (let i = 0; i < bytes; i += 4) b.writeUInt32LE(Math.floor(rnd() * 4294967296) >>> 0, i);
  return b;
}

export function contentOf(pool: Buffer, index: number, size: number, out: Buffer): Buffer {
  const start = Math.imul(index + 1, 2654435761) >>> 0;
  let off = 0;
  let at = start % pool.length;
  while (off < size) {
    const n = pool.copy(out, off, at, Math.min(pool.length, at + size - off));
    off += n;
    at = 0;
  }
  return out.subarray(0, size);
}
