// Decides whether a path names a block device the helper may open, and opens it read-only.
// Every check that matters is made against the opened descriptor, so swapping the path between
// check and open cannot widen what gets read.
import { constants, type Stats } from 'node:fs';

export interface BlockDeviceEntry {
  path: string;
  majMin: string;
  type: string;
  sizeBytes: number;
}

interface LsblkNode {
  name?: unknown;
  'maj:min'?: unknown;
  type?: unknown;
  size?: unknown;
  children?: unknown;
}

/** Flattens `lsblk -J -b -p -o NAME,MAJ:MIN,TYPE,SIZE` output (partitions are children). */
export function parseLsblk(json: string): BlockDeviceEntry[] {
  const out: BlockDeviceEntry[] = [];
  const walk = (nodes: unknown): void => {
    if (!Array.isArray(nodes)) return;
    for (const n of nodes as LsblkNode[]) {
      if (typeof n?.name === 'string' && typeof n['maj:min'] === 'string') {
        const size = Number(n.size);
        out.push({
          path: n.name,
          majMin: n['maj:min'].trim(),
          type: typeof n.type === 'string' ? n.type : '',
          sizeBytes: Number.isFinite(size) ? size : 0,
        });
      }
      walk(n?.children);
    }
  };
  walk((JSON.parse(json) as { blockdevices?: unknown }).blockdevices);
  return out;
}

/** Linux dev_t → "major:minor" (glibc's gnu_dev_major/minor encoding). */
export function majMinOf(rdev: number | bigint): string {
  const d = BigInt(rdev);
  const major = ((d >> 8n) & 0xfffn) | ((d >> 32n) & ~0xfffn);
  const minor = (d & 0xffn) | ((d >> 12n) & ~0xffn);
  return `${major}:${minor}`;
}

const SAFE_PATH = /^\/dev\/[A-Za-z0-9._+:@/-]+$/;

/** Pure checks on the text of the path: a plain name under /dev, no traversal, no tricks. */
export function lexicalDeviceError(path: string): string | null {
  if (!path.startsWith('/dev/')) return 'device must be a path under /dev';
  if (!SAFE_PATH.test(path)) return 'device path contains characters that are not allowed';
  const segs = path.split('/').slice(1);
  if (segs.some((s) => s === '..' || s === '.' || s === ''))
    return 'device path must not contain "..", "." or empty segments';
  return null;
}

export interface GuardFs {
  lstat(path: string): Promise<Stats>;
  realpath(path: string): Promise<string>;
  open(path: string, flags: number): Promise<number>;
  fstat(fd: number): Promise<Stats>;
  close(fd: number): Promise<void>;
  /** The block devices lsblk lists right now. */
  listBlockDevices(): Promise<BlockDeviceEntry[]>;
}

export class DeviceRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeviceRefused';
  }
}

export interface OpenedDevice {
  fd: number;
  entry: BlockDeviceEntry;
}

/**
 * Validates `path` and opens it O_RDONLY|O_NONBLOCK (as hdparm does) plus O_NOFOLLOW. Refuses: anything outside /dev, traversal,
 * symlinks (also symlinked parent directories), non-block files (/dev/zero is a character device),
 * block devices lsblk does not list. The caller must close the returned fd. `direct` adds
 * O_DIRECT (the surface scan: no page cache between the drive and the figure); never a write flag.
 */
export async function openListedBlockDevice(
  path: string,
  fs: GuardFs,
  opts: { direct?: boolean } = {},
): Promise<OpenedDevice> {
  const lexical = lexicalDeviceError(path);
  if (lexical) throw new DeviceRefused(lexical);
  let st: Stats;
  try {
    st = await fs.lstat(path);
  } catch {
    throw new DeviceRefused(`no such device: ${path}`);
  }
  if (st.isSymbolicLink())
    throw new DeviceRefused(`${path} is a symlink; pass the device node itself (e.g. /dev/sda)`);
  if (!st.isBlockDevice()) throw new DeviceRefused(`${path} is not a block device`);
  if ((await fs.realpath(path)) !== path)
    throw new DeviceRefused(`${path} goes through a symlinked directory`);
  const majMin = majMinOf(st.rdev);
  const entry = (await fs.listBlockDevices()).find((e) => e.path === path);
  if (!entry || entry.majMin !== majMin)
    throw new DeviceRefused(`${path} is not a block device that lsblk lists`);
  let fd: number;
  try {
    const direct = opts.direct ? constants.O_DIRECT : 0;
    fd = await fs.open(
      path,
      constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW | direct,
    );
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why =
      code === 'EPERM' || code === 'EACCES'
        ? 'the system does not allow it'
        : code === 'ENOMEDIUM' || code === 'ENXIO'
          ? 'no medium or the device is gone'
          : (code ?? 'error');
    throw new DeviceRefused(`cannot open ${path} for reading: ${why}`);
  }
  try {
    const fst = await fs.fstat(fd);
    if (!fst.isBlockDevice() || majMinOf(fst.rdev) !== majMin)
      throw new DeviceRefused(`${path} changed while it was being opened`);
    return { fd, entry };
  } catch (err) {
    await fs.close(fd);
    throw err;
  }
}
