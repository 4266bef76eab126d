// Words for a drive's kind, for every screen, the PDF and the CLI (`drivewise drives`).
import type { DriveInfo } from '../schemas/drive';

export const KIND_LABEL: Record<DriveInfo['kind'], string> = {
  hdd: 'HDD',
  'sata-ssd': 'SATA SSD',
  'nvme-ssd': 'NVMe SSD',
  usb: 'USB / removable',
  virtual: 'Virtual disk',
  loop: 'Loop device',
  other: 'Other',
};
