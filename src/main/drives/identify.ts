// Pure parsers for what the root helper returns: `smartctl -a -j DEV` and `hdparm -I DEV`.
// They add what /sys cannot tell: rotation rate, the drive's own SATA generation, firmware, health.
import type { DriveInfo } from '../../shared/schemas/drive';
import { parseSataSpeed, sataCeilingMBps } from './link-speed';

export interface IdentifyInfo {
  source: 'smartctl' | 'hdparm';
  protocol: 'ata' | 'nvme' | 'scsi' | null;
  model: string | null;
  family: string | null;
  serial: string | null;
  firmware: string | null;
  capacityBytes: number | null;
  logicalSectorBytes: number | null;
  physicalSectorBytes: number | null;
  /** 0 = solid state; null = not reported. */
  rotationRpm: number | null;
  trim: boolean | null;
  /** 'SATA 3.0', 'SATA Rev 3.0'. */
  sataVersion: string | null;
  /** Fastest link the drive supports, e.g. '6.0 Gb/s'. */
  linkMax: string | null;
  /** Link the drive negotiated, when the tool reports it. */
  linkCurrent: string | null;
  smartPassed: boolean | null;
  /** The tool ran but could not identify the device (its own words). */
  error: string | null;
}

const empty = (source: IdentifyInfo['source']): IdentifyInfo => ({
  source,
  protocol: null,
  model: null,
  family: null,
  serial: null,
  firmware: null,
  capacityBytes: null,
  logicalSectorBytes: null,
  physicalSectorBytes: null,
  rotationRpm: null,
  trim: null,
  sataVersion: null,
  linkMax: null,
  linkCurrent: null,
  smartPassed: null,
  error: null,
});

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' ? (v as Json) : {});
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);
const num = (v: unknown): number | null => (typeof v === 'number' && isFinite(v) ? v : null);
const bool = (v: unknown): boolean | null => (typeof v === 'boolean' ? v : null);

export function parseSmartctlJson(text: string): IdentifyInfo {
  let j: Json;
  try {
    j = obj(JSON.parse(text));
  } catch {
    throw new Error('not smartctl JSON output (was it run with -j?)');
  }
  if (!('smartctl' in j) && !('json_format_version' in j))
    throw new Error('not smartctl JSON output: no "smartctl" section');
  const out = empty('smartctl');
  const protocol = str(obj(j.device).protocol)?.toLowerCase();
  out.protocol = protocol === 'ata' || protocol === 'nvme' || protocol === 'scsi' ? protocol : null;
  out.model = str(j.model_name) ?? str(j.scsi_model_name);
  out.family = str(j.model_family);
  out.serial = str(j.serial_number);
  out.firmware = str(j.firmware_version) ?? str(j.scsi_revision);
  out.capacityBytes = num(obj(j.user_capacity).bytes) ?? num(j.nvme_total_capacity);
  out.logicalSectorBytes = num(j.logical_block_size);
  out.physicalSectorBytes = num(j.physical_block_size);
  out.rotationRpm = num(j.rotation_rate);
  // NVMe has no rotation field; it is always solid state.
  if (out.rotationRpm === null && out.protocol === 'nvme') out.rotationRpm = 0;
  out.trim = bool(obj(j.trim).supported);
  out.sataVersion = str(obj(j.sata_version).string);
  const speed = obj(j.interface_speed);
  out.linkMax = str(obj(speed.max).string);
  out.linkCurrent = str(obj(speed.current).string);
  out.smartPassed = bool(obj(j.smart_status).passed);
  if (!out.model && !out.serial) {
    const msgs = Array.isArray(obj(j.smartctl).messages)
      ? (obj(j.smartctl).messages as unknown[])
      : [];
    out.error = msgs.map((m) => str(obj(m).string)).find(Boolean) ?? 'device not identified';
  }
  return out;
}

/** `hdparm -I` prints "Label:   value" lines; values are padded with spaces. */
function field(text: string, label: string): string | null {
  const re = new RegExp(`^\\s*${label}:\\s*(.*?)\\s*$`, 'mi');
  const m = re.exec(text);
  return m && m[1] ? m[1] : null;
}

