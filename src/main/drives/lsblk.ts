// lsblk -J -b output → a normalised tree. Old util-linux prints numbers and booleans as strings
// ("1", "0") and has MOUNTPOINT instead of MOUNTPOINTS; both shapes are accepted.

export interface BlockNode {
  name: string;
  kname: string;
  path: string;
  majMin: string | null;
  type: string;
  sizeBytes: number;
  model: string | null;
  vendor: string | null;
  serial: string | null;
  rev: string | null;
  tran: string | null;
  subsystems: string | null;
  rota: boolean | null;
  rm: boolean;
  ro: boolean;
  hotplug: boolean;
  logSec: number | null;
  phySec: number | null;
  discMax: number | null;
  sched: string | null;
  fsType: string | null;
  fsAvail: number | null;
  fsSize: number | null;
  mountpoints: string[];
  uuid: string | null;
  start: number | null;
  children: BlockNode[];
}

export const LSBLK_COLUMNS =
  'NAME,KNAME,PATH,MAJ:MIN,TYPE,SIZE,MODEL,VENDOR,SERIAL,REV,TRAN,SUBSYSTEMS,ROTA,RM,RO,HOTPLUG,' +
  'LOG-SEC,PHY-SEC,DISC-MAX,SCHED,FSTYPE,FSAVAIL,FSSIZE,MOUNTPOINTS,UUID,START';
/** util-linux < 2.37 knows neither MOUNTPOINTS nor START. */
export const LSBLK_COLUMNS_OLD = LSBLK_COLUMNS.replace('MOUNTPOINTS', 'MOUNTPOINT').replace(
  ',START',
  '',
);

type Raw = Record<string, unknown>;

const s = (v: unknown): string | null => {
  if (typeof v === 'string') return v.trim() || null;
  if (typeof v === 'number') return String(v);
  return null;
};
const n = (v: unknown): number | null => {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && v.trim() !== '' && isFinite(Number(v))) return Number(v);
  return null;
};
const b = (v: unknown): boolean | null => {
  if (typeof v === 'boolean') return v;
  if (v === '1' || v === 1) return true;
  if (v === '0' || v === 0) return false;
  return null;
};

function node(r: Raw): BlockNode {
  const name = s(r.name) ?? '?';
  const mps = Array.isArray(r.mountpoints) ? r.mountpoints : [r.mountpoint];
  return {
    name,
    kname: s(r.kname) ?? name,
    path: s(r.path) ?? `/dev/${name}`,
    majMin: s(r['maj:min']),
    type: s(r.type) ?? 'disk',
    sizeBytes: n(r.size) ?? 0,
    model: s(r.model),
    vendor: s(r.vendor),
    serial: s(r.serial),
    rev: s(r.rev),
    tran: s(r.tran),
    subsystems: s(r.subsystems),
    rota: b(r.rota),
    rm: b(r.rm) ?? false,
    ro: b(r.ro) ?? false,
    hotplug: b(r.hotplug) ?? false,
    logSec: n(r['log-sec']),
    phySec: n(r['phy-sec']),
    discMax: n(r['disc-max']),
    sched: s(r.sched),
    fsType: s(r.fstype),
    fsAvail: n(r.fsavail),
    fsSize: n(r.fssize),
    mountpoints: mps.map(s).filter((m): m is string => !!m),
    uuid: s(r.uuid),
    start: n(r.start),
    children: Array.isArray(r.children) ? (r.children as Raw[]).map(node) : [],
  };
}

export function parseLsblk(text: string): BlockNode[] {
  let j: unknown;
  try {
    j = JSON.parse(text);
  } catch {
    throw new Error('lsblk printed something that is not JSON');
  }
  const devs = (j as { blockdevices?: unknown }).blockdevices;
  if (!Array.isArray(devs)) throw new Error('lsblk JSON has no "blockdevices" list');
  return (devs as Raw[]).map(node);
}

/** Every node below (not including) n, depth first. */
export function descendants(n: BlockNode): BlockNode[] {
  return n.children.flatMap((c) => [c, ...descendants(c)]);
}
