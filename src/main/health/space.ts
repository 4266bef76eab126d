// Free space: an SSD writes slower as it fills (fewer free blocks to write into without erasing).
import { check, ev, fmtBytes } from './check-util';
import type { HealthCheck, SpaceInput } from './types';

const T = 'Enough free space';
export const SPACE_WARN = 0.85;
export const SPACE_FAIL = 0.95;

/** df's Use%: used / (used + available to unprivileged users). */
export function usedShare(s: SpaceInput): number {
  const used = s.totalBytes - s.freeBytes;
  const denom = used + s.availBytes;
  return denom > 0 ? used / denom : 0;
}

export function checkSpace(s: SpaceInput | null, error: string | null): HealthCheck {
  if (!s)
    return check('space', 'space', T, 'unknown', error ?? 'cannot read the filesystem size', []);
  const share = usedShare(s);
  const pct = Math.ceil(share * 100);
  const evidence = [
    ev(
      `statfs(${s.mountpoint}) (df ${s.mountpoint})`,
      `${fmtBytes(s.totalBytes - s.freeBytes)} used of ${fmtBytes(s.totalBytes)}, ${fmtBytes(s.availBytes)} available: ${pct}% full`,
    ),
  ];
  const fix = {
    kind: 'command' as const,
    text: `sudo du -xh --max-depth=2 ${s.mountpoint} | sort -h | tail -20`,
    note: 'shows the biggest folders; `sudo apt clean` and `sudo journalctl --vacuum-size=200M` are quick wins',
  };
  if (share > SPACE_FAIL)
    return check(
      'space',
      'space',
      T,
      'fail',
      `${s.mountpoint} is ${pct}% full: writes will soon fail, and an SSD this full writes far slower.`,
      evidence,
      fix,
    );
  if (share > SPACE_WARN)
    return check(
      'space',
      'space',
      T,
      'warn',
      `${s.mountpoint} is ${pct}% full: above 85% an SSD's write speed drops as it runs out of free blocks.`,
      evidence,
      fix,
    );
  return check('space', 'space', T, 'ok', `${s.mountpoint} is ${pct}% full.`, evidence);
}
