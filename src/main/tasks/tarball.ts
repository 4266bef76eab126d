// Writes the generated kernel-like tarball to disk, compressed with gzip (zlib, in-process) or
// xz/bzip2 (the system tools, so the archive is what those tools really produce).
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { Writable } from 'node:stream';
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
      // Fixed level and no name/mtime in the header: byte-identical output for the same tree.
      // Level 1: generating is not what is timed, and it ran 3× faster than 6 on a busy VM.
      await pipeline(src, createGzip({ level: 1 }), out, { signal: opts.signal });
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
