// /proc/self/mountinfo: unlike /proc/mounts it carries the device number of every mount, which
// is what stat().dev of a path gives us.

export interface MountEntry {
  majMin: string;
  /** Path inside the filesystem that is mounted (bind mounts and btrfs subvolumes). */
  root: string;
  mountpoint: string;
  fsType: string;
  source: string;
  /** Per-mount options followed by the filesystem's own (super block) options. */
  options: string[];
  readOnly: boolean;
}

/** The kernel escapes space, tab, newline and backslash as octal (\040 ...). */
const unescape = (s: string): string =>
  s.replace(/\\([0-7]{3})/g, (_m, o: string) => String.fromCharCode(parseInt(o, 8)));

export function parseMountinfo(text: string): MountEntry[] {
  const out: MountEntry[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const [pre, post] = line.split(' - ');
    if (!pre || !post) continue;
    const f = pre.split(' ');
    const [fsType, source, superOpts] = post.split(' ');
    if (f.length < 6 || !fsType) continue;
    const mountOpts = (f[5] ?? '').split(',');
    const options = [...new Set([...mountOpts, ...(superOpts ?? '').split(',')])].filter(Boolean);
    out.push({
      majMin: f[2]!,
      root: unescape(f[3]!),
      mountpoint: unescape(f[4]!),
      fsType,
      source: unescape(source ?? ''),
      options,
      readOnly: mountOpts.includes('ro'),
    });
  }
  return out;
}

/** The mount a path lives on: the last-mounted entry with the longest matching mount point. */
export function mountFor(mounts: MountEntry[], path: string): MountEntry | null {
  let best: MountEntry | null = null;
  for (const m of mounts) {
    const mp = m.mountpoint;
    const inside = mp === '/' || path === mp || path.startsWith(mp.endsWith('/') ? mp : mp + '/');
    if (inside && (!best || mp.length >= best.mountpoint.length)) best = m;
  }
  return best;
}

/** Filesystems whose files do not live on a local disk: results there would not measure a drive. */
export const NOT_A_DRIVE_FS = new Set([
  'tmpfs',
  'ramfs',
  'devtmpfs',
  'proc',
  'sysfs',
  'overlay',
  'nfs',
  'nfs4',
  'cifs',
  'smb3',
  'sshfs',
  'fuse.sshfs',
  '9p',
  'virtiofs',
  'squashfs',
  'devpts',
  'cgroup',
  'cgroup2',
]);

export function notADriveReason(fsType: string): string | null {
  if (fsType === 'tmpfs' || fsType === 'ramfs' || fsType === 'devtmpfs')
    return `it is on ${fsType}, which lives in RAM: results would not measure a drive`;
  if (fsType === 'overlay')
    return 'it is on an overlay filesystem (container layer): results would not measure one drive';
  if (/^(nfs|nfs4|cifs|smb3|9p|virtiofs)$/.test(fsType) || fsType.includes('sshfs'))
    return `it is on a network/shared filesystem (${fsType}): results would measure the network`;
  if (fsType.startsWith('fuse'))
    return `it is on a FUSE filesystem (${fsType}): results would measure the FUSE daemon, not a drive`;
  if (NOT_A_DRIVE_FS.has(fsType))
    return `it is on ${fsType}, a virtual filesystem: results would not measure a drive`;
  return null;
}
