// Every disk with the facts that decide an upgrade. lsblk and /sys are primary; the /sys root and
// the command runner are parameters so fixture trees can stand in for a machine.
import { execFile } from 'node:child_process';
import { access, constants, statfs } from 'node:fs/promises';
import type { DriveInfo, PartitionInfo } from '../../shared/schemas/drive';
import { classifyDrive } from './classify';
import { nvmeLink, sataLink, usbLink } from './link';
import { descendants, LSBLK_COLUMNS, LSBLK_COLUMNS_OLD, parseLsblk, type BlockNode } from './lsblk';
import { mountFor, parseMountinfo, type MountEntry } from './mountinfo';
import { parseScheduler, SysRoot } from './sysfs';
import { proposeDir, testabilityOf } from './testability';
import { mountDevice } from './topology';

export type Runner = (cmd: string, args: string[]) => Promise<string>;

export interface DetectOptions {
  /** Where /sys, /proc and /etc live: '/' on a real machine, a fixture directory in tests. */
  root?: string;
  run?: Runner;
  /** The person's home directory, proposed as test directory when it lives on a disk. */
  home?: string | null;
  /** Whether the person may write into a directory. */
  writable?: (dir: string) => Promise<boolean>;
  /** Free bytes for a mounted directory when lsblk does not say. */
  freeBytes?: (dir: string) => Promise<number | null>;
}

export const execRunner: Runner = (cmd, args) =>
  new Promise((resolve, reject) => {
    execFile(cmd, args, { timeout: 10_000, maxBuffer: 16 << 20 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`${cmd} failed: ${String(stderr || err.message).trim()}`));
      else resolve(stdout);
    });
  });

