// The native addon (native/*.cc, built by `npm install` through node-gyp): deep queues of large
// requests submitted one by one like fio's libaio engine, bonnie++'s file calls, huge-page advice.
// Optional: when it was not built (no compiler) or cannot load, queue.ts uses libuv's io_uring,
// the file phases call fs from JS and buffers stay on small pages; the run's notes say which.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { codeDir, codeRoot } from './bundled-worker';
import { useAddonAcl } from './others-write';
import { codeFromEnv, type Warn } from './trusted-code';

export interface AioJob {
  fd: number;
  write: boolean;
  seq: boolean;
  bs: number;
  qd: number;
  seconds: number;
  /** Number of bs-sized blocks in the file. */
  blocks: number;
  seed: number;
  /** One page-aligned Buffer of at least bs bytes per request slot. */
  buffers: Buffer[];
  /** [0] stop flag (set to 1 to stop), [1] completed requests (the addon adds). */
  ctl: Int32Array;
  /** Warm-up seconds before `seconds`, in the same queue, not counted (only where `ramp`). */
  ramp?: number;
}

/**
 * What a run returns. `rate`: completions per second, the least-squares slope of the measured
 * completions over time (engine/methods/rate-fit.ts); null below three, absent from older builds.
 */
export interface AioResult {
  ops: number;
  seconds: number;
  latSumUs: number;
  rate?: number | null;
}

export interface AioAddon {
  run(job: AioJob): Promise<AioResult>;
  /** The addon times a warm-up (AioJob.ramp) itself; absent from addons built before it. */
  ramp?: boolean;
  /**
   * Queue depth 1 as fio's psync: pread/pwrite in a loop on one thread, each call timed; fills
   * `latencies` (µs) with the first requests' latencies. Absent from addons built before it.
   */
  runPsync?(job: AioJob & { latencies?: Float64Array }): Promise<AioResult>;
  /**
   * bonnie++'s file operations in C (native/files.cc): op 0 create, 1 stat, 2 unlink, for the
   * NUL-padded `width`-byte names [from, to) in `names`, relative to directory fd `dirFd`.
   * Absent from addons built before it existed.
   */
  /**
   * Marks untouched memory for transparent huge pages (native/memory.cc); returns the offset of
   * the first 2 MiB boundary in `view`, or -1 when the kernel refused.
   */
  adviseHugePages?(view: Uint8Array): number;
  /**
   * Physically contiguous runs of pages under `view` (one DMA segment each for O_DIRECT), from
   * /proc/self/pagemap; -1 where frames are hidden (not root). Absent from older builds.
   */
  physicalRuns?(view: Uint8Array): number;
  /** Does a POSIX ACL let anyone but the owner write `path` (native/acl.cc)? Absent from older builds. */
  aclWrite?(path: string): boolean;
  fileBatch?(
    op: number,
    dirFd: number,
    names: Buffer,
    width: number,
    from: number,
    to: number,
  ): void;
}

const ADDON = 'drivewise_aio.node';

/**
 * Where the built addon may be: DRIVEWISE_AIO_ADDON (as root only a file of root's in root's
 * folders), next to the bundle (packaged app), or in the checkout's build/ found from the code's
 * own place (dist/main or src/main/core). Never under the current folder (issue 37, class 2).
 */
export function addonCandidates(
  env: NodeJS.ProcessEnv,
  o: { uid?: number; warn?: Warn; here?: string; root?: string } = {},
): string[] {
  return [
    codeFromEnv('DRIVEWISE_AIO_ADDON', { env, ...o }),
    join(o.here ?? codeDir(), ADDON),
    join(o.root ?? codeRoot(), 'build', 'Release', ADDON),
  ].filter((p): p is string => !!p);
}

let cached: { addon: AioAddon | null; why: string } | undefined;

export function nativeAio(): { addon: AioAddon | null; why: string } {
  if (cached) return cached;
  if (process.env['DRIVEWISE_NATIVE_AIO'] === '0')
    return (cached = { addon: null, why: 'turned off (DRIVEWISE_NATIVE_AIO=0)' });
  const here = codeDir();
  const load = createRequire(join(here, 'noop.js'));
  let why = 'not built (npm install compiles it with node-gyp)';
  for (const p of addonCandidates(process.env)) {
    if (!existsSync(p)) continue;
    try {
      const addon = load(p) as AioAddon;
      if (typeof addon.aclWrite === 'function') useAddonAcl(addon.aclWrite.bind(addon));
      return (cached = { addon, why: `loaded from ${p}` });
    } catch (err) {
      why = `could not load ${p}: ${(err as Error).message.split('\n')[0]}`;
    }
  }
  return (cached = { addon: null, why });
}
