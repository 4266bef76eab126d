// Streams a ustar archive of the generated tree: directory entries first, then files, all with
// fixed owner, mode and mtime so the bytes depend only on the seed and the size.
import { Readable } from 'node:stream';
import { fileContent, kernelTree, linePool, prng, type TreeFile } from './kernel-tree';

const MTIME = 1_700_000_000;

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

/** One 512-byte ustar header; names up to 255 bytes via the prefix field. */
export function tarHeader(path: string, size: number, type: '0' | '5'): Buffer {
  const h = Buffer.alloc(512);
  let name = path;
  let prefix = '';
  if (Buffer.byteLength(path) > 100) {
    const cut = path.lastIndexOf('/', 155);
    if (cut <= 0 || Buffer.byteLength(path.slice(cut + 1)) > 100)
      throw new Error(`path too long for ustar: ${path}`);
    prefix = path.slice(0, cut);
    name = path.slice(cut + 1);
  }
  h.write(name, 0, 100, 'utf8');
  h.write(octal(type === '5' ? 0o755 : 0o644, 8), 100, 'ascii');
  h.write(octal(0, 8), 108, 'ascii');
  h.write(octal(0, 8), 116, 'ascii');
  h.write(octal(size, 12), 124, 'ascii');
  h.write(octal(MTIME, 12), 136, 'ascii');
  h.write('        ', 148, 'ascii');
  h.write(type, 156, 'ascii');
  h.write('ustar\0' + '00', 257, 'ascii');
  h.write('root', 265, 'ascii');
  h.write('root', 297, 'ascii');
  h.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const b of h) sum += b;
  h.write(sum.toString(8).padStart(6, '0') + '\0 ', 148, 'ascii');
  return h;
}

export interface TarPlan {
  files: TreeFile[];
  dirs: string[];
  contentBytes: number;
}

export function planTree(seed: number, totalBytes: number): TarPlan {
  const files = kernelTree(seed, totalBytes);
  const dirs = new Set<string>();
  for (const f of files) {
    const parts = f.path.split('/');
    for (let i = 1; i < parts.length; i++) dirs.add(parts.slice(0, i).join('/'));
  }
  return {
    files,
    dirs: [...dirs].sort(),
    contentBytes: files.reduce((a, f) => a + f.size, 0),
  };
}

/** Uncompressed tar stream; `onBytes` reports content bytes produced (generation progress). */
export function tarStream(plan: TarPlan, seed: number, onBytes?: (n: number) => void): Readable {
  const pool = linePool(seed);
  const rnd = prng(seed ^ 0xc0ffee);
  let di = 0;
  let fi = 0;
  let done = 0;
  return new Readable({
    highWaterMark: 1 << 20,
    read() {
      const chunks: Buffer[] = [];
      let bytes = 0;
      while (bytes < 1 << 20) {
        if (di < plan.dirs.length) {
          chunks.push(tarHeader(plan.dirs[di++]! + '/', 0, '5'));
          bytes += 512;
        } else if (fi < plan.files.length) {
          const f = plan.files[fi++]!;
          chunks.push(tarHeader(f.path, f.size, '0'), fileContent(pool, rnd, f.size));
          const pad = (512 - (f.size % 512)) % 512;
          if (pad) chunks.push(Buffer.alloc(pad));
          bytes += 512 + f.size + pad;
          done += f.size;
        } else {
          chunks.push(Buffer.alloc(1024));
          this.push(Buffer.concat(chunks));
          this.push(null);
          onBytes?.(done);
          return;
        }
      }
      onBytes?.(done);
      this.push(Buffer.concat(chunks));
    },
  });
}
