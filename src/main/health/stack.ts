// The layers between a filesystem and its disk(s), read from /sys: partitions, dm-crypt, LVM
// (thin pools included), md. dm tables come from `dmsetup table` when the runner may run it.
import { basename, dirname } from 'node:path';
import type { Runner } from '../drives/detect';
import type { SysRoot } from '../drives/sysfs';
import type { DeviceLayer } from './types';

function layerKind(sys: SysRoot, p: string): DeviceLayer['kind'] {
  const name = basename(p);
  if (sys.read(`${p}/partition`) !== null) return 'part';
  const uuid = sys.read(`${p}/dm/uuid`) ?? '';
  const dmName = sys.read(`${p}/dm/name`) ?? '';
  if (uuid.startsWith('CRYPT-')) return 'crypt';
  if (uuid.startsWith('LVM-'))
    return /-tpool$/.test(uuid) || /-tpool$/.test(dmName) ? 'lvm-thin-pool' : 'lvm';
  if (sys.read(`${p}/dm/name`) !== null) return 'dm';
  if (/^md\d+/.test(name)) return 'md';
  if (/^loop\d+/.test(name)) return 'loop';
  return 'disk';
}

/** From the filesystem's device down through partitions, dm and md to the disks. */
export async function deviceStack(
  sys: SysRoot,
  majMin: string,
  run?: Runner,
): Promise<DeviceLayer[]> {
  const out: DeviceLayer[] = [];
  const walk = async (p: string, depth: number): Promise<void> => {
    if (depth > 8 || out.some((l) => l.name === basename(p))) return;
    const kind = layerKind(sys, p);
    const dmName = sys.read(`${p}/dm/name`);
    let dmTable: string | null = null;
    if (dmName && run)
      dmTable = await run('dmsetup', ['table', dmName]).then(
        (t) => t.trim(),
        () => null,
      );
    out.push({
      name: basename(p),
      kind:
        kind === 'lvm' && dmTable && /\bthin\b/.test(dmTable) && !/thin-pool/.test(dmTable)
          ? 'lvm-thin'
          : kind,
      discardMax: kind === 'part' ? null : sys.readNumber(`${p}/queue/discard_max_bytes`),
      dmName,
      dmTable,
    });
    if (kind === 'part') return walk(dirname(p), depth + 1);
    for (const s of sys.list(`${p}/slaves`)) {
      const q = sys.real(`${p}/slaves/${s}`);
      if (q) await walk(q, depth + 1);
    }
  };
  const start = sys.real(`/sys/dev/block/${majMin}`);
  if (start) await walk(start, 0);
  return out;
}
