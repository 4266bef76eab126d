// Alignment: each partition starts on a 1 MiB boundary, or at least on the physical sector and
// optimal I/O size. A clone from an old 63-sector layout makes every 4 KiB write straddle two pages.
import { check, cmd, ev, isSolidState } from './check-util';
import type { DiskFacts, HealthCheck } from './types';

const T = 'Partitions start on aligned boundaries';
const MiB = 1024 * 1024;

/** The smallest boundary a start must sit on to avoid read-modify-write on this drive. */
export function alignmentUnit(d: DiskFacts): number {
  const phys = d.physicalBytes ?? 512;
  const opt = d.optimalIoBytes ?? 0;
  // Flash pages are 4 KiB or larger even when the drive reports 512-byte sectors.
  const floor = isSolidState(d.kind, d.rotational) ? 4096 : 512;
  return Math.max(phys, opt > 0 && opt <= MiB ? opt : 0, floor);
}

export function checkAlignment(d: DiskFacts | null): HealthCheck {
  if (!d)
    return check('alignment', 'alignment', T, 'unknown', 'cannot tell which disk to check', []);
  const unit = alignmentUnit(d);
  const evidence = [
    ev(`/sys/block/${d.name}/queue/physical_block_size`, d.physicalBytes),
    ev(`/sys/block/${d.name}/queue/optimal_io_size`, d.optimalIoBytes),
  ];
  if (!d.parts.length)
    return check(
      'alignment',
      'alignment',
      T,
      'ok',
      `${d.path} has no partitions: the filesystem starts at byte 0, which is aligned.`,
      [...evidence, ev(d.partsSource, 'no partitions')],
    );
  const rows = d.parts.map((p) => {
    const bytes = p.startSectors * 512;
    return { p, bytes, mib: bytes % MiB === 0, unit: bytes % unit === 0 };
  });
  for (const r of rows)
    evidence.push(
      ev(
        `${d.partsSource.replace('*', r.p.name)}`,
        `${r.p.startSectors} sectors = ${r.bytes} bytes (${r.mib ? 'multiple of 1 MiB' : `${r.bytes % MiB} bytes past a 1 MiB boundary`})`,
      ),
    );
  const bad = rows.filter((r) => !r.unit);
  const soso = rows.filter((r) => r.unit && !r.mib);
  const fix = (names: string[]) =>
    cmd(
      `sudo gparted ${d.path}`,
      `Back up first. Then move ${names.join(', ')} with Resize/Move and "Align to: MiB" (it rewrites the data). \`sudo parted ${d.path} align-check optimal N\` confirms afterwards.`,
    );
  if (bad.length)
    return check(
      'alignment',
      'alignment',
      T,
      'fail',
      `${bad.map((r) => r.p.name).join(', ')} ${bad.length > 1 ? 'start' : 'starts'} off the drive's ${unit}-byte boundary (a clone of an old 63-sector layout does this): each write then touches two ${unit}-byte blocks, which costs speed and wear.`,
      evidence,
      fix(bad.map((r) => r.p.name)),
    );
  if (soso.length)
    return check(
      'alignment',
      'alignment',
      T,
      'warn',
      `${soso.map((r) => r.p.name).join(', ')} ${soso.length > 1 ? 'sit' : 'sits'} on ${unit}-byte boundaries but not on 1 MiB ones, which partitioning tools use to be safe with any erase block.`,
      evidence,
      fix(soso.map((r) => r.p.name)),
    );
  return check(
    'alignment',
    'alignment',
    T,
    'ok',
    `Every partition of ${d.path} starts on a 1 MiB boundary.`,
    evidence,
  );
}