export async function liveWritable(dir: string): Promise<boolean> {
  try {
    await access(dir, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

export async function liveFreeBytes(dir: string): Promise<number | null> {
  try {
    const s = await statfs(dir);
    return s.bavail * s.bsize;
  } catch {
    return null;
  }
}

export async function runLsblk(run: Runner): Promise<BlockNode[]> {
  const once = async () => {
    try {
      return parseLsblk(await run('lsblk', ['-J', '-b', '-o', LSBLK_COLUMNS]));
    } catch (err) {
      if (!/unknown column/i.test(String(err))) throw err;
      return parseLsblk(await run('lsblk', ['-J', '-b', '-o', LSBLK_COLUMNS_OLD]));
    }
  };
  try {
    return await once();
  } catch {
    // A device appearing or vanishing while lsblk walks /sys can fail one run; the next sees a
    // settled state.
    await new Promise((r) => setTimeout(r, 200));
    return once();
  }
}

export interface Snapshot {
  sys: SysRoot;
  nodes: BlockNode[];
  mounts: MountEntry[];
}

export async function takeSnapshot(opts: DetectOptions = {}): Promise<Snapshot> {
  const sys = new SysRoot(opts.root ?? '/');
  const nodes = await runLsblk(opts.run ?? execRunner);
  const mounts = parseMountinfo(sys.read('/proc/self/mountinfo') ?? '');
  return { sys, nodes, mounts };
}

function partitionsOf(
  disk: BlockNode,
  mounts: MountEntry[],
): { node: BlockNode; part: PartitionInfo }[] {
  const nodes = [disk, ...descendants(disk)].filter(
    (n) => n !== disk || n.fsType !== null || n.mountpoints.length > 0,
  );
  return nodes.map((n) => {
    const mine = mounts.filter(
      (m) =>
        (n.majMin !== null && m.majMin === n.majMin) ||
        m.source === n.path ||
        m.source === `/dev/mapper/${n.name}`,
    );
    // lsblk lists active swap as "[SWAP]": not a place for files, fsType 'swap' says it already.
    const mountpoints = [...new Set([...n.mountpoints, ...mine.map((m) => m.mountpoint)])]
      .filter((m) => m.startsWith('/'))
      .sort((a, b) => a.length - b.length);
    const first = mine.find((m) => m.mountpoint === mountpoints[0]) ?? mine[0];
    return {
      node: n,
      part: {
        path: n.path,
        name: n.name,
        sizeBytes: n.sizeBytes,
        fsType: n.fsType ?? first?.fsType ?? null,
        mountpoints,
        mountOptions: first?.options ?? [],
        readOnly: n.ro || (first?.readOnly ?? false),
        freeBytes: n.fsAvail,
        uuid: n.uuid,
        startBytes: n.start !== null ? n.start * 512 : null,
        type: n === disk ? 'disk' : n.type,
      },
    };
  });
}

const SYSTEM_DIRS = ['/', '/home', '/boot'] as const;

/** The link each kind reports: NVMe's PCIe, a USB port's speed, SATA's negotiated rate. */
function linkFor(sys: SysRoot, kind: DriveInfo['kind'], kname: string, sysPath: string | null) {
  return kind === 'nvme-ssd'
    ? nvmeLink(sys, kname)
    : kind === 'usb'
      ? usbLink(sys, sysPath ?? '')
      : kind === 'hdd' || kind === 'sata-ssd' || kind === 'other'
        ? sataLink(sys, sysPath ?? '')
        : null;
}

/** Where on this disk a test could write: its writable mounts and the folder to suggest. */
async function placeFor(
  partitions: PartitionInfo[],
  kname: string,
  c: {
    mounts: MountEntry[];
    home: string | null;
    homeDisks: string[];
    writable: (dir: string) => Promise<boolean>;
  },
): Promise<{ writableMounts: string[]; suggestedDir: string | null }> {
  const { mounts, home, homeDisks, writable } = c;
  const writableMounts: string[] = [];
  for (const p of partitions)
    for (const mp of p.mountpoints)
      if (!p.readOnly && (await writable(mp))) writableMounts.push(mp);
  const homeHere = homeDisks.includes(kname) && home !== null && (await writable(home));
  const varTmp = mountFor(mounts, '/var/tmp');
  const varTmpOnRoot =
    writableMounts.includes('/') && varTmp?.mountpoint === '/' && (await writable('/var/tmp'));
  const suggestedDir = proposeDir({ partitions }, home, homeHere, writableMounts, varTmpOnRoot);
  return { writableMounts, suggestedDir };
}

export async function detectFromSnapshot(
  snap: Snapshot,
  opts: DetectOptions = {},
): Promise<DriveInfo[]> {
  const { sys, nodes, mounts } = snap;
  const writable = opts.writable ?? (async () => true);
  const freeBytes = opts.freeBytes ?? (async () => null);
  const home = opts.home ?? null;
  const diskOf = (path: string): string[] => {
    const m = mountFor(mounts, path);
    return m ? mountDevice(sys, nodes, m).disks : [];
  };
  const held = SYSTEM_DIRS.map((d) => ({ dir: d, disks: diskOf(d) }));
  const homeDisks = home ? diskOf(home) : [];

  const out: DriveInfo[] = [];
  for (const n of nodes) {
    if ((n.type !== 'disk' && n.type !== 'loop') || n.sizeBytes <= 0) continue;
    const base = `/sys/block/${n.kname}`;
    const sysPath = sys.real(base);
    const rotaSys = sys.readNumber(`${base}/queue/rotational`);
    const rota = rotaSys === null ? n.rota : rotaSys === 1;
    const removable = (sys.readNumber(`${base}/removable`) ?? (n.rm ? 1 : 0)) === 1;
    const model = n.model ?? sys.read(`${base}/device/model`);
    const { kind, evidence } = classifyDrive({
      name: n.kname,
      type: n.type,
      tran: n.tran,
      subsystems: n.subsystems,
      rota,
      removable,
      hotplug: n.hotplug,
      model,
      vendor: n.vendor,
      sysPath,
    });
    const link = linkFor(sys, kind, n.kname, sysPath);
    const discardMax = sys.readNumber(`${base}/queue/discard_max_bytes`) ?? n.discMax;
    const parts = partitionsOf(n, mounts);
    for (const p of parts)
      if (p.part.freeBytes === null && p.part.mountpoints[0])
        p.part.freeBytes = await freeBytes(p.part.mountpoints[0]);
    const partitions = parts.map((p) => p.part);
    const holds = held.filter((h) => h.disks.includes(n.kname)).map((h) => h.dir);
    const { writableMounts, suggestedDir } = await placeFor(partitions, n.kname, {
      mounts,
      home,
      homeDisks,
      writable,
    });
    out.push({
      path: n.path,
      name: n.name,
      model,
      vendor: n.vendor ?? sys.read(`${base}/device/vendor`),
      serial: n.serial ?? sys.read(`${base}/device/serial`) ?? sys.read(`${base}/serial`),
      wwn: sys.read(`${base}/wwid`) ?? sys.read(`${base}/device/wwid`),
      firmware: n.rev ?? sys.read(`${base}/device/firmware_rev`) ?? sys.read(`${base}/device/rev`),
      sizeBytes: n.sizeBytes,
      kind,
      kindEvidence: evidence,
      transport: n.tran,
      rotational: rota,
      link,
      logicalSectorBytes: sys.readNumber(`${base}/queue/logical_block_size`) ?? n.logSec,
      physicalSectorBytes: sys.readNumber(`${base}/queue/physical_block_size`) ?? n.phySec,
      trim: discardMax === null ? null : discardMax > 0,
      scheduler: parseScheduler(sys.read(`${base}/queue/scheduler`)) ?? n.sched,
      removable,
      partitions,
      holds,
      isSystem: holds.length > 0,
      backingFile: kind === 'loop' ? sys.read(`${base}/loop/backing_file`) : null,
      testability: testabilityOf({ partitions }, writableMounts, suggestedDir),
    });
  }
  return out;
}

export async function detectDrivesWith(opts: DetectOptions = {}): Promise<DriveInfo[]> {
  return detectFromSnapshot(await takeSnapshot(opts), opts);
}
