// Parsers for the text files the checks read. Pure; each tolerates comments and odd spacing.
import type { InventoryEntry, MountLine, PartStart } from './types';

/** fstab, /proc/mounts and /proc/swaps escape space, tab, newline and backslash as \ooo. */
export const unescapeOctal = (s: string): string =>
  s.replace(/\\([0-7]{3})/g, (_m, o: string) => String.fromCharCode(parseInt(o, 8)));

const lines = (text: string): string[] =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));

export function parseProcMounts(text: string): MountLine[] {
  return lines(text).flatMap((raw) => {
    const [device, mountpoint, fsType, opts] = raw.split(/\s+/);
    if (!device || !mountpoint || !fsType) return [];
    return [
      {
        device: unescapeOctal(device),
        mountpoint: unescapeOctal(mountpoint),
        fsType,
        options: (opts ?? '').split(',').filter(Boolean),
        raw,
      },
    ];
  });
}

export interface FstabEntry {
  spec: string;
  file: string;
  fsType: string;
  options: string[];
  line: number;
  raw: string;
}

export function parseFstab(text: string): FstabEntry[] {
  const out: FstabEntry[] = [];
  text.split('\n').forEach((l, i) => {
    const raw = l.trim();
    if (!raw || raw.startsWith('#')) return;
    const [spec, file, fsType, opts] = raw.split(/\s+/);
    if (!spec || !file) return;
    out.push({
      spec: unescapeOctal(spec),
      file: unescapeOctal(file),
      fsType: fsType ?? 'auto',
      options: (opts ?? 'defaults').split(','),
      line: i + 1,
      raw,
    });
  });
  return out;
}

export interface CrypttabEntry {
  name: string;
  device: string;
  options: string[];
  raw: string;
}

/** crypttab(5): name, device, key file, options. */
export function parseCrypttab(text: string): CrypttabEntry[] {
  return lines(text).flatMap((raw) => {
    const [name, device, , opts] = raw.split(/\s+/);
    if (!name || !device) return [];
    return [{ name, device, options: (opts ?? '').split(',').filter(Boolean), raw }];
  });
}

/** Kernel command line → key/value pairs (the last one wins, as for the kernel's own parsing). */
export function parseCmdline(text: string): Map<string, string> {
  const m = new Map<string, string>();
  // Arguments after a lone "--" go to init, not the kernel.
  for (const w of text.split(/\s+/)) {
    if (w === '--') break;
    if (!w) continue;
    const i = w.indexOf('=');
    m.set(i < 0 ? w : w.slice(0, i), i < 0 ? '' : w.slice(i + 1).replace(/^"|"$/g, ''));
  }
  return m;
}

/** initramfs-tools' conf.d/resume: RESUME=UUID=... (or none / auto). */
export function parseInitramfsResume(text: string): string | null {
  for (const l of lines(text)) {
    const m = /^RESUME=["']?([^"'\s]*)["']?/.exec(l);
    if (m) return m[1] ?? null;
  }
  return null;
}

export interface SwapLine {
  filename: string;
  type: string;
  sizeKb: number;
}

export function parseProcSwaps(text: string): SwapLine[] {
  return lines(text)
    .filter((l) => !l.startsWith('Filename'))
    .flatMap((l) => {
      const [f, type, size] = l.split(/\s+/);
      if (!f || !type) return [];
      return [{ filename: unescapeOctal(f), type, sizeKb: Number(size) || 0 }];
    });
}

type Raw = Record<string, unknown>;
const s = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** lsblk -J with PATH,KNAME,TYPE,FSTYPE,UUID,PARTUUID,LABEL,PARTLABEL,MOUNTPOINT(S). */
export function parseInventory(text: string): InventoryEntry[] {
  const j = JSON.parse(text) as { blockdevices?: Raw[] };
  const out: InventoryEntry[] = [];
  const walk = (n: Raw, top: string) => {
    const kname = s(n.kname) ?? s(n.name) ?? '?';
    const mps = Array.isArray(n.mountpoints) ? n.mountpoints : [n.mountpoint];
    const path = s(n.path) ?? `/dev/${s(n.name) ?? kname}`;
    const seen = out.find((e) => e.path === path);
    // The same LV or md device shows under each of its disks: merge, keeping every disk.
    if (seen) {
      if (!seen.disks.includes(top)) seen.disks.push(top);
    } else
      out.push({
        path,
        kname,
        type: s(n.type) ?? 'disk',
        fsType: s(n.fstype),
        uuid: s(n.uuid),
        partuuid: s(n.partuuid),
        label: s(n.label),
        partlabel: s(n.partlabel),
        disks: [top],
        mountpoints: mps.map(s).filter((m): m is string => !!m),
      });
    for (const c of Array.isArray(n.children) ? (n.children as Raw[]) : []) walk(c, top);
  };
  for (const d of j.blockdevices ?? []) walk(d, s(d.kname) ?? s(d.name) ?? '?');
  return out;
}

/** `sfdisk -J DEV` partition starts, in 512-byte sectors. */
export function parseSfdiskJson(text: string): { device: string; parts: PartStart[] } {
  const j = JSON.parse(text) as {
    partitiontable?: {
      device?: string;
      sectorsize?: number;
      partitions?: { node?: string; start?: number }[];
    };
  };
  const t = j.partitiontable;
  if (!t || !Array.isArray(t.partitions)) throw new Error('not `sfdisk -J` output');
  const per512 = (t.sectorsize ?? 512) / 512;
  return {
    device: t.device ?? '?',
    parts: t.partitions.map((p, i) => ({
      name: p.node ?? `partition ${i + 1}`,
      startSectors: (p.start ?? 0) * per512,
    })),
  };
}

/** `blkid -o export`: blank-line separated blocks of KEY=value (DEVNAME, UUID, TYPE, ...). */
export function parseBlkidExport(text: string): Record<string, string>[] {
  return text
    .split(/\n\s*\n/)
    .map((block) =>
      Object.fromEntries(
        block
          .split('\n')
          .map((l) => /^([A-Z_]+)=(.*)$/.exec(l.trim()))
          .filter((m): m is RegExpExecArray => m !== null)
          .map((m) => [m[1]!, m[2]!]),
      ),
    )
    .filter((b) => b.DEVNAME);
}
