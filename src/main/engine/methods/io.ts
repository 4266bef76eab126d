// Low-level I/O helpers for the engine process: page-aligned buffers for O_DIRECT, test-file
// creation, and a time slicer that lets synchronous loops breathe so cancel arrives within 1 s.
import { randomFillSync } from 'node:crypto';
import { closeSync, constants, fsyncSync, ftruncateSync, openSync, writeSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';

export const PAGE = 4096;
const WASM_PAGE = 65536;

/**
 * A Buffer whose start is page-aligned: WebAssembly memory is mmap'ed, so offset 0 (a 4096
 * multiple) is aligned. Plain Buffers come from the JS heap and make O_DIRECT fail with EINVAL.
 */
// The node lib types do not declare WebAssembly as a value (it comes with the DOM lib).
const Wasm = (
  globalThis as unknown as {
    WebAssembly: {
      Memory: new (d: { initial: number; maximum: number }) => { buffer: ArrayBuffer };
    };
  }
).WebAssembly;

export function alignedBuffer(size: number): Buffer {
  const pages = Math.max(1, Math.ceil(size / WASM_PAGE));
  const mem = new Wasm.Memory({ initial: pages, maximum: pages });
  return Buffer.from(mem.buffer, 0, size);
}

export interface OpenedFile {
  fd: number;
  /** Whether O_DIRECT is in effect (tmpfs and some FUSE filesystems refuse it). */
  direct: boolean;
}

/** The error a filesystem gives for O_DIRECT it does not do (tmpfs, some FUSE filesystems). */
const refusesDirect = (err: unknown): boolean => (err as NodeJS.ErrnoException).code === 'EINVAL';

/** `open(path, flags | O_DIRECT)`, else without O_DIRECT where the filesystem refuses it. */
export function openDirectSync(path: string, flags: number): OpenedFile {
  try {
    return { fd: openSync(path, flags | constants.O_DIRECT, 0o600), direct: true };
  } catch (err) {
    if (!refusesDirect(err)) throw err;
    return { fd: openSync(path, flags, 0o600), direct: false };
  }
}

/**
 * The same without blocking the event loop (a create on a throttled disk can wait for seconds, and
 * a caller may have to give up on it in time: worker/drain.ts).
 */
export async function openDirect(
  path: string,
  flags: number,
): Promise<{ fh: FileHandle; direct: boolean }> {
  try {
    return { fh: await open(path, flags | constants.O_DIRECT, 0o600), direct: true };
  } catch (err) {
    if (!refusesDirect(err)) throw err;
    return { fh: await open(path, flags, 0o600), direct: false };
  }
}

/** Opens with O_DIRECT when the filesystem allows it, else buffered; never opens devices. */
export function openTestFile(
  path: string,
  mode: 'read' | 'write' | 'rw',
  create = false,
): OpenedFile {
  const base =
    (mode === 'read'
      ? constants.O_RDONLY
      : mode === 'write'
        ? constants.O_WRONLY
        : constants.O_RDWR) | (create ? constants.O_CREAT : 0);
  return openDirectSync(path, base);
}

export const abortError = (): Error =>
  Object.assign(new Error('cancelled'), { name: 'AbortError' });

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortError();
}

export const yieldToLoop = (): Promise<void> => new Promise((r) => setImmediate(r));

export const nowNs = (): bigint => process.hrtime.bigint();
export const secondsSince = (t0: bigint): number => Number(process.hrtime.bigint() - t0) / 1e9;

/**
 * Synchronous I/O loops call `tick()` after each operation; every `sliceMs` it returns true and the
 * loop awaits `pause()` so messages (cancel) and progress get through. The pause happens outside
 * the timed region only where the caller excludes it; at 50 ms slices it costs < 0.1%.
 */
export class Slicer {
  private next: number;
  constructor(
    private readonly sliceMs = 50,
    private readonly signal?: AbortSignal,
  ) {
    this.next = performance.now() + sliceMs;
  }
  due(): boolean {
    return performance.now() >= this.next;
  }
  async pause(): Promise<void> {
    await yieldToLoop();
    throwIfAborted(this.signal);
    this.next = performance.now() + this.sliceMs;
  }
}

