// Which kind of disk this is, and the evidence. Virtio and loop devices report rotational=1, so
// the flag alone would call them HDDs; transport and device path are checked first.
import type { DriveKind } from '../../shared/schemas/drive';

export interface KindInput {
  name: string;
  type: string;
  tran: string | null;
  subsystems: string | null;
  rota: boolean | null;
  removable: boolean;
  hotplug: boolean;
  model: string | null;
  vendor: string | null;
  /** Resolved sysfs path of the block device ('/sys/devices/pci.../virtio1/block/vda'). */
  sysPath: string | null;
}

const VIRTUAL_MODELS =
  /\b(QEMU|VBOX|VIRTUAL|VMware|Msft Virtual|Xen|Red Hat VirtIO|KVM|Google PersistentDisk|Amazon Elastic Block)\b/i;
const SSD_MODEL = /\b(SSD|Solid State|NVMe)\b/i;

export function classifyDrive(d: KindInput): { kind: DriveKind; evidence: string[] } {
  const ev: string[] = [];
  const subs = (d.subsystems ?? '').split(':');
  const path = d.sysPath ?? '';
  const rotaNote = d.rota === null ? [] : [`rotational=${d.rota ? 1 : 0} (ignored)`];
  if (d.type === 'loop' || /^loop\d+$/.test(d.name))
    return { kind: 'loop', evidence: ['loop device (a file posing as a disk)', ...rotaNote] };
  if (/^(zram|ram)\d+$/.test(d.name))
    return { kind: 'virtual', evidence: ['RAM-backed block device', ...rotaNote] };
  if (d.tran === 'nvme' || /^nvme\d+n\d+$/.test(d.name) || subs.includes('nvme')) {
    ev.push(d.tran === 'nvme' ? 'transport nvme' : 'NVMe namespace name');
    return { kind: 'nvme-ssd', evidence: ev };
  }
  if (d.tran === 'usb' || subs.includes('usb') || /\/usb\d+\//.test(path)) {
    ev.push(d.tran === 'usb' ? 'transport usb' : 'device sits on a USB bus');
    if (d.removable) ev.push('removable media');
    return { kind: 'usb', evidence: ev };
  }
  if (subs.includes('virtio') || /\/virtio\d+\//.test(path) || /^x?vd[a-z]+$/.test(d.name)) {
    ev.push(subs.includes('virtio') || path.includes('virtio') ? 'virtio bus' : 'Xen/virtio name');
    if (d.vendor === '0x1af4') ev.push('PCI vendor 0x1af4 (Red Hat virtio)');
    return { kind: 'virtual', evidence: [...ev, ...rotaNote] };
  }
  if (d.model && VIRTUAL_MODELS.test(d.model))
    return { kind: 'virtual', evidence: [`model "${d.model}" is a virtual disk`, ...rotaNote] };
  if (/^(mmcblk|sr|md|dm-|nbd|rbd)/.test(d.name))
    return { kind: 'other', evidence: [`${d.name.replace(/\d.*$/, '')} device`] };
  if (d.removable || d.hotplug) ev.push(d.removable ? 'removable media' : 'hot-pluggable');
  const sataish = d.tran === 'sata' || d.tran === 'ata' || /\/ata\d+\//.test(path);
  if (d.tran) ev.push(`transport ${d.tran}`);
  else if (sataish) ev.push('device sits on an ATA port');
  if (d.rota === false) {
    ev.push('rotational=0');
    return { kind: sataish || d.tran === 'sas' ? 'sata-ssd' : 'other', evidence: ev };
  }
  if (d.rota === true) {
    if (d.model && SSD_MODEL.test(d.model)) {
      ev.push(`rotational=1 but model "${d.model}" says solid state`);
      return { kind: 'sata-ssd', evidence: ev };
    }
    ev.push('rotational=1');
    return { kind: 'hdd', evidence: ev };
  }
  ev.push('no rotational flag');
  return { kind: 'other', evidence: ev };
}
