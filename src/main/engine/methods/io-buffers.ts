// I/O buffers for large O_DIRECT requests that reach the drive whole.
//
// Why: the kernel maps an O_DIRECT request straight onto the buffer's physical pages. A 1 MiB buffer
// whose 256 pages are scattered needs 256 DMA segments, and a queue that takes fewer (virtio-blk
// here: 254; many NVMe drives: 127) splits the request in two. Measured on this VM: 2.0 requests
// per MiB and 0.77× fio's SEQ 1M Q1 read, against 1.0 and ≈ 1.0× when the pages happened to be
// contiguous (fio's malloc'ed buffer often is: 65–257 physical runs per MiB). So large buffers are carved from one memory
// faulted in order, and each candidate window is tried with two reads while the device's
// completed-request counter is watched; windows that split are not used.
import { fstatSync, readFileSync, readSync } from 'node:fs';
import { PAGE } from './io';
import { nativeAio } from '../../core/native-aio';

const WASM_PAGE = 65536;

// The node lib types do not declare WebAssembly as a value (it comes with the DOM lib).
const Wasm = (
  globalThis as unknown as {
    WebAssembly: {
      Memory: new (d: { initial: number; maximum: number; shared: boolean }) => {
        buffer: SharedArrayBuffer;
      };
    };
  }
).WebAssembly;

export interface IoBuffers {
  /** One mapping holding every window (shared, so a worker thread could be handed it too). */
  memory: SharedArrayBuffer;
  /** Byte offsets of the chosen windows (page-aligned). */
  offsets: number[];
  bs: number;
  /** Device requests per I/O measured on the chosen windows; null when not probed. */
  requestsPerIo: number | null;
  /** The windows lie in memory marked for transparent huge pages (native addon). */
  hugePages: boolean;
}

export interface ProbeTarget {
  fd: number;
  /** Readable bytes at the start of the fd (the probe reads up to 2 × bs from offset 0). */
  size: number;
  /** Only O_DIRECT fds map user pages; buffered I/O copies through the page cache. */
  direct: boolean;
}

/** Linux dev_t → "major:minor" (glibc's gnu_dev_major/minor). */
export function devName(dev: bigint): string {
  const major = ((dev >> 8n) & 0xfffn) | ((dev >> 32n) & ~0xfffn);
  const minor = (dev & 0xffn) | ((dev >> 12n) & ~0xffn);
  return `${major}:${minor}`;
}

/** /sys/dev/block/M:m for the block device behind an fd (the device itself, or a file's fs). */
export function sysBlockDir(fd: number): string | null {
  try {
    const st = fstatSync(fd, { bigint: true });
    const dir = `/sys/dev/block/${devName(st.isBlockDevice() ? st.rdev : st.dev)}`;
    readFileSync(`${dir}/stat`);
    return dir;
  } catch {
    return null; // btrfs, overlayfs, tmpfs: no single block device to watch
  }
}

/** Completed read requests: the first field of /sys/block/…/stat. */
export function parseReadsCompleted(stat: string): number {
  const n = Number(stat.trim().split(/\s+/)[0]);
  if (!Number.isFinite(n)) throw new Error('unreadable block stat');
  return n;
}

/** Completed read requests of the device at a /sys/dev/block/M:m directory. */
export const readsCompleted = (dir: string): number =>
  parseReadsCompleted(readFileSync(`${dir}/stat`, 'utf8'));

/** A queue limit (max_segments, max_sectors_kb); a partition reads it from its disk. */
export function queueLimit(dir: string, name: string): number | null {
  for (const q of [`${dir}/queue/${name}`, `${dir}/../queue/${name}`]) {
    try {
      const n = Number(readFileSync(q, 'utf8').trim());
      if (n > 0) return n;
    } catch {
      /* try the parent */
    }
  }
  return null;
}

const HUGE_PAGE = 2 * 1024 * 1024;

/**
 * Ordinary page-size buffers by default, as fio's default --mem=malloc: KDiskMark, CrystalDiskMark
 * and fio users compare against figures from such memory. On this VM huge-page buffers read 1 MiB
 * requests 2–2.8× faster than fio's default, so they are a named option (DRIVEWISE_HUGE_PAGES=1
 * or the queue-depth profile's `hugePages` option), labelled in the run.
 */
let hugePages = process.env.DRIVEWISE_HUGE_PAGES === '1';

export function setHugePageBuffers(on: boolean): void {
  hugePages = on;
}

