// Records what else happened while each test ran (result.conditions): counters read before and
// after the test, set against the engine's own I/O and CPU. It never fails a test: anything it
// cannot read or make sense of leaves `conditions` out.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import {
  conditionsBetween,
  devicesOf,
  readSnapshot,
  realResolveDeps,
  realSnapshotDeps,
  type DeviceRef,
  type IoSnapshot,
  type ResolveDeps,
  type SnapshotDeps,
} from '../../core/io-snapshot';
import type { ProcessIo } from '../../core/io-counters';
import {
  phaseConditions,
  type OwnEntries,
  type PhaseConditions,
} from '../../../shared/schemas/conditions';
import { drainWrites } from './drain';

/** One test's recording: started before the test, ended after it. */
export interface PhaseRecording {
  /**
   * The test's set-up is on the disk (written and synced): what else happens counts from here.
   * The figures are timed after it; a workload's own directory blocks and inodes, which the
   * filesystem writes for it and /proc/self/io never counts (6.2-7.0 MB for 2,633 entries,
   * measured), are then not taken for another process's traffic.
   */
  restart(): Promise<void>;
  /** Files and folders the test made or removed since the start (or the restart). */
  addEntries(entries: OwnEntries): void;
  end(): Promise<PhaseConditions | undefined>;
}

export interface PhaseRecorder {
  /** `drain`: the test times writes; what the drive still owes is paid first (drain.ts). */
  begin(workDir: string, opts?: { drain?: boolean }): Promise<PhaseRecording | null>;
}

export interface RecorderDeps {
  snapshot: SnapshotDeps;
  resolve: ResolveDeps;
  /** Writes the folder's filesystem's dirty data out (syncfs). */
  flush(dir: string): Promise<void>;
  /** One write of our own through to the drive, after the flush (drain.ts). */
  drain(dir: string): Promise<unknown>;
}

/**
 * `sync -f` is syncfs(2) on the folder's filesystem, which Node does not offer: an fsync of the
 * folder itself writes only that directory's entries, not the files an earlier test left dirty
 * in the page cache. Without it the previous test's writeback lands on the device during this
 * one and reads as another process's traffic. A failure (no coreutils sync) only costs accuracy.
 */
export async function syncFs(
  dir: string,
  waitMs = FLUSH_WAIT_MS,
  deps: FlushDeps = { dirty: dirtyBytes, flush: flushFor },
): Promise<void> {
  // Nothing worth writing out (a read test before): no flush, no wait. A flush of every phase
  // made the HDD-like quick A/A 153-169 s (124-137 s before conditions were recorded).
  if ((await deps.dirty()) < FLUSH_FROM_BYTES) return;
  await deps.flush(dir, waitMs);
}

interface FlushDeps {
  dirty(): Promise<number>;
  flush(dir: string, waitMs: number): Promise<void>;
}

/** Dirty + Writeback of /proc/meminfo, machine-wide; Infinity when it cannot be read. */
async function dirtyBytes(): Promise<number> {
  try {
    const text = await readFile('/proc/meminfo', 'utf8');
    const kib = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)?.[1]);
    const n = kib('Dirty') + kib('Writeback');
    return Number.isFinite(n) ? n * 1024 : Infinity;
  } catch {
    return Infinity;
  }
}

/** Below this much dirty data a previous test's writeback is under the busy floor anyway. */
export const FLUSH_FROM_BYTES = 4 * 1024 * 1024;

const flushFor = (dir: string, waitMs: number): Promise<void> =>
  new Promise((resolve) => {
    // On a busy shared disk the whole filesystem's dirty data can take minutes (a test timed out
    // at 60 s behind it): the test waits a few seconds at most; what is still being written then
    // is other traffic the conditions record, as they should.
    const timer = setTimeout(resolve, waitMs);
    execFile('sync', ['-f', dir], { timeout: 120_000 }, () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * The folder's filesystem written out, however long it takes: before the root helper drops the
 * caches (it no longer runs a global sync), so the files a cold task reads are clean and dropped.
 * Under FLUSH_FROM_BYTES dirty machine-wide it is skipped, as before a test: every task syncs what
 * it wrote, so what is left is another program's (16-256 KiB idle here, 220 KiB right after the
 * workload's sync, up to 1.1 MiB while an application-like start runs) and a few MiB of it cached
 * does not warm a cold walk. Its cache-flush command is the one write that would wait: on the
 * HDD-like loop the throttle charged it for the sync before it, 2,598 bios of the just-written
 * workload at 150 IOPS, 17 s without a request on the device. A 256 KiB line still flushed there
 * in about one quick run of ten.
 */
export const syncFolder = (dir: string, deps?: FlushDeps): Promise<void> =>
  syncFs(dir, 120_000, deps);

/** The longest a test waits for the filesystem flush before it starts. */
export const FLUSH_WAIT_MS = 2000;

export const realRecorderDeps = (elsewhere?: () => ProcessIo): RecorderDeps => ({
  snapshot: realSnapshotDeps(elsewhere),
  resolve: realResolveDeps,
  flush: syncFs,
  drain: (dir) => drainWrites(dir),
});

export function phaseRecorder(deps: RecorderDeps): PhaseRecorder {
  // The folder's device does not change within a run: resolved once per folder.
  const resolved = new Map<string, Promise<DeviceRef[]>>();
  return {
    async begin(workDir, opts) {
      try {
        if (!resolved.has(workDir)) resolved.set(workDir, devicesOf(workDir, deps.resolve));
        const devices = await resolved.get(workDir)!;
        await deps.flush(workDir);
        if (opts?.drain) await deps.drain(workDir);
        let before = await readSnapshot(devices, deps.snapshot);
        let entries: OwnEntries = { files: 0, folders: 0 };
        return {
          restart: async () => {
            before = await readSnapshot(devices, deps.snapshot);
            entries = { files: 0, folders: 0 };
          },
          addEntries: (e) => {
            entries = { files: entries.files + e.files, folders: entries.folders + e.folders };
          },
          end: () => endPhase(before, devices, deps.snapshot, entries),
        };
      } catch {
        return null;
      }
    },
  };
}

async function endPhase(
  before: IoSnapshot,
  devices: DeviceRef[],
  deps: SnapshotDeps,
  entries: OwnEntries,
): Promise<PhaseConditions | undefined> {
  try {
    const after = await readSnapshot(devices, deps);
    const checked = phaseConditions.safeParse(conditionsBetween(before, after, entries));
    return checked.success ? checked.data : undefined;
  } catch {
    return undefined;
  }
}