export function parseHdparmIdentify(text: string): IdentifyInfo {
  if (!/Model Number:|ATA device|Commands\/features:/.test(text))
    throw new Error('not `hdparm -I` output (no "Model Number" line)');
  const out = empty('hdparm');
  out.protocol = 'ata';
  out.model = field(text, 'Model Number');
  out.serial = field(text, 'Serial Number');
  out.firmware = field(text, 'Firmware Revision');
  const logical = /Logical\s+Sector size:\s*(\d+)\s*bytes/i.exec(text);
  const physical = /Physical\s+Sector size:\s*(\d+)\s*bytes/i.exec(text);
  out.logicalSectorBytes = logical ? Number(logical[1]) : null;
  out.physicalSectorBytes = physical ? Number(physical[1]) : null;
  const lba48 = /LBA48\s+user addressable sectors:\s*(\d+)/i.exec(text);
  const lba = /LBA\s+user addressable sectors:\s*(\d+)/i.exec(text);
  const sectors = Number((lba48 ?? lba)?.[1] ?? NaN);
  if (sectors > 0) out.capacityBytes = sectors * (out.logicalSectorBytes ?? 512);
  const rot = field(text, 'Nominal Media Rotation Rate');
  if (rot) out.rotationRpm = /solid state/i.test(rot) ? 0 : Number(/\d+/.exec(rot)?.[0] ?? NaN);
  if (out.rotationRpm !== null && isNaN(out.rotationRpm)) out.rotationRpm = null;
  // Feature lines start with '*' when enabled/supported; TRIM is listed only when supported.
  out.trim = /^\s*\*\s+Data Set Management TRIM supported/im.test(text);
  const gens = [...text.matchAll(/^\s*\*\s+Gen(\d) signaling speed \(([\d.]+)Gb\/s\)/gim)];
  if (gens.length) {
    const best = gens.reduce((a, b) => (Number(b[1]) > Number(a[1]) ? b : a));
    out.linkMax = `${best[2]} Gb/s`;
  }
  const transport = field(text, 'Transport');
  const revs = [...(transport ?? '').matchAll(/SATA Rev ([\d.]+)/g)].map((m) => m[1]!);
  if (revs.length) out.sataVersion = `SATA ${revs[revs.length - 1]}`;
  return out;
}

/** Fills what /sys left open and corrects the kind when the drive itself says otherwise. */
export function mergeIdentify(drive: DriveInfo, id: IdentifyInfo): DriveInfo {
  if (id.error) return drive;
  const d: DriveInfo = { ...drive, kindEvidence: [...drive.kindEvidence] };
  d.model ??= id.model;
  d.serial ??= id.serial;
  d.firmware ??= id.firmware;
  if (id.smartPassed !== null) d.smartHealthy = id.smartPassed;
  if (id.rotationRpm !== null) {
    d.rpm = id.rotationRpm;
    if (id.rotationRpm === 0 && d.kind === 'hdd') {
      d.kind = 'sata-ssd';
      d.rotational = false;
      d.kindEvidence.push(`${id.source}: solid state device (overrides rotational=1)`);
    } else if (id.rotationRpm > 0 && d.kind === 'hdd') {
      d.kindEvidence.push(`${id.source}: ${id.rotationRpm} rpm`);
    }
  }
  if (d.trim === null && id.trim !== null) d.trim = id.trim;
  if (id.protocol === 'ata' && id.linkMax) {
    const dev = parseSataSpeed(id.linkMax);
    const cur = parseSataSpeed(id.linkCurrent);
    const link = d.link ?? {
      bus: 'sata',
      current: id.linkCurrent,
      max: null,
      ceilingMBps: cur ? sataCeilingMBps(cur.gbps) : null,
      maxCeilingMBps: null,
    };
    d.link = {
      ...link,
      deviceMax: id.linkMax,
      deviceMaxCeilingMBps: dev ? sataCeilingMBps(dev.gbps) : null,
    };
  }
  return d;
}
