// fstab / crypttab / resume= device names → the block device they mean, using lsblk's identifiers.
import type { InventoryEntry } from './types';

export type SpecKind =
  'uuid' | 'partuuid' | 'label' | 'partlabel' | 'kernel-name' | 'path' | 'other';

/** /dev/sdb1, /dev/nvme0n1p2, /dev/vda: names the kernel hands out in probe order. */
export const KERNEL_NAME =
  /^\/dev\/(sd[a-z]+|hd[a-z]+|vd[a-z]+|xvd[a-z]+|nvme\d+n\d+|mmcblk\d+)(p?\d+)?$/;

/** Filesystems with no block device behind them: fstab lines for them are not checked. */
export const VIRTUAL_FS =
  /^(proc|sysfs|tmpfs|devtmpfs|devpts|cgroup2?|securityfs|debugfs|tracefs|pstore|efivarfs|bpf|mqueue|hugetlbfs|configfs|fusectl|binfmt_misc|autofs|nfs4?|cifs|smb3|9p|virtiofs|sshfs|fuse\..*|overlay|none|bind|rbind)$/;

export interface Resolved {
  kind: SpecKind;
  entry: InventoryEntry | null;
  /** A file (swap file, bind source) that exists; null when not a plain path. */
  fileExists: boolean | null;
}

const eq = (a: string | null, b: string) => a !== null && a.toLowerCase() === b.toLowerCase();

/** /dev/VG/LV → /dev/mapper/VG-LV (device-mapper doubles hyphens inside names). */
function lvmMapperPath(p: string): string | null {
  const m = /^\/dev\/([^/]+)\/([^/]+)$/.exec(p);
  if (!m || ['mapper', 'disk', 'md', 'block'].includes(m[1]!)) return null;
  const d = (x: string) => x.replace(/-/g, '--');
  return `/dev/mapper/${d(m[1]!)}-${d(m[2]!)}`;
}

export function resolveSpec(
  spec: string,
  inv: InventoryEntry[],
  pathExists: Record<string, boolean> = {},
): Resolved {
  const tag = /^(UUID|PARTUUID|LABEL|PARTLABEL)=(.+)$/i.exec(spec);
  const byLink = /^\/dev\/disk\/by-(uuid|partuuid|label|partlabel)\/(.+)$/.exec(spec);
  const key = (tag?.[1] ?? byLink?.[1])?.toLowerCase() as
    'uuid' | 'partuuid' | 'label' | 'partlabel' | undefined;
  if (key) {
    const value = (tag?.[2] ?? byLink?.[2] ?? '').replace(/^"|"$/g, '');
    const entry =
      inv.find((e) =>
        key === 'uuid'
          ? eq(e.uuid, value)
          : key === 'partuuid'
            ? eq(e.partuuid, value)
            : key === 'label'
              ? e.label === value
              : e.partlabel === value,
      ) ?? null;
    return { kind: key, entry, fileExists: null };
  }
  if (spec.startsWith('/dev/')) {
    const alt = lvmMapperPath(spec);
    const entry = inv.find((e) => e.path === spec || (alt !== null && e.path === alt)) ?? null;
    return {
      kind: KERNEL_NAME.test(spec) ? 'kernel-name' : 'path',
      entry,
      fileExists: entry ? null : (pathExists[spec] ?? null),
    };
  }
  if (spec.startsWith('/'))
    return { kind: 'path', entry: null, fileExists: pathExists[spec] ?? null };
  return { kind: 'other', entry: null, fileExists: null };
}

/** The stable name to put in fstab instead of a kernel name. */
export function stableName(e: InventoryEntry): string | null {
  if (e.uuid) return `UUID=${e.uuid}`;
  if (e.partuuid) return `PARTUUID=${e.partuuid}`;
  if (e.label) return `LABEL=${e.label}`;
  return null;
}
