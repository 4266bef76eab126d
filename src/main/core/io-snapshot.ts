// A snapshot of the counters io-counters.ts parses, taken before and after a phase, and what the
// two say happened besides the phase's own work (shared/schemas/conditions.ts). Reading never
// throws: a file that cannot be read leaves its part null and the phase is recorded without it.
import { promises as fsp } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { DeviceCounters, OwnEntries, PhaseConditions } from '../../shared/schemas/conditions';
import {
  allTicks,
  parseBlockStat,
  parsePressureSome,
  parseProcessIo,
  parseProcessStat,
  parseProcStatCpu,
  parseVmstat,
  processUserTicks,
  STAT_SECTOR_BYTES,
  userTicks,
  type BlockStat,
  type CpuTimes,
  type ProcessCpu,
  type ProcessIo,
} from './io-counters';

export interface DeviceRef {
  name: string;
  role: DeviceCounters['role'];
  /** The device's stat file under /sys. */
  statPath: string;
}

export interface IoSnapshot {
  /** Monotonic milliseconds. */
  atMs: number;
  devices: { ref: DeviceRef; stat: BlockStat | null }[];
  cpu: CpuTimes | null;
  self: ProcessCpu | null;
  /** The engine's own I/O plus what it had other processes do for it (the root helper). */
  ownIo: ProcessIo | null;
  pressure: { cpu: number | null; io: number | null; memory: number | null };
  pswpin: number | null;
}

export interface SnapshotDeps {
  readFile(path: string): Promise<string>;
  now(): number;
  /** I/O issued on the engine's behalf by processes it does not reap (running totals). */
  elsewhere?: () => ProcessIo;
}

export const realSnapshotDeps = (elsewhere?: () => ProcessIo): SnapshotDeps => ({
  readFile: (p) => fsp.readFile(p, 'utf8'),
  now: () => performance.now(),
  ...(elsewhere ? { elsewhere } : {}),
});

/** Linux's dev_t encoding (glibc's major()/minor()): 12 bits of major, 20 of minor, split. */
export function majorMinor(dev: bigint): string {
  const major = ((dev >> 8n) & 0xfffn) | ((dev >> 32n) & 0xfffff000n);
  const minor = (dev & 0xffn) | ((dev >> 12n) & 0xffffff00n);
  return `${major}:${minor}`;
}

export interface ResolveDeps {
  statDev(path: string): Promise<bigint>;
  realpath(path: string): Promise<string>;
  exists(path: string): Promise<boolean>;
}

export const realResolveDeps: ResolveDeps = {
  statDev: async (p) => (await fsp.stat(p, { bigint: true })).dev,
  realpath: (p) => fsp.realpath(p),
  exists: (p) =>
    fsp.access(p).then(
      () => true,
      () => false,
    ),
};

/**
 * The block device holding `dir`, then its whole disk when it is a partition; [] when the folder
 * is on no block device (tmpfs, overlay, btrfs' anonymous devices: /sys/dev/block has no entry).
 * A mapped or loop device is taken as it is: its "disk" is whatever lies below, not one parent.
 */
export async function devicesOf(
  dir: string,
  d: ResolveDeps = realResolveDeps,
): Promise<DeviceRef[]> {
  try {
    const sys = await d.realpath(`/sys/dev/block/${majorMinor(await d.statDev(dir))}`);
    const self = { name: basename(sys), statPath: join(sys, 'stat') };
    if (!(await d.exists(join(sys, 'partition')))) return [{ ...self, role: 'disk' }];
    const disk = dirname(sys);
    return [
      { ...self, role: 'partition' },
      { name: basename(disk), role: 'disk', statPath: join(disk, 'stat') },
    ];
  } catch {
    return [];
  }
}

async function read<T>(d: SnapshotDeps, path: string, parse: (t: string) => T | null) {
  try {
    return parse(await d.readFile(path));
  } catch {
    return null;
  }
}

function plusElsewhere(own: ProcessIo | null, d: SnapshotDeps): ProcessIo | null {
  if (!own || !d.elsewhere) return own;
  try {
    const e = d.elsewhere();
    return { readBytes: own.readBytes + e.readBytes, writeBytes: own.writeBytes + e.writeBytes };
  } catch {
    return null;
  }
}

/** A few small reads under /proc and /sys, in parallel; never rejects. */
export async function readSnapshot(devices: DeviceRef[], d: SnapshotDeps): Promise<IoSnapshot> {
  const [stats, cpu, self, io, pCpu, pIo, pMem, pswpin] = await Promise.all([
    Promise.all(devices.map((ref) => read(d, ref.statPath, parseBlockStat))),
    read(d, '/proc/stat', parseProcStatCpu),
    read(d, '/proc/self/stat', parseProcessStat),
    read(d, '/proc/self/io', parseProcessIo),
    read(d, '/proc/pressure/cpu', parsePressureSome),
    read(d, '/proc/pressure/io', parsePressureSome),
    read(d, '/proc/pressure/memory', parsePressureSome),
    read(d, '/proc/vmstat', (t) => parseVmstat(t, 'pswpin')),
  ]);
  return {
    atMs: d.now(),
    devices: devices.map((ref, i) => ({ ref, stat: stats[i] ?? null })),
    cpu,
    self,
    ownIo: plusElsewhere(io, d),
    pressure: { cpu: pCpu, io: pIo, memory: pMem },
    pswpin,
  };
}

