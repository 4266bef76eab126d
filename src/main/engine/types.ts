// The plug-in shape of every benchmark and real-world task. The engine runner (in its own
// process) creates the work folder, runs modules in order, turns progress into ETA events and
// collects their TestResults into a run.
import type { DriveRates } from '../../shared/bench/estimates';
import type { TestResult } from '../../shared/schemas/run';

export interface LiveValue {
  value: number;
  unit: string;
}

/**
 * The key under which the root helper adds, to a raw read's figures, the bytes it read from
 * storage to get them (its /proc/self/io); the engine's proxy takes it out and counts them as the
 * engine's own I/O.
 */
/** A surface scan's places, time and bytes a place (engine/methods/surface.ts). */
export interface SurfaceArgs {
  points: number;
  secondsPerPoint: number;
  bytesPerPoint: number;
}

export interface SurfaceReadings {
  /** The device's size, bytes. */
  sizeBytes: number;
  /** Where each place starts, bytes from the start of the device. */
  offsets: number[];
  /** Read speed at each place. */
  mibPerSec: number[];
}

export const HELPER_READ_BYTES = 'helperReadBytes';

/** Root-only operations, provided by the privileged helper when the person granted admin rights. */
export interface PrivilegedOps {
  /** syncfs of the run's folder, then echo 3 > /proc/sys/vm/drop_caches */
  dropCaches(): Promise<void>;
  /**
   * Runs a read-only raw-device test on a block device lsblk lists (hdparm -t / -T, seeker).
   * Resolves to the method's numbers; progress arrives through onProgress.
   */
  rawRead(
    op: 'buffered-read' | 'cached-read' | 'seeker',
    device: string,
    opts: {
      seconds?: number;
      /** May end before `seconds` once the rate settles (the helper's RAW_SETTLE rule). */
      settle?: boolean;
      signal?: AbortSignal;
      onProgress?: (fraction: number, live?: LiveValue) => void;
    },
  ): Promise<Record<string, number>>;
  /**
   * Read speed at evenly spaced places across the whole device (engine/methods/surface.ts), read
   * only, on a device lsblk lists (the same guard as hdparm -t).
   */
  surfaceScan?(
    device: string,
    args: SurfaceArgs,
    opts: { signal?: AbortSignal; onProgress?: (fraction: number, live?: LiveValue) => void },
  ): Promise<SurfaceReadings>;
  /** Root-only reads the real-world tasks need (journal lines). */
  journal?(args: { grep: string; boots?: number }): Promise<string>;
}

export type { OwnEntries } from '../../shared/schemas/conditions';
import type { OwnEntries } from '../../shared/schemas/conditions';

export interface TestContext {
  /** The fresh `.drivewise-<run>` folder inside the chosen directory; removed by the runner. */
  workDir: string;
  /** The directory the person chose (tasks like du may read outside workDir). */
  targetDir: string;
  /** Block device of targetDir's disk, when known (raw tests through the helper). */
  device: string | null;
  signal: AbortSignal;
  repetitions: number;
  /** Size overrides in bytes, keyed by test-defined names ('file', 'dd', 'iozone', ...). */
  sizes: Record<string, number>;
  privileged: PrivilegedOps | null;
  /** Report progress of this test, 0..1; the runner derives the ETA. */
  progress(fraction: number, live?: LiveValue, message?: string): void;
  /** Test-specific options from the plan (e.g. du root, tarball compression). */
  options: Record<string, unknown>;
  /**
   * The set-up (a workload written and synced) is done: the phase's conditions, what else
   * happened on the machine, count from here, over what is timed. Absent outside the runner.
   */
  measureFromHere?(): Promise<void>;
  /**
   * The test created or removed (and synced) this many files, and created this many folders, in
   * what its conditions cover: the filesystem's own writes for them (inodes, directory blocks,
   * the journal), which no process is charged for, are then the test's, not another process's
   * traffic. Absent outside the runner.
   */
  ownEntries?(entries: OwnEntries): void;
  /**
   * The plan's tests after this one: a task may release what none of them uses (the workload,
   * removed while its metadata is still cached). Absent outside the runner: keep everything.
   */
  laterTests?: readonly string[];
}

/** A size a person may set, in their words: a custom-profile field and a `bench --size` key. */
export interface SizeDef {
  label: string;
  /** What it is typed in: 'MiB' takes a unit on the command line (512M), others are numbers. */
  unit: string;
  /** Used when no profile or person sets it: a size no profile names yet. */
  default?: number;
  /** `bench --size 512M` (one size for every file) sets it too. */
  allFiles?: boolean;
  /** The least a MiB size may be set to, in bytes (1 MiB unless a test measures per call). */
  smallest?: number;
  /** What 0 means where it turns phases off ("skips the per-character phases"); else 0 is refused. */
  zero?: string;
}

/**
 * Everything about one test lives in its module: the catalogue, the CLI's size keys and help,
 * the plan's estimates and the shared-file rule are derived from the registry of them.
 */
export interface TestModule {
  id: string;
  title: string;
  kind: 'synthetic' | 'task';
  tool: string;
  /** One sentence for the person (the Plan step): what it measures and why it matters. */
  description: string;
  /** The sizes it reads that a person may set, by key (a key several tests read: one SizeDef). */
  sizes?: Readonly<Record<string, SizeDef>>;
  /** Reads the run's one O_DIRECT test file, which is written (and counted) once per run. */
  sharesTestFile?: boolean;
  /**
   * Its figures time writes: the drive first takes one write of ours, so what it still owes for
   * earlier tests is not paid inside this one's clock (worker/drain.ts). Read-only tests and the
   * cold reads of a task skip it: on a throttled disk it could wait for seconds.
   */
  timedWrites?: boolean;
  /**
   * Seconds this test will take with these settings (for plan estimates and ETAs), on a drive with
   * the probed rates when given.
   */
  estimateSeconds(settings: {
    repetitions: number;
    sizes: Record<string, number>;
    rates?: DriveRates | undefined;
  }): number;
  /** Bytes it will write into workDir at most (free-space check before the run starts). */
  bytesNeeded(settings: { sizes: Record<string, number> }): number;
  run(ctx: TestContext): Promise<TestResult>;
}
