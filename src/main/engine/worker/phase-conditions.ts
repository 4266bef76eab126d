// Records what else happened while each test ran (result.conditions): counters read before and
// after the test, set against the engine's own I/O and CPU. It never fails a test: anything it
// cannot read or make sense of leaves `conditions` out.
import { execFile } from 'node:child_process';
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
import { phaseConditions, type PhaseConditions } from '../../../shared/schemas/conditions';

/** One test's recording: started before the test, ended after it. */
export interface PhaseRecording {
  end(): Promise<PhaseConditions | undefined>;
}

export interface PhaseRecorder {
  begin(workDir: string): Promise<PhaseRecording | null>;
}

export interface RecorderDeps {
  snapshot: SnapshotDeps;
  resolve: ResolveDeps;
  /** Writes the folder's filesystem's dirty data out (syncfs). */
  flush(dir: string): Promise<void>;
}

/**
 * `sync -f` is syncfs(2) on the folder's filesystem, which Node does not offer: an fsync of the
 * folder itself writes only that directory's entries, not the files an earlier test left dirty
 * in the page cache. Without it the previous test's writeback lands on the device during this
 * one and reads as another process's traffic. A failure (no coreutils sync) only costs accuracy.
 */
export const syncFs = (dir: string, waitMs = FLUSH_WAIT_MS): Promise<void> =>
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

/** The longest a test waits for the filesystem flush before it starts. */
export const FLUSH_WAIT_MS = 3000;

export const realRecorderDeps = (elsewhere?: () => ProcessIo): RecorderDeps => ({
  snapshot: realSnapshotDeps(elsewhere),
  resolve: realResolveDeps,
  flush: syncFs,
});

export function phaseRecorder(deps: RecorderDeps): PhaseRecorder {
  // The folder's device does not change within a run: resolved once per folder.
  const resolved = new Map<string, Promise<DeviceRef[]>>();
  return {
    async begin(workDir) {
      try {
        if (!resolved.has(workDir)) resolved.set(workDir, devicesOf(workDir, deps.resolve));
        const devices = await resolved.get(workDir)!;
        await deps.flush(workDir);
        const before = await readSnapshot(devices, deps.snapshot);
        return { end: () => endPhase(before, devices, deps.snapshot) };
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
): Promise<PhaseConditions | undefined> {
  try {
    const after = await readSnapshot(devices, deps);
    const checked = phaseConditions.safeParse(conditionsBetween(before, after));
    return checked.success ? checked.data : undefined;
  } catch {
    return undefined;
  }
}