/** A counter's growth; a counter that went backwards (reset, wrapped) counts as none. */
const grew = (a: number, b: number): number => Math.max(0, b - a);
const share = (x: number): number => Math.min(1, Math.max(0, x));

function deviceDelta(ref: DeviceRef, a: BlockStat, b: BlockStat): DeviceCounters {
  return {
    name: ref.name,
    role: ref.role,
    readBytes: grew(a.readSectors, b.readSectors) * STAT_SECTOR_BYTES,
    writeBytes: grew(a.writeSectors, b.writeSectors) * STAT_SECTOR_BYTES,
    requests: grew(a.readIos + a.writeIos, b.readIos + b.writeIos),
    readRequests: grew(a.readIos, b.readIos),
    writeRequests: grew(a.writeIos, b.writeIos),
    ioTicksMs: grew(a.ioTicksMs, b.ioTicksMs),
  };
}

function cpuBetween(a: IoSnapshot, b: IoSnapshot, wallUs: number): PhaseConditions['cpu'] {
  if (!a.cpu || !b.cpu || !a.self || !b.self) return null;
  const all = allTicks(b.cpu) - allTicks(a.cpu);
  if (!(all > 0)) return null;
  const own = grew(processUserTicks(a.self), processUserTicks(b.self));
  const psi = (x: number | null, y: number | null): number | null =>
    x === null || y === null || !(wallUs > 0) ? null : share(grew(x, y) / wallUs);
  return {
    othersBusy: share((grew(userTicks(a.cpu), userTicks(b.cpu)) - own) / all),
    steal: share(grew(a.cpu.steal, b.cpu.steal) / all),
    cpuPressure: psi(a.pressure.cpu, b.pressure.cpu),
    ioPressure: psi(a.pressure.io, b.pressure.io),
  };
}

/**
 * What ext4 writes beyond a file's data for one file made or removed and synced (its inode-table
 * block and bitmaps, in place and in the journal's copy), which /proc/self/io charges to no one.
 * Measured here, device counters against the engine's own: 0.53-0.77 KB a file (12,000 files in
 * 120 folders; bonnie's 1,024-16,384 files made and removed, unthrottled; quick's 3 × 2 × 1,024
 * on the HDD-like loop, 7.7 MB). The allowance is above the high end.
 */
export const FS_BYTES_PER_FILE = 1024;
/**
 * A folder made: its first directory block in place and in the journal (8 KiB) and its inode.
 * Quick's unpack (12,698 files in 1,977 folders) wrote 27.2-28.4 MB beyond its own bytes on both
 * loops: 9.4-10.2 KB a folder once its files are counted as above.
 */
export const FS_BYTES_PER_FOLDER = 12 * 1024;

/** What happened between two snapshots of the same devices, in the schema's terms. */
export function conditionsBetween(
  a: IoSnapshot,
  b: IoSnapshot,
  own: OwnEntries = { files: 0, folders: 0 },
): PhaseConditions {
  const wallUs = (b.atMs - a.atMs) * 1000;
  const deltas = a.devices.map((x, i) => {
    const y = b.devices[i];
    return x.stat && y?.stat && y.ref.statPath === x.ref.statPath
      ? deviceDelta(x.ref, x.stat, y.stat)
      : null;
  });
  const devices = deltas.filter((x): x is DeviceCounters => x !== null);
  // Foreign traffic is measured on the folder's own device: without it there is nothing to
  // set the engine's bytes against.
  const first = deltas[0];
  let io: PhaseConditions['io'] = null;
  if (first && a.ownIo && b.ownIo) {
    const ownReadBytes = grew(a.ownIo.readBytes, b.ownIo.readBytes);
    const ownWriteBytes = grew(a.ownIo.writeBytes, b.ownIo.writeBytes);
    // Each direction on its own: the engine's reads elsewhere (its own program and modules read
    // back after a cache drop, 15 MB measured in a disk search) hid another process's writes
    // on the folder's device when the two were summed. What the device read beyond the engine
    // is still a lower bound: /proc/self/io does not say which device a read came from.
    // The filesystem's writes for the test's own files and folders are charged to no process.
    const metadata = own.files * FS_BYTES_PER_FILE + own.folders * FS_BYTES_PER_FOLDER;
    const foreignBytes =
      grew(ownReadBytes, first.readBytes) + grew(ownWriteBytes + metadata, first.writeBytes);
    io = {
      ownReadBytes,
      ownWriteBytes,
      foreignBytes,
      ...(metadata > 0 ? { ownEntries: own } : {}),
    };
  }
  const memPsi = a.pressure.memory !== null && b.pressure.memory !== null && wallUs > 0;
  return {
    seconds: Math.max(0, wallUs / 1e6),
    devices,
    io,
    cpu: cpuBetween(a, b, wallUs),
    memory:
      a.pswpin === null || b.pswpin === null
        ? null
        : {
            swapInPages: grew(a.pswpin, b.pswpin),
            memoryPressure: memPsi
              ? share(grew(a.pressure.memory!, b.pressure.memory!) / wallUs)
              : null,
          },
  };
}
