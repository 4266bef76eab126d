import { z } from 'zod';
import { driveInfo, machineProfile } from '../schemas/drive';
import { request } from './define';
import { LIMITS, text } from './limits';

export const resolveResult = z.object({
  /** The directory, realpath'ed (a file's parent directory when a file was given). */
  path: z.string(),
  mountpoint: z.string().nullable(),
  fsType: z.string().nullable(),
  /** Partition, dm or md device the filesystem sits on ('/dev/sda2', '/dev/mapper/root'). */
  device: z.string().nullable(),
  /** Physical disks underneath, e.g. ['/dev/vda']. */
  disks: z.array(z.string()),
  drive: driveInfo.nullable(),
  writable: z.boolean(),
  /** On a read-only mount (so not writable for anyone, root included). */
  readOnly: z.boolean().default(false),
  freeBytes: z.number().nullable(),
  /** One line when results there would not measure one drive, or file tests cannot run. */
  warning: z.string().nullable(),
  /** The path given, when it is not a folder (a file): tests need a folder (notAFolder). */
  file: z.string().nullable().default(null),
});
export type ResolveResult = z.infer<typeof resolveResult>;

export const drivesListResult = z.object({
  drives: z.array(driveInfo),
  machine: machineProfile,
});

export const drivesRequests = {
  'drives.list': request(z.object({}).strict(), drivesListResult),
  'drives.resolve': request(z.object({ path: text(LIMITS.path).min(1) }).strict(), resolveResult),
} as const;
