// Public face of drive detection: live defaults over the parameterised detector.
import { realpath } from 'node:fs/promises';
import { homedir } from 'node:os';
import type { DriveInfo, MachineProfile } from '../../shared/schemas/drive';
import {
  detectDrivesWith,
  execRunner,
  liveFreeBytes,
  liveWritable,
  runLsblk,
  type DetectOptions,
} from './detect';
import { descendants } from './lsblk';
import { machineProfileWith } from './machine';
import { resolvePathWith, type ResolveResult } from './resolve';
import { enrichWithSysteminformation } from './si-enrich';

export type { DetectOptions } from './detect';
export type { ResolveResult } from './resolve';

const liveDefaults = (opts: DetectOptions): DetectOptions => ({
  root: '/',
  run: execRunner,
  home: process.env.HOME || homedir(),
  writable: liveWritable,
  freeBytes: liveFreeBytes,
  ...opts,
});

export interface DetectDrivesOptions extends DetectOptions {
  /** Ask systeminformation for model/serial/SMART where /sys had none (live only; default on). */
  enrich?: boolean;
}

export async function detectDrives(opts: DetectDrivesOptions = {}): Promise<DriveInfo[]> {
  const o = liveDefaults(opts);
  const drives = await detectDrivesWith(o);
  const live = (o.root ?? '/') === '/';
  return live && opts.enrich !== false ? enrichWithSysteminformation(drives) : drives;
}

export function machineProfile(
  opts: { root?: string; env?: NodeJS.ProcessEnv } = {},
): MachineProfile {
  return machineProfileWith(opts);
}

export function resolvePath(path: string, opts: DetectOptions = {}): Promise<ResolveResult> {
  return resolvePathWith(path, liveDefaults(opts));
}

/** What the engine puts into a run document about the directory under test. */
export async function describeTarget(
  dir: string,
  opts: DetectOptions = {},
): Promise<{ drive: DriveInfo | null; machine: MachineProfile; warning: string | null }> {
  const r = await resolvePath(dir, opts);
  return { drive: r.drive, machine: machineProfile({ root: opts.root }), warning: r.warning };
}

/**
 * For the root helper's whitelist: the realpath of `path` is a block device lsblk lists
 * (a disk, partition, dm or loop device), so nothing outside the block layer gets touched.
 */
export async function isListedBlockDevice(
  path: string,
  opts: Pick<DetectOptions, 'run'> = {},
): Promise<boolean> {
  if (typeof path !== 'string' || !path.startsWith('/dev/')) return false;
  let real: string;
  try {
    real = await realpath(path);
  } catch {
    return false;
  }
  const nodes = await runLsblk(opts.run ?? execRunner);
  return nodes.some((top) =>
    [top, ...descendants(top)].some((n) => n.path === real || `/dev/${n.kname}` === real),
  );
}