/**
 * Memory for `bytes` of windows, and where they start. With the addon, the memory is marked for
 * huge pages before it is touched and the windows start on a 2 MiB boundary, so a 1 MiB buffer is
 * one physically contiguous DMA segment: virtio-blk here read 1 MiB Q8 at 3.9–4.0 GB/s from such
 * buffers, 1.4–2.5 GB/s from 4 KiB pages (up to 254 segments each), fio 0.9–3.4 GB/s from malloc.
 */
function sharedMemory(bytes: number): { memory: SharedArrayBuffer; base: number; huge: boolean } {
  const advise =
    hugePages && bytes >= HUGE_PAGE / 2 ? nativeAio().addon?.adviseHugePages : undefined;
  const total = bytes + (advise ? HUGE_PAGE : 0);
  const pages = Math.max(1, Math.ceil(total / WASM_PAGE));
  const memory = new Wasm.Memory({ initial: pages, maximum: pages, shared: true }).buffer;
  const base = advise ? advise(new Uint8Array(memory)) : -1;
  return base >= 0 ? { memory, base, huge: true } : { memory, base: 0, huge: false };
}

/**
 * `count` page-aligned buffers of `bs` bytes. With a probe target, windows whose reads reach the
 * device as more than one request are skipped (up to `count + max(4, count)` candidates).
 */
export function ioBuffers(bs: number, count: number, probe?: ProbeTarget): IoBuffers {
  const stride = Math.ceil(bs / PAGE) * PAGE;
  // Ordinary buffers are used as they come, like fio's malloc'ed ones: choosing windows whose
  // requests are not split would make the figures better than fio's on the same file. Both sides'
  // pages land wherever the free lists put them (65–257 physical runs per MiB seen for fio and
  // for this memory alike): fidelity/layout.ts measures it.
  const dir = hugePages && probe?.direct && probe.size >= bs ? sysBlockDir(probe.fd) : null;
  const limit = dir ? queueLimit(dir, 'max_segments') : null;
  const needProbe = dir !== null && (limit === null || stride / PAGE > limit);
  // Requests larger than max_sectors_kb are split whatever the memory: that many is the best.
  const maxKb = dir ? queueLimit(dir, 'max_sectors_kb') : null;
  const floor = maxKb ? Math.ceil(bs / (maxKb * 1024)) : 1;
  const candidates = needProbe ? count + Math.max(4, count) : count;
  const { memory, base, huge } = sharedMemory(stride * candidates);
  // Faulting the pages in address order is what gives the allocator a chance to hand out
  // physically consecutive pages; reads alone would fault them in the same order, but later.
  Buffer.from(memory).fill(0);
  const all = Array.from({ length: candidates }, (_, i) => base + i * stride);
  const unprobed = {
    memory,
    offsets: all.slice(0, count),
    bs,
    requestsPerIo: null,
    hugePages: huge,
  };
  if (!needProbe || !probe || !dir) return unprobed;
  const scored: { offset: number; requests: number }[] = [];
  for (const offset of all) {
    const buf = Buffer.from(memory, offset, bs);
    // Other processes' reads on the same disk only ever add requests: the lowest of a few tries
    // is the window's own figure.
    let requests: number | null = Infinity;
    for (let t = 0; t < 3 && requests !== null && requests > floor; t++) {
      const r = requestsPerRead(probe, dir, buf);
      requests = r === null ? null : Math.min(requests, r);
    }
    if (requests === null) return unprobed;
    scored.push({ offset, requests });
    if (scored.filter((s) => s.requests <= floor).length >= count) break;
  }
  const best = scored.sort((a, b) => a.requests - b.requests).slice(0, count);
  return {
    memory,
    offsets: best.map((s) => s.offset),
    bs,
    requestsPerIo: best.reduce((a, s) => a + s.requests, 0) / best.length,
    hugePages: huge,
  };
}

/** Two reads into `buf`; other processes' reads can only make a window look worse, never better. */
function requestsPerRead(probe: ProbeTarget, dir: string, buf: Buffer): number | null {
  const reads = probe.size >= 2 * buf.length ? 2 : 1;
  try {
    const before = readsCompleted(dir);
    for (let i = 0; i < reads; i++) readSync(probe.fd, buf, 0, buf.length, i * buf.length);
    const after = readsCompleted(dir);
    return (after - before) / reads;
  } catch {
    return null; // write-only fd or vanished stat file: use the windows unprobed
  }
}

export const bufferAt = (b: IoBuffers, i: number): Buffer =>
  Buffer.from(b.memory, b.offsets[i % b.offsets.length]!, b.bs);

/** One buffer, probed like ioBuffers. */
export const ioBuffer = (bs: number, probe?: ProbeTarget): Buffer =>
  bufferAt(ioBuffers(bs, 1, probe), 0);
