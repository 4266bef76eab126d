// Writes the generated kernel-like tarball to disk, compressed with gzip (zlib, in-process) or
// xz/bzip2 (the system tools, so the archive is what those tools really produce).
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { Readable, Writable } from 'node:stream';
import { planTree, tarStream } from './tar-writer';

export type Compression = 'gzip' | 'xz' | 'bzip2' | 'none';
export const COMPRESSIONS: Compression[] = ['gzip', 'xz', 'bzip2', 'none'];
export const EXTENSION: Record<Compression, string> = {
  gzip: '.tar.gz',
  xz: '.tar.xz',
  bzip2: '.tar.bz2',
  none: '.tar',
};

export interface TarballInfo {
  path: string;
  files: number;
  dirs: number;
  contentBytes: number;
}

const gzipAsync = promisify(gzip);
/** Uncompressed bytes per gzip member. */
const MEMBER_BYTES = 8 << 20;
/** Members compressed at once on libuv's pool (each holds its 8 MiB in memory meanwhile). */
const IN_FLIGHT = 3;

/**
 * gzip -1 of the tar stream as consecutive members of 8 MiB each, compressed a few at a time, as
 * pigz writes: one deflate stream was a single core's work, about 1 s of the 1.6 s it took to
 * generate quick's 120 MB archive. gzip -d (and so tar -xzf) reads the members as one file.
 * Fixed level and no name or mtime in the headers: byte-identical output for the same tree.
 * Level 1: generating is not what is timed, and it ran 3× faster than 6 on a busy VM.
 */
async function* gzipMembers(src: Readable): AsyncGenerator<Buffer> {
  const inFlight: Promise<Buffer>[] = [];
  const start = (parts: Buffer[]) => {
    const p = gzipAsync(Buffer.concat(parts), { level: 1 });
    // Awaited in order below; one that fails while an earlier one is awaited is not unhandled.
    p.catch(() => undefined);
    inFlight.push(p);
  };
  let parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of src as AsyncIterable<Buffer>) {
    parts.push(chunk);
    size += chunk.length;
    if (size < MEMBER_BYTES) continue;
    start(parts);
    parts = [];
    size = 0;
    if (inFlight.length >= IN_FLIGHT) yield await inFlight.shift()!;
  }
  if (size > 0) start(parts);
  while (inFlight.length) yield await inFlight.shift()!;
}

export async function writeTarball(
  path: string,
  opts: {
    seed: number;
    totalBytes: number;
    compression: Compression;
    signal?: AbortSignal;
    onProgress?: (fraction: number) => void;
  },
): Promise<TarballInfo> {
  const plan = planTree(opts.seed, opts.totalBytes);
  const src = tarStream(plan, opts.seed, (n) => opts.onProgress?.(n / (plan.contentBytes || 1)));
  const out = createWriteStream(path, { flags: 'wx' });
  try {
    if (opts.compression === 'gzip') {
      await pipeline(gzipMembers(src), out, { signal: opts.signal });
    } else if (opts.compression === 'none') {
      await pipeline(src, out, { signal: opts.signal });
    } else {
      const tool = opts.compression === 'xz' ? ['xz', '-6', '-T1', '-c'] : ['bzip2', '-9', '-c'];
      const child = spawn(tool[0]!, tool.slice(1), { stdio: ['pipe', 'pipe', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      const exited = new Promise<void>((resolve, reject) => {
        child.on('error', reject);
        child.on('close', (code) =>
          code === 0 ? resolve() : reject(new Error(`${tool[0]} failed: ${stderr.trim() || code}`)),
        );
      });
      const kill = (): void => void child.kill('SIGKILL');
      opts.signal?.addEventListener('abort', kill, { once: true });
      try {
        await Promise.all([
          pipeline(src, child.stdin as Writable, { signal: opts.signal }),
          pipeline(child.stdout, out, { signal: opts.signal }),
          exited,
        ]);
      } finally {
        opts.signal?.removeEventListener('abort', kill);
      }
    }
  } catch (err) {
    out.destroy();
    await rm(path, { force: true });
    throw err;
  }
  return {
    path,
    files: plan.files.length,
    dirs: plan.dirs.length,
    contentBytes: plan.contentBytes,
  };
}
