// What else happened on the machine while one test (a phase) ran: the block device's own
// counters set against the I/O the test itself issued, the CPU other processes and the
// hypervisor took, and memory pressure. The engine records it per test; the verdict's threshold
// table (shared/verdict/conditions.ts) decides from it whether a figure can be compared.
// Run files from before this field have none: "conditions not recorded".
import { z } from 'zod';

const count = z.number().nonnegative().max(1e18);
const share = z.number().min(0).max(1);

/** One block device's counters over the phase (/sys/block/<dev>[/<part>]/stat deltas). */
export const deviceCounters = z.object({
  /** Kernel name: 'sda1', 'nvme0n1', 'loop3'. */
  name: z.string().min(1).max(64),
  /** The partition (or mapped device) holding the work folder, or the whole disk under it. */
  role: z.enum(['partition', 'disk']),
  readBytes: count,
  writeBytes: count,
  /** Completed read + write requests. */
  requests: count,
  /**
   * The same apart, which a prediction from this machine replays at another drive's figures
   * (absent in run files from before they were kept).
   */
  readRequests: count.optional(),
  writeRequests: count.optional(),
  /** Milliseconds the device had I/O in flight (io_ticks). */
  ioTicksMs: count,
});
export type DeviceCounters = z.infer<typeof deviceCounters>;

/** Files made or removed and folders made by the test: the filesystem writes for them too. */
export const ownEntries = z.object({ files: count, folders: count });
export type OwnEntries = z.infer<typeof ownEntries>;

export const phaseConditions = z.object({
  /** Wall seconds the counters span. */
  seconds: z.number().nonnegative().max(1e9),
  /** The work folder's device first, then the whole disk when it differs; [] when unknown. */
  devices: z.array(deviceCounters).max(4),
  io: z
    .object({
      /** Bytes the engine (and the tools it waited for) read from / wrote to storage. */
      ownReadBytes: count,
      ownWriteBytes: count,
      /** Device bytes (first device) beyond the test's own: other processes' traffic. */
      foreignBytes: count,
      /**
       * Files and folders the test made or removed: the filesystem's writes for them were set
       * against the device's before foreignBytes (absent in run files from before it was kept).
       */
      ownEntries: ownEntries.optional(),
    })
    .nullable(),
  cpu: z
    .object({
      /** Share of all cores' time other programs ran in user space (the engine's not counted). */
      othersBusy: share,
      /** Share of all cores' time the hypervisor took (steal). */
      steal: share,
      /** PSI "some" stall share over the phase, null without /proc/pressure. */
      cpuPressure: share.nullable(),
      ioPressure: share.nullable(),
    })
    .nullable(),
  memory: z
    .object({
      /** Pages swapped in during the phase (/proc/vmstat pswpin). */
      swapInPages: count,
      memoryPressure: share.nullable(),
    })
    .nullable(),
});
export type PhaseConditions = z.infer<typeof phaseConditions>;