/**
 * Writes `size` bytes of incompressible data (so no filesystem or drive shortcut applies) with
 * 1 MiB O_DIRECT writes, then fsyncs. Sparse or all-zero files would read back without touching
 * the drive.
 */
export async function createDataFile(
  path: string,
  size: number,
  opts: {
    signal?: AbortSignal;
    onProgress?: (fraction: number) => void;
    /** Stop after this long (whole MiB written so far are kept): a time bound, as fio's runtime. */
    maxSeconds?: number;
  } = {},
): Promise<{ direct: boolean; size: number }> {
  const chunk = 1024 * 1024;
  const buf = alignedBuffer(chunk);
  randomFillSync(buf);
  const { fd, direct } = openTestFile(path, 'write', true);
  const slicer = new Slicer(50, opts.signal);
  const t0 = performance.now();
  const limit = (opts.maxSeconds ?? Infinity) * 1000;
  let written = size;
  try {
    for (let off = 0; off < size; off += chunk) {
      if (off >= 16 * chunk && performance.now() - t0 >= limit) {
        written = off;
        break;
      }
      const n = Math.min(chunk, size - off);
      buf.writeDoubleLE(off, 0); // every chunk differs: no dedup shortcut either
      // O_DIRECT needs whole sectors; the tail (if any) is rounded up to a page.
      const len = direct ? Math.ceil(n / PAGE) * PAGE : n;
      writeFull(fd, buf, len, off);
      if (slicer.due()) {
        opts.onProgress?.(Math.max(off / size, (performance.now() - t0) / limit));
        await slicer.pause();
      }
    }
    if (written < size) ftruncateSync(fd, written);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return { direct, size: written };
}

export function writeFull(fd: number, buf: Buffer, len: number, pos: number): void {
  let done = 0;
  while (done < len) done += writeSync(fd, buf, done, len - done, pos + done);
}

/** xorshift32: fast, seedable, good enough to spread offsets uniformly. */
export function makeRandom(seed = (Date.now() ^ (process.pid << 8)) >>> 0 || 1): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 4294967296;
  };
}

/** Fisher–Yates permutation of 0..n-1 (iozone visits every record once per random pass). */
export function permutation(n: number, random: () => number): Uint32Array {
  const a = new Uint32Array(n);
  for (let i = 0; i < n; i++) a[i] = i;
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const t = a[i]!;
    a[i] = a[j]!;
    a[j] = t;
  }
  return a;
}

/** One-line message for I/O failures the person can act on. */
export function ioErrorMessage(err: unknown, doing: string): string {
  const code = (err as NodeJS.ErrnoException)?.code;
  if (code === 'ENOSPC') return `no space left on the drive while ${doing}`;
  if (code === 'EDQUOT') return `disk quota exceeded while ${doing}`;
  if (code === 'EROFS') return `the filesystem is read-only (${doing})`;
  if (code === 'EACCES' || code === 'EPERM') return `permission denied while ${doing}`;
  if (code === 'EIO') return `I/O error while ${doing}: the drive may be failing`;
  const msg = err instanceof Error ? err.message : String(err);
  return `${doing}: ${msg.split('\n')[0]}`;
}

/** Offsets generator: sequential wraps at the end; random is block-aligned uniform. */
export function offsets(
  p: { pattern: 'seq' | 'rnd'; bs: number },
  fileSize: number,
  random: () => number,
): () => number {
  const blocks = Math.floor(fileSize / p.bs);
  if (blocks < 1) throw new Error(`test file smaller than one ${p.bs}-byte block`);
  let cursor = 0;
  return p.pattern === 'seq'
    ? () => {
        const pos = cursor * p.bs;
        cursor = (cursor + 1) % blocks;
        return pos;
      }
    : () => Math.floor(random() * blocks) * p.bs;
}
