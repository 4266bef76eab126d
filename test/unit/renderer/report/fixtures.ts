// Before/after runs for the report tests: the Linux Journal X200s pair the seeds published
// (7200 rpm Fujitsu vs Intel 320), stored as a person's own before/after runs.
import { findReference } from '../../../../src/shared/reference';
import type { RunDocument } from '../../../../src/shared/schemas/run';

export function seedPair(): { before: RunDocument; after: RunDocument } {
  const b = findReference('ref-lj-x200s-fujitsu-mhz2160b');
  const a = findReference('ref-lj-x200s-intel-320');
  if (!b || !a) throw new Error('reference runs missing');
  const before: RunDocument = {
    ...structuredClone(b),
    id: 'hdd-before',
    label: 'before',
    createdAt: '2026-11-01T10:00:00.000Z',
    drive: { ...structuredClone(b.drive!), serial: 'K60PT8B2SECRET', path: '/dev/sda' },
  };
  const after: RunDocument = {
    ...structuredClone(a),
    id: 'ssd-after',
    label: 'after',
    baselineId: 'hdd-before',
    createdAt: '2026-11-02T10:00:00.000Z',
    drive: { ...structuredClone(a.drive!), serial: 'CVPR1234SSDSERIAL', path: '/dev/sda' },
    usage: {
      bootsPerDay: 2,
      loginsPerDay: 2,
      resumesPerDay: 0,
      tasksPerDay: { 'task.du': 3 },
      uses: [],
      workDaysPerYear: 230,
      oldDrive: { price: 40, capacityGB: 160 },
      newDrive: { price: 89, capacityGB: 160 },
      currency: '€',
    },
  };
  return { before, after };
}
