// systeminformation fills model/serial/firmware/SMART status on real hardware. On VMs its
// diskLayout() returns [] for model-less virtio disks, so it only ever adds to what /sys said.
import type { DriveInfo } from '../../shared/schemas/drive';

interface SiDisk {
  device?: string;
  name?: string;
  vendor?: string;
  serialNum?: string;
  firmwareRevision?: string;
  smartStatus?: string;
}

export function mergeSiDisks(drives: DriveInfo[], disks: SiDisk[]): DriveInfo[] {
  return drives.map((d) => {
    const s = disks.find((x) => x.device === d.path);
    if (!s) return d;
    const clean = (v?: string) => (v && v.trim() ? v.trim() : null);
    const status = clean(s.smartStatus)?.toLowerCase();
    return {
      ...d,
      model: d.model ?? clean(s.name),
      vendor: d.vendor ?? clean(s.vendor),
      serial: d.serial ?? clean(s.serialNum),
      firmware: d.firmware ?? clean(s.firmwareRevision),
      smartHealthy:
        d.smartHealthy ?? (status === 'ok' ? true : status === 'predicted failure' ? false : null),
    };
  });
}

export async function enrichWithSysteminformation(
  drives: DriveInfo[],
  timeoutMs = 4000,
): Promise<DriveInfo[]> {
  try {
    const si = await import('systeminformation');
    const disks = await Promise.race([
      si.diskLayout() as Promise<SiDisk[]>,
      new Promise<SiDisk[]>((resolve) => setTimeout(() => resolve([]), timeoutMs).unref()),
    ]);
    return mergeSiDisks(drives, disks);
  } catch {
    // Enrichment is optional: detection already has what lsblk and /sys know.
    return drives;
  }
}
