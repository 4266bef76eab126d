// Negotiated and maximum link of a disk, read from /sys: SATA via its ata_link, NVMe via the PCIe
// function of its controller, USB via the USB device's negotiated speed.
import type { LinkInfo } from '../../shared/schemas/drive';
import {
  parsePcieSpeed,
  parseSataSpeed,
  pcieCeilingMBps,
  pcieGeneration,
  sataCeilingMBps,
  usbCeilingMBps,
  usbLabel,
} from './link-speed';
import type { SysRoot } from './sysfs';

export function sataLink(sys: SysRoot, sysPath: string): LinkInfo | null {
  const port = /\/ata(\d+)\//.exec(sysPath)?.[1];
  if (!port) return null;
  // Port multipliers add ".N" links; the host link is what caps the throughput.
  const base = `/sys/class/ata_link/link${port}`;
  const current = sys.read(`${base}/sata_spd`);
  const hw = sys.read(`${base}/hw_sata_spd_limit`);
  const limit = sys.read(`${base}/sata_spd_limit`);
  const cur = parseSataSpeed(current);
  // sata_spd_limit can be lowered by libata.force; the hardware limit is what the port can do.
  const max = parseSataSpeed(hw) ?? parseSataSpeed(limit);
  if (!cur && !max) return null;
  return {
    bus: 'sata',
    current: cur
      ? `SATA ${['I', 'II', 'III'][cur.generation - 1]} ${cur.gbps.toFixed(1)} Gb/s`
      : null,
    max: max ? `SATA ${['I', 'II', 'III'][max.generation - 1]} ${max.gbps.toFixed(1)} Gb/s` : null,
    ceilingMBps: cur ? sataCeilingMBps(cur.gbps) : null,
    maxCeilingMBps: max ? sataCeilingMBps(max.gbps) : null,
  };
}

export function nvmeLink(sys: SysRoot, name: string): LinkInfo | null {
  // Namespace → controller → PCI function. With native multipath the namespace's `device` is the
  // subsystem instead, so fall back to the controller named like the namespace.
  const viaBlock = `/sys/block/${name}/device/device`;
  const ctrl = /^nvme(\d+)/.exec(name)?.[1];
  const dev =
    sys.read(`${viaBlock}/current_link_speed`) !== null
      ? viaBlock
      : ctrl !== undefined
        ? `/sys/class/nvme/nvme${ctrl}/device`
        : null;
  if (!dev) return null;
  const curGts = parsePcieSpeed(sys.read(`${dev}/current_link_speed`));
  const maxGts = parsePcieSpeed(sys.read(`${dev}/max_link_speed`));
  const curW = sys.readNumber(`${dev}/current_link_width`);
  const maxW = sys.readNumber(`${dev}/max_link_width`);
  if (curGts === null && maxGts === null) return null;
  const label = (gts: number, w: number | null) =>
    `PCIe Gen${pcieGeneration(gts)} x${w ?? '?'} (${gts} GT/s)`;
  return {
    bus: 'pcie',
    current: curGts !== null ? label(curGts, curW) : null,
    max: maxGts !== null ? label(maxGts, maxW) : null,
    ceilingMBps: curGts !== null ? pcieCeilingMBps(curGts, curW ?? 1) : null,
    maxCeilingMBps: maxGts !== null ? pcieCeilingMBps(maxGts, maxW ?? 1) : null,
  };
}

export function usbLink(sys: SysRoot, sysPath: string): LinkInfo | null {
  // Walk up from the block device to the USB device directory (the one with idVendor + speed).
  const parts = sysPath.split('/');
  for (let i = parts.length; i > 3; i--) {
    const dir = parts.slice(0, i).join('/');
    if (sys.read(`${dir}/idVendor`) === null) continue;
    const mbps = sys.readNumber(`${dir}/speed`);
    if (!mbps) return null;
    const ceiling = usbCeilingMBps(mbps);
    return {
      bus: 'usb',
      current: usbLabel(mbps),
      max: null,
      ceilingMBps: ceiling,
      maxCeilingMBps: null,
    };
  }
  return null;
}
